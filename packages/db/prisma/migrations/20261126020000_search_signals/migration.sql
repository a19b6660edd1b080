-- Search signals (#25), precomputed where documents and relations are written, never per query.

-- Names and § headings that name an act: its own short name ("(insolvenční zákon)"), the names
-- other titles give it ("kterým se mění zákon č. 21/1992 Sb., o bankách"), its § headings
-- ("Krádež"). Written by the document writers (import, sync) in the transaction that writes the
-- document, from its title, citation and current text (packages/db search/search-signals.ts).
-- `document_id` is the document whose title or text said it (its rows are replaced when it is
-- rewritten, and go with it); `target_key` the act named, which may not be in the corpus yet;
-- `key` the name as czech-text.ts nameKey writes it (sorted stems), looked up by equality.
CREATE TABLE "search_alias" (
  "document_id" TEXT NOT NULL REFERENCES "document"("id") ON DELETE CASCADE,
  "target_key"  TEXT NOT NULL,
  "kind"        TEXT NOT NULL,
  "key"         TEXT NOT NULL
);
CREATE INDEX "search_alias_key_idx" ON "search_alias" ("key");
CREATE INDEX "search_alias_document_idx" ON "search_alias" ("document_id");

-- Which documents' aliases are written, by which version of the rules (SEARCH_ALIAS_VERSION): the
-- backfill (`pnpm cli search-signals`, and the end of every sync or import) writes those missing.
CREATE TABLE "search_alias_source" (
  "document_id" TEXT PRIMARY KEY REFERENCES "document"("id") ON DELETE CASCADE,
  "version"     INTEGER NOT NULL
);

-- In-degree: how many documents amend and cite an act (edges of document_relation, whose
-- `amends` edges also carry the front matter's `amendments`). Kept by the statement triggers
-- below, in the transaction that writes the edges.
CREATE TABLE "search_in_degree" (
  "target_key" TEXT PRIMARY KEY,
  "amended_by" INTEGER NOT NULL DEFAULT 0,
  "cited_by"   INTEGER NOT NULL DEFAULT 0
);

-- Writers run concurrently and one statement touches many targets: the counts are updated in
-- target order under the sync's cross-document advisory lock (apply-document.ts
-- CROSS_DOCUMENT_LOCK, which the sync already holds at this point), so two writers never take
-- these rows in opposite orders.
CREATE OR REPLACE FUNCTION search_in_degree_apply(delta_rows jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7268124);
  INSERT INTO "search_in_degree" AS g (target_key, amended_by, cited_by)
  SELECT d.target_key, sum(d.amended_by)::int, sum(d.cited_by)::int
  FROM jsonb_to_recordset(delta_rows) AS d(target_key text, amended_by int, cited_by int)
  GROUP BY d.target_key
  HAVING sum(d.amended_by) <> 0 OR sum(d.cited_by) <> 0
  ORDER BY d.target_key
  ON CONFLICT (target_key) DO UPDATE
    SET amended_by = g.amended_by + excluded.amended_by, cited_by = g.cited_by + excluded.cited_by;
END
$$;

CREATE OR REPLACE FUNCTION search_in_degree_edges() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('target_key', target_key, 'amended_by', (type = 'amends')::int, 'cited_by', (type = 'cites')::int))
      INTO deltas FROM new_edges WHERE type IN ('amends', 'cites');
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('target_key', target_key, 'amended_by', -(type = 'amends')::int, 'cited_by', -(type = 'cites')::int))
      INTO deltas FROM old_edges WHERE type IN ('amends', 'cites');
  ELSE
    SELECT jsonb_agg(e) INTO deltas FROM (
      SELECT jsonb_build_object('target_key', target_key, 'amended_by', (type = 'amends')::int, 'cited_by', (type = 'cites')::int) AS e
      FROM new_edges WHERE type IN ('amends', 'cites')
      UNION ALL
      SELECT jsonb_build_object('target_key', target_key, 'amended_by', -(type = 'amends')::int, 'cited_by', -(type = 'cites')::int)
      FROM old_edges WHERE type IN ('amends', 'cites')) x;
  END IF;
  IF deltas IS NOT NULL THEN
    PERFORM search_in_degree_apply(deltas);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER search_in_degree_insert AFTER INSERT ON "document_relation"
  REFERENCING NEW TABLE AS new_edges FOR EACH STATEMENT EXECUTE FUNCTION search_in_degree_edges();
CREATE TRIGGER search_in_degree_delete AFTER DELETE ON "document_relation"
  REFERENCING OLD TABLE AS old_edges FOR EACH STATEMENT EXECUTE FUNCTION search_in_degree_edges();
CREATE TRIGGER search_in_degree_update AFTER UPDATE ON "document_relation"
  REFERENCING OLD TABLE AS old_edges NEW TABLE AS new_edges FOR EACH STATEMENT EXECUTE FUNCTION search_in_degree_edges();

-- TRUNCATE fires no DELETE trigger: the counts go with the edges.
CREATE OR REPLACE FUNCTION search_in_degree_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "search_in_degree";
  RETURN NULL;
END
$$;
CREATE TRIGGER search_in_degree_truncate AFTER TRUNCATE ON "document_relation"
  FOR EACH STATEMENT EXECUTE FUNCTION search_in_degree_truncate();

-- The edges already stored.
INSERT INTO "search_in_degree" (target_key, amended_by, cited_by)
SELECT target_key, count(*) FILTER (WHERE type = 'amends'), count(*) FILTER (WHERE type = 'cites')
FROM "document_relation" WHERE type IN ('amends', 'cites') GROUP BY target_key;
