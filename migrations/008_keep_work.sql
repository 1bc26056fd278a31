-- Nothing staff make is lost or silently overwritten.
-- Proposal templates carry a version (the ETag every read answers with), who saved them last, and a trash mark:
-- a deleted template stays restorable for 30 days before the daily job purges it.
ALTER TABLE proposal_templates
  ADD COLUMN version    integer NOT NULL DEFAULT 1,
  ADD COLUMN updated_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
  ADD COLUMN deleted_at timestamptz,
  ADD COLUMN deleted_by uuid REFERENCES staff_users (id) ON DELETE SET NULL;
CREATE INDEX proposal_templates_trash_idx ON proposal_templates (deleted_at) WHERE deleted_at IS NOT NULL;
CREATE INDEX proposal_templates_creator_idx ON proposal_templates (created_by);

-- Earlier versions of each template, written by the save that replaced them: who saved that version and when.
-- The newest 50 versions of a template (the current one included) are kept; older ones are pruned on save.
CREATE TABLE proposal_template_versions (
  template_id      uuid NOT NULL REFERENCES proposal_templates (id) ON DELETE CASCADE,
  version          integer NOT NULL,
  title            text NOT NULL,
  description      text,
  template_content text NOT NULL,
  category         text NOT NULL,
  saved_by         uuid REFERENCES staff_users (id) ON DELETE SET NULL,
  saved_at         timestamptz NOT NULL,
  PRIMARY KEY (template_id, version)
);

-- Stored images: when each was last exported (mail already sent points at it, so it is kept two years after),
-- and per-account sums for the stored-images quota.
ALTER TABLE signature_images ADD COLUMN last_exported_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX signature_images_creator_idx ON signature_images (created_by);

-- Contact messages are never dropped: likely spam is kept with the reason it was flagged (the inbox's Spam
-- view, "Not spam" clears it), and past the daily ceiling messages are kept but held for review.
ALTER TABLE contact_messages
  ADD COLUMN spam_reason text CHECK (spam_reason IN ('honeypot', 'too-fast', 'links')),
  ADD COLUMN held boolean NOT NULL DEFAULT false;
CREATE INDEX contact_messages_spam_idx ON contact_messages (created_at DESC, id DESC) WHERE spam_reason IS NOT NULL;

