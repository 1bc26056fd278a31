-- "Needs you now" on the dashboard: when each person last opened each bid (its updates before then are seen), and
-- the indexes that keep the list's one statement short however many leads and bids there are.

CREATE TABLE attention_seen (
  staff_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  bid_id   uuid NOT NULL REFERENCES bids (id) ON DELETE CASCADE,
  seen_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (staff_id, bid_id)
);
CREATE INDEX attention_seen_bid_idx ON attention_seen (bid_id);

-- Open bids by their last day: the ones about to expire.
CREATE INDEX bid_versions_open_expiry_idx ON bid_versions (expires_on)
  WHERE accepted_at IS NULL AND declined_at IS NULL AND withdrawn_at IS NULL AND replaced_at IS NULL;
-- Held messages wait for an administrator.
CREATE INDEX contact_messages_held_idx ON contact_messages (created_at DESC) WHERE held AND spam_reason IS NULL;
-- E-mails that failed for good.
CREATE INDEX notification_outbox_failed_idx ON notification_outbox (created_at) WHERE status = 'failed';
