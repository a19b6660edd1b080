-- #37: provisions as the unit of retrieval. One row per provision unit (a § or čl. and each of its
-- odstavce, a příloha) of the text a document read serves today (the source's current text, or the
-- newest rebuilt version in force when it was written), written by the import, the sync and the
-- rebuild inside the document's transaction (packages/db/src/search/provision-index.ts) and by
-- `pnpm cli search-provisions` for an existing database.
CREATE TABLE "search_provision" (
  "document_id"  TEXT NOT NULL REFERENCES "document"("id") ON DELETE CASCADE,
  "provision_id" TEXT NOT NULL,
  -- Order in the document's tree, so a document's units read back in text order.
  "ord"          INTEGER NOT NULL,
  -- The § / čl. / příloha holding the unit (itself for one): a search answers one unit per section.
  "section_id"   TEXT NOT NULL,
  "kind"         TEXT NOT NULL,
  "label"        TEXT NOT NULL,
  -- The unit's heading, or its section's for an odstavec.
  "heading"      TEXT,
  -- Ancestors' headings (část, hlava, díl, oddíl), outermost first, ' › ' between them.
  "context"      TEXT NOT NULL DEFAULT '',
  -- Ancestors' ids (containers: `cast_1`, `cast_1/hlava_2`), for the text status of a hit (#35).
  "containers"   TEXT[] NOT NULL DEFAULT '{}',
  "repealed"     BOOLEAN NOT NULL DEFAULT FALSE,
  "text"         TEXT NOT NULL,
  -- Lemma keys (@dp/czech-law indexTerms): A heading and context, B the act's title and short
  -- names, D the text; built in TypeScript, stored with the 'simple' configuration.
  "vector"       TSVECTOR NOT NULL,
  PRIMARY KEY ("document_id", "provision_id")
);
CREATE INDEX "search_provision_vector_idx" ON "search_provision" USING GIN ("vector");

-- What each document's rows were built from: the version, and the language (LANGUAGE_VERSION) and
-- index format, so a change of either rebuilds them and the backfill resumes where it stopped.
CREATE TABLE "search_provision_state" (
  "document_id"      TEXT PRIMARY KEY REFERENCES "document"("id") ON DELETE CASCADE,
  "version"          INTEGER,
  "language_version" INTEGER NOT NULL,
  "index_format"     INTEGER NOT NULL,
  "units"            INTEGER NOT NULL DEFAULT 0,
  "built_at"         TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
