-- One acknowledgement per mailbox and company day: the mailbox is the address folded (case, a +tag, and the dots
-- of providers that ignore them), so "Victim+1@Example.com" and "victim+2@example.com" share one.
ALTER TABLE notification_outbox ADD COLUMN ack_mailbox text;
UPDATE notification_outbox SET ack_mailbox = lower(recipient) WHERE kind = 'lead-ack';
ALTER TABLE notification_outbox ADD CHECK ((kind = 'lead-ack') = (ack_mailbox IS NOT NULL));
DROP INDEX notification_outbox_ack_once_idx;
CREATE UNIQUE INDEX notification_outbox_ack_once_idx ON notification_outbox (ack_mailbox, ack_day)
  WHERE kind = 'lead-ack';
