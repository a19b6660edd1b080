-- #37 latency: what the provision search's first stage reads, narrow. The first stage takes every
-- unit matching the query's terms (up to tens of thousands), groups them by act and orders the acts
-- by their prior; through the wide search_provision that read each match's heap row (its text and
-- positional vector), and each matching act's row of "document". Now:
-- - search_provision_match: a unit's ids and its lemma keys without positions (strip), with the
--   GIN index the matches are found by; its rows are a third of the wide rows' size;
-- - search_provision_act: the columns of "document" the act's prior reads (candidatePrior), one
--   narrow row per document, the in-degree still read live from search_in_degree.
-- Both written with search_provision by packages/db/src/search/provision-index.ts, in the same
-- transaction. The ranking reads the candidates' positional vectors from search_provision by key.
CREATE TABLE "search_provision_match" (
  "document_id"  TEXT NOT NULL REFERENCES "document"("id") ON DELETE CASCADE,
  "provision_id" TEXT NOT NULL,
  -- search_provision.vector stripped of positions and weights: what matching needs.
  "terms"        TSVECTOR NOT NULL,
  PRIMARY KEY ("document_id", "provision_id")
);

CREATE TABLE "search_provision_act" (
  "document_id" TEXT PRIMARY KEY REFERENCES "document"("id") ON DELETE CASCADE,
  "natural_key" TEXT NOT NULL,
  "status"      TEXT NOT NULL,
  "doc_type"    TEXT NOT NULL
);

-- An existing index is carried over as it stands (in table order, so the matches come in the
-- order they did); the GIN index is built after the rows, as a bulk build.
INSERT INTO "search_provision_match" (document_id, provision_id, terms)
SELECT document_id, provision_id, strip(vector) FROM "search_provision";
INSERT INTO "search_provision_act" (document_id, natural_key, status, doc_type)
SELECT d.id, d.natural_key, d.status, d.doc_type FROM "document" d
WHERE EXISTS (SELECT 1 FROM "search_provision_state" s WHERE s.document_id = d.id);
CREATE INDEX "search_provision_match_terms_idx" ON "search_provision_match" USING GIN ("terms");

-- The ranking no longer matches on the wide table.
DROP INDEX "search_provision_vector_idx";
