-- Signature templates name their logo by path (/api/signature-images/<sha256>.<ext>) in logo_url and in
-- html_content instead of carrying the image inline twice: the inline images saved before are moved into
-- signature_images. Running it again converts whatever is inline then (the migration test does).

-- Every inline image the templates carry: the whole logo_url, and each data URL inside html_content. Base64 that
-- cannot be decoded is left where it is (no image could be shown from it either).
CREATE TEMP TABLE inline_images ON COMMIT DROP AS
WITH found AS (
  SELECT owner_id, logo_url AS source, lower(substring(logo_url FROM '^data:image/(\w+);')) AS declared,
    rtrim(regexp_replace(substring(logo_url FROM ',(.*)$'), '\s', '', 'g'), '=') AS payload
  FROM signature_templates WHERE logo_url ~* '^data:image/(png|jpeg|webp|gif);base64,'
  UNION ALL
  SELECT owner_id, m[1], lower(m[2]), rtrim(m[3], '=')
  FROM signature_templates,
    regexp_matches(html_content, '(data:image/(png|jpeg|webp|gif);base64,([A-Za-z0-9+/]+={0,2}))', 'gi') AS m
), decoded AS (
  SELECT owner_id, source, declared,
    decode(payload || repeat('=', (4 - length(payload) % 4) % 4), 'base64') AS bytes
  FROM found WHERE payload ~ '^[A-Za-z0-9+/]+$' AND length(payload) % 4 <> 1
)
SELECT owner_id, source, bytes, encode(sha256(bytes), 'hex') AS sha256,
  -- The type the bytes start like, as the API checks it; else the type the data URL declared.
  CASE
    WHEN substring(bytes FROM 1 FOR 8) = '\x89504e470d0a1a0a'::bytea THEN 'image/png'
    WHEN substring(bytes FROM 1 FOR 3) = '\xffd8ff'::bytea THEN 'image/jpeg'
    WHEN substring(bytes FROM 1 FOR 4) = 'GIF8'::bytea THEN 'image/gif'
    WHEN substring(bytes FROM 1 FOR 4) = 'RIFF'::bytea AND substring(bytes FROM 9 FOR 4) = 'WEBP'::bytea THEN 'image/webp'
    ELSE 'image/' || declared
  END AS content_type
FROM decoded;

-- Each image once, charged to the first owner who has it (an image stored already stays as it is).
INSERT INTO signature_images (sha256, bytes, content_type, created_by, last_exported_at)
SELECT DISTINCT ON (sha256) sha256, bytes, content_type, owner_id, NULL
FROM inline_images ORDER BY sha256, owner_id
ON CONFLICT (sha256) DO NOTHING;

-- The templates name each image by its path; the longest data URL first, so none is replaced inside another.
DO $$
DECLARE
  image record;
BEGIN
  FOR image IN
    SELECT source, path FROM (
      SELECT DISTINCT i.source, '/api/signature-images/' || s.sha256 || '.' ||
        CASE s.content_type WHEN 'image/jpeg' THEN 'jpg' ELSE substring(s.content_type FROM 7) END AS path
      FROM inline_images i JOIN signature_images s ON s.sha256 = i.sha256
    ) images ORDER BY length(source) DESC
  LOOP
    UPDATE signature_templates SET logo_url = image.path WHERE logo_url = image.source;
    UPDATE signature_templates SET html_content = replace(html_content, image.source, image.path)
    WHERE strpos(html_content, image.source) > 0;
  END LOOP;
END $$;
