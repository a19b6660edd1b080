-- #37 (h-acts2): one row per act of the provision index, the act as a document of its own: the
-- lemma keys of its title, citation and short names (weight A) and of its own headings, the
-- distinct headings and ancestors' headings of its units outside the parts amending other acts
-- (weight B). The provision search's act stage ranks the acts of its ranked units by it. Written
-- with the act's units (packages/db/src/search/provision-index.ts); a database indexed before this
-- migration gets its rows from the next sync or `pnpm cli search-provisions`, which read the
-- headings back from "search_provision" (the lemma keys are computed in TypeScript).
CREATE TABLE "search_act" (
  "document_id" TEXT PRIMARY KEY REFERENCES "document"("id") ON DELETE CASCADE,
  -- ACT_INDEX_FORMAT the row was written by: a newer one rewrites it.
  "format"      INTEGER NOT NULL,
  "vector"      TSVECTOR NOT NULL
);
