-- Staff accounts the company runs itself: roles, invitations, sessions as rows, a second factor, passkeys.

-- An invited account has no password until its invitation is used; a reset takes the old one away.
ALTER TABLE staff_users
  ALTER COLUMN password_hash DROP NOT NULL,
  ADD COLUMN role text NOT NULL DEFAULT 'staff' CHECK (role IN ('admin', 'staff')),
  ADD COLUMN display_name text NOT NULL DEFAULT '' CHECK (length(display_name) <= 100),
  -- Wrong passwords since the last successful sign-in; at 100 the account stops accepting passwords.
  ADD COLUMN failed_logins integer NOT NULL DEFAULT 0,
  ADD COLUMN last_login_at timestamptz,
  ADD COLUMN last_login_ip text;

-- Existing deployments: the oldest account (the first one created) runs the others.
UPDATE staff_users SET role = 'admin'
WHERE id = (SELECT id FROM staff_users ORDER BY created_at, id LIMIT 1);

-- One row per signed-in device. A token names its row; ending the row ends the token at once.
CREATE TABLE staff_sessions (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id      uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  remember     boolean NOT NULL,
  method       text NOT NULL CHECK (method IN ('password', 'passkey', 'invitation')),
  ip           text,
  user_agent   text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  ended_at     timestamptz,
  -- "Require a second factor" is on and this password sign-in had none: only setting one up is allowed.
  must_enrol   boolean NOT NULL DEFAULT false
);
CREATE INDEX staff_sessions_user_idx ON staff_sessions (user_id) WHERE ended_at IS NULL;

-- One-time links: only the SHA-256 of the link's secret is kept.
CREATE TABLE staff_invitations (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX staff_invitations_user_idx ON staff_invitations (user_id);

-- TOTP second factor: the shared secret (needed to check codes) and ten recovery codes, stored hashed.
CREATE TABLE staff_totp (
  user_id     uuid PRIMARY KEY REFERENCES staff_users (id) ON DELETE CASCADE,
  secret      text NOT NULL,
  confirmed   boolean NOT NULL DEFAULT false,
  -- The last time step a code was accepted for: a code works once.
  last_step   bigint NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE staff_recovery_codes (
  user_id   uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at   timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- WebAuthn credentials (passkeys).
CREATE TABLE staff_passkeys (
  id           text PRIMARY KEY,
  user_id      uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  public_key   text NOT NULL,
  counter      bigint NOT NULL DEFAULT 0,
  transports   text,
  name         text NOT NULL DEFAULT 'Passkey',
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX staff_passkeys_user_idx ON staff_passkeys (user_id);

-- Short-lived WebAuthn challenges and half-finished sign-ins (password accepted, second factor pending).
CREATE TABLE auth_challenges (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind       text NOT NULL CHECK (kind IN ('passkey-register', 'passkey-login', 'second-factor')),
  user_id    uuid REFERENCES staff_users (id) ON DELETE CASCADE,
  challenge  text NOT NULL,
  remember   boolean NOT NULL DEFAULT false,
  -- Wrong codes entered against a pending second step; at 5 the step is void and sign-in starts over.
  attempts   integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL
);

-- Company-wide settings the admins change (one row).
CREATE TABLE portal_settings (
  id                    boolean PRIMARY KEY DEFAULT true CHECK (id),
  require_second_factor boolean NOT NULL DEFAULT false
);
INSERT INTO portal_settings DEFAULT VALUES;

-- Refused sign-in attempts are counted per name, address and hour, not written one row each.
-- detail: what changed, in words (a new role, a passkey's name), never a secret.
ALTER TABLE audit_log ADD COLUMN count integer NOT NULL DEFAULT 1, ADD COLUMN detail text;
CREATE UNIQUE INDEX audit_log_refused_idx
  ON audit_log (coalesce(username, ''), coalesce(ip, ''), date_trunc('hour', created_at AT TIME ZONE 'UTC'))
  WHERE action = 'login.throttled';
CREATE INDEX audit_log_user_idx ON audit_log (user_id, created_at DESC);
