-- Bids signed online: a bid (the editor's draft identity), its sent versions, each version's signers and the
-- timeline of events that the certificate page prints.

CREATE TABLE bids (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One send: what it froze (document, message, expiry, the unsigned PDF and its SHA-256) never changes; what
-- happened to it since (withdrawn, replaced, declined, accepted, sealed) is recorded in the other columns.
CREATE TABLE bid_versions (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bid_id          uuid NOT NULL REFERENCES bids (id) ON DELETE CASCADE,
  version         integer NOT NULL CHECK (version > 0),
  document        jsonb NOT NULL,
  -- Copied out of the document so lists and /verify need not read it.
  project_name    text NOT NULL,
  amount          text NOT NULL,
  message         text NOT NULL CHECK (length(message) <= 2000),
  expires_on      date NOT NULL,
  -- The sender's name is kept as text too: the record must name them even if their account goes.
  sent_by         uuid REFERENCES staff_users (id) ON DELETE SET NULL,
  sent_by_name    text NOT NULL,
  sent_at         timestamptz NOT NULL DEFAULT now(),
  pdf             bytea NOT NULL,
  sha256          text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  withdrawn_at    timestamptz,
  replaced_at     timestamptz,
  declined_at     timestamptz,
  accepted_at     timestamptz,
  sealed_pdf      bytea,
  sealed_sha256   text UNIQUE CHECK (sealed_sha256 ~ '^[0-9a-f]{64}$'),
  sealed_at       timestamptz,
  -- A failed seal is retried by the every-minute job from this time on.
  seal_attempt_at timestamptz,
  seal_error      text,
  UNIQUE (bid_id, version),
  CHECK ((sealed_pdf IS NULL) = (sealed_sha256 IS NULL) AND (sealed_pdf IS NULL) = (sealed_at IS NULL)),
  CHECK (sealed_at IS NULL OR accepted_at IS NOT NULL)
);
CREATE INDEX bid_versions_sent_at_idx ON bid_versions (bid_id, version DESC);
CREATE INDEX bid_versions_sender_idx ON bid_versions (sent_by);
CREATE INDEX bid_versions_unsealed_idx ON bid_versions (seal_attempt_at) WHERE accepted_at IS NOT NULL AND sealed_at IS NULL;

CREATE TABLE bid_signers (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  version_id         uuid NOT NULL REFERENCES bid_versions (id) ON DELETE CASCADE,
  position           integer NOT NULL,
  name               text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  email              text NOT NULL CHECK (length(email) <= 254),
  viewed_at          timestamptz,
  consented_at       timestamptz,
  consent_hash       text,
  code_hash          text,
  code_expires_at    timestamptz,
  code_tries         integer NOT NULL DEFAULT 0,
  -- Wrong codes across every code this signer asked for: past a bound no new code is sent.
  code_failures      integer NOT NULL DEFAULT 0,
  signed_at          timestamptz,
  signed_name        text CHECK (length(signed_name) <= 200),
  drawing            text,
  sign_consent_hash  text,
  sign_ip            text,
  sign_user_agent    text,
  declined_at        timestamptz,
  decline_reason     text CHECK (length(decline_reason) <= 1000),
  -- Follow-ups, each sent once: when it was queued.
  reminded_3_at      timestamptz,
  reminded_7_at      timestamptz,
  expiry_noticed_at  timestamptz,
  renewal_asked_at   timestamptz,
  UNIQUE (version_id, position),
  CHECK ((signed_at IS NULL) = (signed_name IS NULL))
);

-- A signer's links: the first e-mail's and one more per reminder or expiry notice, each working until the
-- version closes. The secret itself is only in the e-mail; this is its SHA-256 (hex).
CREATE TABLE bid_links (
  secret_hash text PRIMARY KEY CHECK (secret_hash ~ '^[0-9a-f]{64}$'),
  signer_id   uuid NOT NULL REFERENCES bid_signers (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bid_links_signer_idx ON bid_links (signer_id);

CREATE TABLE bid_events (
  id         bigserial PRIMARY KEY,
  version_id uuid NOT NULL REFERENCES bid_versions (id) ON DELETE CASCADE,
  signer_id  uuid REFERENCES bid_signers (id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('sent', 'viewed', 'consented', 'code-sent', 'code-failed',
    'signed', 'declined', 'sealed', 'seal-failed', 'emailed', 'reminded', 'expiry-notice', 'renewal-asked',
    'withdrawn', 'replaced')),
  at         timestamptz NOT NULL DEFAULT clock_timestamp(),
  ip         text CHECK (length(ip) <= 45),
  user_agent text CHECK (length(user_agent) <= 512),
  detail     text CHECK (length(detail) <= 2000)
);
CREATE INDEX bid_events_version_idx ON bid_events (version_id, at, id);
-- The top bar's count of updates: views, signatures and declines since a person last opened the pipeline.
CREATE INDEX bid_events_updates_idx ON bid_events (at) WHERE kind IN ('viewed', 'signed', 'declined');

-- When each person last opened the Proposals screen (their count of bid updates starts from there).
ALTER TABLE staff_users ADD COLUMN bids_seen_at timestamptz;

-- The bid e-mails: a signer's link, code, reminder and expiry notice, updates to the sender and the sealed PDF.
-- `facts` carries what the text needs that the rows do not (the link's secret, the code: wiped once sent).
ALTER TABLE notification_outbox DROP CONSTRAINT notification_outbox_kind_check;
ALTER TABLE notification_outbox
  ADD CONSTRAINT notification_outbox_kind_check CHECK (kind IN ('message', 'digest', 'security', 'address-confirm',
    'bid-link', 'bid-code', 'bid-reminder', 'bid-expiry', 'bid-update', 'bid-sealed')),
  ADD COLUMN bid_version_id uuid REFERENCES bid_versions (id) ON DELETE CASCADE,
  ADD COLUMN bid_signer_id uuid REFERENCES bid_signers (id) ON DELETE CASCADE,
  ADD CHECK ((kind LIKE 'bid-%') = (bid_version_id IS NOT NULL));
CREATE INDEX notification_outbox_bid_idx ON notification_outbox (bid_version_id);

-- How long a signed record is kept unchangeable: the company's records rule for contracts.
CREATE FUNCTION bid_kept_until(signed timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE AS $$ SELECT signed + interval '7 years' $$;

-- A version some signer signed less than 7 years ago.
CREATE FUNCTION bid_version_signed(version uuid) RETURNS boolean
  LANGUAGE sql STABLE AS $$
    SELECT EXISTS (SELECT 1 FROM bid_signers s WHERE s.version_id = version AND bid_kept_until(s.signed_at) > now())
  $$;

-- What a send froze never changes; an accepted version's decision and seal are set once and then kept, and a
-- version with a signature stays for 7 years (staff may still withdraw or replace one only partly signed).
CREATE FUNCTION bid_versions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF bid_version_signed(OLD.id) THEN
      RAISE EXCEPTION 'a signed bid version is kept for 7 years after signing' USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF (NEW.bid_id, NEW.version, NEW.document, NEW.project_name, NEW.amount, NEW.message, NEW.expires_on, NEW.sent_at, NEW.pdf, NEW.sha256)
     IS DISTINCT FROM (OLD.bid_id, OLD.version, OLD.document, OLD.project_name, OLD.amount, OLD.message, OLD.expires_on, OLD.sent_at, OLD.pdf, OLD.sha256) THEN
    RAISE EXCEPTION 'a sent bid version never changes' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.accepted_at IS NOT NULL AND bid_kept_until(OLD.accepted_at) > now() AND (
       (NEW.accepted_at, NEW.declined_at, NEW.withdrawn_at, NEW.replaced_at, NEW.sent_by_name)
         IS DISTINCT FROM (OLD.accepted_at, OLD.declined_at, OLD.withdrawn_at, OLD.replaced_at, OLD.sent_by_name)
       OR (OLD.sealed_at IS NOT NULL AND (NEW.sealed_pdf, NEW.sealed_sha256, NEW.sealed_at)
             IS DISTINCT FROM (OLD.sealed_pdf, OLD.sealed_sha256, OLD.sealed_at))) THEN
    RAISE EXCEPTION 'a signed bid version is kept for 7 years after signing' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER bid_versions_guard BEFORE UPDATE OR DELETE ON bid_versions
  FOR EACH ROW EXECUTE FUNCTION bid_versions_guard();

-- A signature's facts never change once recorded, and the row stays for 7 years.
CREATE FUNCTION bid_signers_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.signed_at IS NULL OR bid_kept_until(OLD.signed_at) <= now() THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' OR (NEW.version_id, NEW.position, NEW.name, NEW.email, NEW.viewed_at,
       NEW.consented_at, NEW.consent_hash, NEW.signed_at, NEW.signed_name, NEW.drawing, NEW.sign_consent_hash,
       NEW.sign_ip, NEW.sign_user_agent, NEW.declined_at, NEW.decline_reason)
     IS DISTINCT FROM (OLD.version_id, OLD.position, OLD.name, OLD.email, OLD.viewed_at,
       OLD.consented_at, OLD.consent_hash, OLD.signed_at, OLD.signed_name, OLD.drawing, OLD.sign_consent_hash,
       OLD.sign_ip, OLD.sign_user_agent, OLD.declined_at, OLD.decline_reason) THEN
    RAISE EXCEPTION 'a signature is kept unchanged for 7 years after signing' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER bid_signers_guard BEFORE UPDATE OR DELETE ON bid_signers
  FOR EACH ROW EXECUTE FUNCTION bid_signers_guard();

-- The timeline is a log: never edited, and a signed version's log stays as long as its signature.
CREATE FUNCTION bid_events_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'the bid timeline is never edited' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF bid_version_signed(OLD.version_id) THEN
    RAISE EXCEPTION 'a signed bid version is kept for 7 years after signing' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER bid_events_guard BEFORE UPDATE OR DELETE ON bid_events
  FOR EACH ROW EXECUTE FUNCTION bid_events_guard();

-- TRUNCATE skips row triggers: refuse it while any signature is within its keeping time.
CREATE FUNCTION bid_truncate_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM bid_signers s WHERE bid_kept_until(s.signed_at) > now()) THEN
    RAISE EXCEPTION 'signed bid versions are kept for 7 years after signing' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER bids_truncate_guard BEFORE TRUNCATE ON bids EXECUTE FUNCTION bid_truncate_guard();
CREATE TRIGGER bid_versions_truncate_guard BEFORE TRUNCATE ON bid_versions EXECUTE FUNCTION bid_truncate_guard();
CREATE TRIGGER bid_signers_truncate_guard BEFORE TRUNCATE ON bid_signers EXECUTE FUNCTION bid_truncate_guard();
CREATE TRIGGER bid_events_truncate_guard BEFORE TRUNCATE ON bid_events EXECUTE FUNCTION bid_truncate_guard();
