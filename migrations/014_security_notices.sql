-- Security e-mails, the self-lifting failure stop and confirmed notification addresses.

-- When an account stopped taking passwords after repeated failures: the stop lifts itself a day later.
-- Accounts stopped before this migration count as stopped now.
ALTER TABLE staff_users ADD COLUMN password_stopped_at timestamptz;
UPDATE staff_users SET password_stopped_at = now() WHERE failed_logins >= 100;

-- A notification address waits here until the link mailed to it is opened; `email` holds only a confirmed one.
-- The link's secret is stored as its SHA-256.
ALTER TABLE staff_users
  ADD COLUMN pending_email text CHECK (pending_email IS NULL OR (length(pending_email) <= 254 AND pending_email ~ '^[^@\s]+@[^@\s]+$')),
  ADD COLUMN pending_email_token_hash text UNIQUE,
  ADD COLUMN pending_email_expires_at timestamptz,
  ADD CHECK ((pending_email IS NULL) = (pending_email_token_hash IS NULL));

-- A password sign-in's second step remembers whether the first came from a known device (for the new-device e-mail).
ALTER TABLE auth_challenges ADD COLUMN known_device boolean NOT NULL DEFAULT true;

-- Two more kinds of e-mail: a security notice to one person, and the link that confirms a notification address.
-- Both carry what they say in `notice` (which text) and `facts` (the details it names).
ALTER TABLE notification_outbox DROP CONSTRAINT notification_outbox_kind_check;
ALTER TABLE notification_outbox
  ADD CONSTRAINT notification_outbox_kind_check CHECK (kind IN ('message', 'digest', 'security', 'address-confirm')),
  ADD COLUMN notice text,
  ADD COLUMN facts jsonb,
  ADD CHECK ((kind IN ('security', 'address-confirm')) = (notice IS NOT NULL));

-- Client addresses are stored only when they are IP addresses (at most 45 characters as text); text a client
-- wrote into a header before that rule is dropped.
-- Refused sign-ins are counted one row per name, address and hour: such rows cannot all become "no address"
-- without colliding, so those are dropped (they carry a count of refusals, nothing else).
DELETE FROM audit_log WHERE action = 'login.throttled' AND length(ip) > 45;
UPDATE audit_log SET ip = NULL WHERE length(ip) > 45;
UPDATE staff_sessions SET ip = NULL WHERE length(ip) > 45;
UPDATE staff_users SET last_login_ip = NULL WHERE length(last_login_ip) > 45;
UPDATE contact_messages SET client_ip = NULL WHERE length(client_ip) > 45;
