-- Template lists are plain queries: the per-table revision token that let function instances keep a
-- serialized copy of the list (migration 002) has no reader.
DROP TRIGGER IF EXISTS proposal_templates_revision ON proposal_templates;
DROP FUNCTION IF EXISTS bump_table_revision();
DROP TABLE IF EXISTS table_revisions;
