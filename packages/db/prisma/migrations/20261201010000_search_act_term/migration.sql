-- #37 (h-speed7): how many of an act's provision units hold each lemma key, where at least
-- ACT_TERM_MIN_UNITS do (packages/db/src/search/provision-index.ts). The provision search's first
-- stage bounds each act's units holding two of a question's common words by it, and reads the
-- matches of those pairs only in the acts whose bound can bring them among the candidates, not
-- every match of the collection. Written with the act's row of "search_act" from the units as
-- stored; a database indexed before this migration gets them from the next sync or
-- `pnpm cli search-provisions` (ACT_INDEX_FORMAT 3).
CREATE TABLE "search_act_term" (
  "term"        TEXT NOT NULL,
  "document_id" TEXT NOT NULL REFERENCES "document"("id") ON DELETE CASCADE,
  "units"       INTEGER NOT NULL,
  -- The first stage reads a term's acts and counts from the index alone.
  PRIMARY KEY ("term", "document_id") INCLUDE ("units")
);
CREATE INDEX "search_act_term_document_idx" ON "search_act_term" ("document_id");
