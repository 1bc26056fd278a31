-- Gmail/Outlook signature exports: PNGs of composed signature cards, named by the SHA-256
-- of their bytes so each URL is stable and its response immutable. Mail clients fetch them without a token.
CREATE TABLE signature_images (
  sha256     text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  png        bytea NOT NULL,
  created_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
