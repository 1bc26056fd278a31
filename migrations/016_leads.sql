-- Leads: every contact message (not spam, not held) is a lead with a status, an owner, a follow-up day, private
-- notes, a thread of replies, where it came from and when it must be answered. The lead's columns live on
-- contact_messages (one row per lead, so the list, the top bar's count and the inbox read one table).

ALTER TABLE contact_messages
  ADD COLUMN status        text NOT NULL DEFAULT 'new'
    CHECK (status IN ('new', 'contacted', 'proposal-sent', 'won', 'lost')),
  ADD COLUMN owner_id      uuid REFERENCES staff_users (id) ON DELETE SET NULL,
  ADD COLUMN follow_up_on  date,
  ADD COLUMN lost_reason   text CHECK (lost_reason IS NULL OR length(lost_reason) <= 1000),
  -- When the first reply was written, and its distance from arrival in business minutes (fixed then, so the
  -- reports need no calendar).
  ADD COLUMN first_reply_at timestamptz,
  ADD COLUMN first_reply_business_minutes integer CHECK (first_reply_business_minutes >= 0),
  -- One business hour after arrival (after release, for a held or flagged message): later, unanswered, it is
  -- overdue. Fixed when the clock starts; the application computes it from the company's business hours.
  ADD COLUMN reply_due_at  timestamptz,
  -- The overdue notice was queued (once per lead).
  ADD COLUMN overdue_noticed_at timestamptz,
  -- Where the lead came from: the form's page (a path), the referrer, the visit's landing page (with only its
  -- utm_* query), the utm_* values, and the source the reports group by (utm_source, else the referrer's host,
  -- else "direct").
  ADD COLUMN source_page   text CHECK (length(source_page) <= 500),
  ADD COLUMN referrer      text CHECK (length(referrer) <= 1000),
  ADD COLUMN landing_page  text CHECK (length(landing_page) <= 1000),
  ADD COLUMN utm_source    text CHECK (length(utm_source) <= 200),
  ADD COLUMN utm_medium    text CHECK (length(utm_medium) <= 200),
  ADD COLUMN utm_campaign  text CHECK (length(utm_campaign) <= 200),
  ADD COLUMN utm_term      text CHECK (length(utm_term) <= 200),
  ADD COLUMN utm_content   text CHECK (length(utm_content) <= 200),
  ADD COLUMN source        text NOT NULL DEFAULT 'direct' CHECK (length(source) <= 200),
  ADD CHECK ((status = 'lost') = (lost_reason IS NOT NULL));

-- Messages stored before leads: the ones marked handled were answered somehow; the clock of the others starts
-- at arrival, an hour of wall time standing in for the business hour, and they count as noticed already (the
-- first run of the job must not e-mail a notice for every old message).
UPDATE contact_messages SET status = 'contacted' WHERE handled;
UPDATE contact_messages SET reply_due_at = created_at + interval '1 hour', overdue_noticed_at = now();

-- "handled" stays for the inbox's API and means "contacted or later". A trigger keeps the two in step whichever
-- one a statement writes: a new status sets handled; handled alone moves a new lead to contacted and back.
CREATE FUNCTION contact_messages_handled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'new' THEN NEW.handled := true;
    ELSIF NEW.handled THEN NEW.status := 'contacted';
    END IF;
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    NEW.handled := NEW.status <> 'new';
  ELSIF NEW.handled IS DISTINCT FROM OLD.handled THEN
    NEW.status := CASE WHEN NEW.handled THEN 'contacted' ELSE 'new' END;
    IF NOT NEW.handled THEN NEW.lost_reason := NULL; END IF;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER contact_messages_handled BEFORE INSERT OR UPDATE ON contact_messages
  FOR EACH ROW EXECUTE FUNCTION contact_messages_handled();

-- The Leads screen: overdue first, then newest, by status and owner; the reports by arrival.
CREATE INDEX contact_messages_leads_idx ON contact_messages (status, created_at DESC, id DESC)
  WHERE spam_reason IS NULL;
CREATE INDEX contact_messages_owner_idx ON contact_messages (owner_id) WHERE owner_id IS NOT NULL;
CREATE INDEX contact_messages_overdue_idx ON contact_messages (reply_due_at)
  WHERE status = 'new' AND overdue_noticed_at IS NULL;

-- A lead's private notes: staff only, never sent.
CREATE TABLE lead_notes (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id    uuid NOT NULL REFERENCES contact_messages (id) ON DELETE CASCADE,
  author_id  uuid REFERENCES staff_users (id) ON DELETE SET NULL,
  author     text NOT NULL,
  body       text NOT NULL CHECK (length(body) BETWEEN 1 AND 10000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lead_notes_lead_idx ON lead_notes (lead_id, created_at);

-- The thread: each reply as written, who wrote it and where the sender's answer goes (their confirmed address
-- then). The e-mail itself is an outbox row ('lead-reply') naming the reply.
CREATE TABLE lead_replies (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id    uuid NOT NULL REFERENCES contact_messages (id) ON DELETE CASCADE,
  author_id  uuid REFERENCES staff_users (id) ON DELETE SET NULL,
  author     text NOT NULL,
  reply_to   text NOT NULL,
  body       text NOT NULL CHECK (length(body) BETWEEN 1 AND 10000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lead_replies_lead_idx ON lead_replies (lead_id, created_at);

-- A bid sent from a lead names it.
ALTER TABLE bids ADD COLUMN lead_id uuid REFERENCES contact_messages (id) ON DELETE SET NULL;
CREATE INDEX bids_lead_idx ON bids (lead_id) WHERE lead_id IS NOT NULL;

-- Three more e-mails about a lead: the acknowledgement to its sender (at most one per address and company day),
-- a reply from the portal, and the overdue notice to staff.
ALTER TABLE notification_outbox DROP CONSTRAINT notification_outbox_kind_check;
ALTER TABLE notification_outbox DROP CONSTRAINT notification_outbox_check;
ALTER TABLE notification_outbox
  ADD CONSTRAINT notification_outbox_kind_check CHECK (kind IN ('message', 'digest', 'security', 'address-confirm',
    'bid-link', 'bid-code', 'bid-reminder', 'bid-expiry', 'bid-update', 'bid-sealed',
    'lead-ack', 'lead-reply', 'lead-overdue')),
  ADD CONSTRAINT notification_outbox_contact_check
    CHECK ((kind IN ('message', 'lead-ack', 'lead-reply', 'lead-overdue')) = (contact_id IS NOT NULL)),
  ADD COLUMN lead_reply_id uuid REFERENCES lead_replies (id) ON DELETE CASCADE,
  ADD CHECK ((kind = 'lead-reply') = (lead_reply_id IS NOT NULL)),
  -- The company day an acknowledgement was queued on: one per address and day.
  ADD COLUMN ack_day date,
  ADD CHECK ((kind = 'lead-ack') = (ack_day IS NOT NULL));
CREATE UNIQUE INDEX notification_outbox_ack_once_idx ON notification_outbox (lower(recipient), ack_day)
  WHERE kind = 'lead-ack';
