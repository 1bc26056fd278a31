-- E-mail notifications of new contact messages. Each staff member has an address and chooses an e-mail per
-- message, a daily digest, or nothing.
ALTER TABLE staff_users
  ADD COLUMN email  text CHECK (email IS NULL OR (length(email) <= 254 AND email ~ '^[^@\s]+@[^@\s]+$')),
  ADD COLUMN notify text NOT NULL DEFAULT 'none' CHECK (notify IN ('each', 'digest', 'none'));

-- The outbox: one row per e-mail to send, written in the same transaction as what it announces, so a message
-- that is stored is never left without its notification, and one that is rolled back never gets one.
CREATE TABLE notification_outbox (
  id              bigserial PRIMARY KEY,
  kind            text NOT NULL CHECK (kind IN ('message', 'digest')),
  contact_id      uuid REFERENCES contact_messages (id) ON DELETE CASCADE,
  recipient_id    uuid REFERENCES staff_users (id) ON DELETE CASCADE,
  recipient       text NOT NULL,
  -- The company day a digest covers (the 24 hours before 7:00 that day); null for a message's e-mail.
  digest_day      date,
  -- The e-mail's Message-ID, fixed when the row is written: a retry after an uncertain send carries the same
  -- one, so a provider that removes duplicates delivers it once.
  message_id      text NOT NULL UNIQUE,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A worker that claims the row holds it until then; another may take it only after.
  leased_until    timestamptz,
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz,
  CHECK ((kind = 'message') = (contact_id IS NOT NULL)),
  UNIQUE (recipient_id, digest_day)
);
CREATE INDEX notification_outbox_due_idx ON notification_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX notification_outbox_contact_idx ON notification_outbox (contact_id);
