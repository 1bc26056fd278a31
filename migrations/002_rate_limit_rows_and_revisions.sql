-- Throttles as one row per key, and a revision per cached table (the revisions go again in 006).

-- One row per (bucket, key) instead of one row per event: admitting a hit is a single upsert
-- that locks the key's row, so concurrent requests for one key queue there and each sees the
-- hits committed before it. With an event log, parallel requests all counted the same past and
-- all got in. The events are throttling state only, so nothing of value is dropped.
DROP TABLE rate_limit_events;

CREATE TABLE rate_limits (
  bucket text NOT NULL,
  key    text NOT NULL,
  -- The sliding window's log: recent hits, oldest first, never more than the limit's maximum.
  hits   timestamptz[] NOT NULL,
  PRIMARY KEY (bucket, key)
);

-- A changing token per table, replaced by every statement that writes it, so a function
-- instance can keep a serialized read and check with one cheap query whether it is current.
-- A random token rather than a counter: a restored or recreated database cannot repeat it.
CREATE TABLE table_revisions (
  table_name text PRIMARY KEY,
  revision   uuid NOT NULL DEFAULT gen_random_uuid()
);
INSERT INTO table_revisions (table_name) VALUES ('proposal_templates');

CREATE FUNCTION bump_table_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_revisions SET revision = gen_random_uuid() WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END
$$;

CREATE TRIGGER proposal_templates_revision
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON proposal_templates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_revision();
