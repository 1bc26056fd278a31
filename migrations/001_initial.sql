-- Initial schema: staff, proposal and signature templates, contact messages, throttling, audit log.
-- gen_random_uuid() is built in since PostgreSQL 13.

CREATE TABLE staff_users (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username      text NOT NULL UNIQUE CHECK (username = lower(username) AND length(username) BETWEEN 1 AND 64),
  password_hash text NOT NULL,
  -- Bumped by logout, password reset and disable: tokens carry the version they were issued with.
  token_version integer NOT NULL DEFAULT 0,
  disabled_at   timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE proposal_templates (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title            text NOT NULL,
  description      text,
  template_content text NOT NULL,
  category         text NOT NULL CHECK (category IN ('residential', 'multifamily', 'commercial')),
  created_by       uuid REFERENCES staff_users (id) ON DELETE SET NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX proposal_templates_created_at_idx ON proposal_templates (created_at DESC);

CREATE TABLE signature_templates (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id        uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  is_company      boolean NOT NULL DEFAULT false,
  name            text NOT NULL,
  description     text,
  -- Kept as the JSON strings the client sent (validated before insert), returned verbatim.
  form_data       text NOT NULL,
  elements        text NOT NULL,
  global_settings text NOT NULL,
  html_content    text,
  logo_url        text,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX signature_templates_owner_idx ON signature_templates (owner_id, created_at DESC);
CREATE INDEX signature_templates_company_idx ON signature_templates (created_at DESC) WHERE is_company;

CREATE TABLE contact_messages (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  first_name   text NOT NULL,
  last_name    text NOT NULL DEFAULT '',
  email        text NOT NULL,
  phone        text,
  project_type text NOT NULL,
  message      text NOT NULL,
  client_ip    text,
  handled      boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_messages_created_at_idx ON contact_messages (created_at DESC);

-- Throttling events (login failures, contact messages) so limits hold across function instances.
CREATE TABLE rate_limit_events (
  id         bigserial PRIMARY KEY,
  bucket     text NOT NULL,
  key        text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_limit_events_lookup_idx ON rate_limit_events (bucket, key, created_at);

-- "All access is monitored and logged" (login page): this table makes it true.
CREATE TABLE audit_log (
  id         bigserial PRIMARY KEY,
  action     text NOT NULL,
  user_id    uuid REFERENCES staff_users (id) ON DELETE SET NULL,
  username   text,
  target_id  uuid,
  ip         text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_at_idx ON audit_log (created_at DESC);
