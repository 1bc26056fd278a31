-- Stored images hold the logos of signature templates too (PNG, JPEG, WebP or GIF), each once under the SHA-256
-- of its bytes. An image never exported has no last_exported_at: a logo is kept while a template names it.
ALTER TABLE signature_images RENAME COLUMN png TO bytes;
ALTER TABLE signature_images
  ADD COLUMN content_type text NOT NULL DEFAULT 'image/png'
    CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
  ALTER COLUMN last_exported_at DROP NOT NULL,
  ALTER COLUMN last_exported_at DROP DEFAULT;
