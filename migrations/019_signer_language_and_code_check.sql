-- The signer's language (their e-mails, page, disclosure and certificate), and the code confirmed on the code
-- screen before the signature screen opens (the signature then carries it without spending another try).
ALTER TABLE bid_signers ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es'));
ALTER TABLE bid_signers ADD COLUMN code_confirmed_at timestamptz;
