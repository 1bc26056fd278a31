-- A staff member marks as spam a message the form's rules let through (the inbox's "Spam"): its reason is
-- "marked", and "Not spam" clears it as it clears the others.
ALTER TABLE contact_messages DROP CONSTRAINT contact_messages_spam_reason_check;
ALTER TABLE contact_messages ADD CONSTRAINT contact_messages_spam_reason_check
  CHECK (spam_reason IN ('honeypot', 'too-fast', 'links', 'marked'));
