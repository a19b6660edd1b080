-- #37 item 6 (h-prior): what the provision search's first stage orders the matching acts by
-- (candidatePrior: the act's status and type, and its in-degree), one narrow row per document keyed
-- by its id. Read for every act with a matching unit, up to hundreds per question: from `document`
-- (a wide heap) by id, then `search_in_degree` by natural key, those were two probes into pages
-- mostly outside shared buffers; this is one probe of a small index that holds the whole row.
-- The raw status and type, not their classes or the prior itself: the weights and the classes stay
-- in the ranking's code (provision-search.ts), and a change of them needs no migration.
CREATE TABLE "search_prior" (
  "document_id" TEXT NOT NULL,
  "status"      TEXT NOT NULL,
  "doc_type"    TEXT NOT NULL,
  -- search_in_degree's amended_by + cited_by at the document's natural key, 0 without a row.
  "degree"      INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT "search_prior_pkey" PRIMARY KEY ("document_id") INCLUDE ("status", "doc_type", "degree")
);

-- Exact at every commit, by triggers, whichever writer (import, sync, follower, a hand-made
-- UPDATE): each row is written only under the cross-document lock (CROSS_DOCUMENT_LOCK, which
-- search_in_degree_apply already takes), so
-- - the in-degree side (below) and the document side never take one row in opposite orders with
--   the lock between them (a writer writes its own document before it takes the lock);
-- - the document side recomputes its row from what is committed once it holds the lock: an edge
--   into the document written meanwhile by another writer, which could not see the uncommitted
--   document, is counted.
-- No foreign key: its cascade would delete the row at the DELETE, outside the lock.

-- The document side: the row of one document recomputed from `document` and `search_in_degree`, or
-- deleted with it. A deferred constraint trigger, so at the commit, under the lock.
CREATE OR REPLACE FUNCTION search_prior_refresh() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  doc text;
BEGIN
  PERFORM pg_advisory_xact_lock(7268124);
  FOR doc IN SELECT DISTINCT x FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.id END]) AS x WHERE x IS NOT NULL
  LOOP
    DELETE FROM "search_prior" p WHERE p.document_id = doc AND NOT EXISTS (SELECT 1 FROM "document" d WHERE d.id = doc);
    INSERT INTO "search_prior" AS p (document_id, status, doc_type, degree)
    SELECT d.id, d.status, d.doc_type, coalesce(g.amended_by + g.cited_by, 0)
    FROM "document" d LEFT JOIN "search_in_degree" g ON g.target_key = d.natural_key
    WHERE d.id = doc
    ON CONFLICT (document_id) DO UPDATE
      SET status = excluded.status, doc_type = excluded.doc_type, degree = excluded.degree
      WHERE (p.status, p.doc_type, p.degree) IS DISTINCT FROM (excluded.status, excluded.doc_type, excluded.degree);
  END LOOP;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER search_prior_document AFTER INSERT OR DELETE ON "document"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION search_prior_refresh();
CREATE CONSTRAINT TRIGGER search_prior_document_update AFTER UPDATE OF id, natural_key, status, doc_type ON "document"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.id, OLD.natural_key, OLD.status, OLD.doc_type) IS DISTINCT FROM (NEW.id, NEW.natural_key, NEW.status, NEW.doc_type))
  EXECUTE FUNCTION search_prior_refresh();

-- TRUNCATE fires no row trigger: the rows go with the documents.
CREATE OR REPLACE FUNCTION search_prior_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "search_prior";
  RETURN NULL;
END
$$;
CREATE TRIGGER search_prior_truncate AFTER TRUNCATE ON "document"
  FOR EACH STATEMENT EXECUTE FUNCTION search_prior_truncate();

-- The in-degree side: every row of search_in_degree written (its edge triggers, under the lock
-- already, and their TRUNCATE's DELETE) sets the degree of the document with that natural key,
-- if one is committed or written by this transaction (else that document's own trigger counts it).
CREATE OR REPLACE FUNCTION search_prior_degree() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7268124);
  IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.target_key <> NEW.target_key) THEN
    UPDATE "search_prior" p SET degree = 0
    FROM "document" d WHERE d.natural_key = OLD.target_key AND p.document_id = d.id AND p.degree <> 0;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE "search_prior" p SET degree = NEW.amended_by + NEW.cited_by
    FROM "document" d WHERE d.natural_key = NEW.target_key AND p.document_id = d.id AND p.degree <> NEW.amended_by + NEW.cited_by;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER search_prior_degree AFTER INSERT OR UPDATE OR DELETE ON "search_in_degree"
  FOR EACH ROW EXECUTE FUNCTION search_prior_degree();

-- The documents already stored.
SELECT pg_advisory_xact_lock(7268124);
INSERT INTO "search_prior" (document_id, status, doc_type, degree)
SELECT d.id, d.status, d.doc_type, coalesce(g.amended_by + g.cited_by, 0)
FROM "document" d LEFT JOIN "search_in_degree" g ON g.target_key = d.natural_key;
ANALYZE "search_prior";
