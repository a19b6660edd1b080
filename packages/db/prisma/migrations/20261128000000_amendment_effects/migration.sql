-- #35: every text dated by what it is, and every amendment known with its effects.
--
-- text_as_of: the day a version's text represents, where it is not the version's own valid_from
-- (null: valid_from). The source's `[bootstrap]` commits hold the act as enacted and its `[reform]`
-- commits the text after the amendment of their date, so null is right for every version the
-- source gives; the column exists for texts shown to carry later changes. The earlier reading
-- (the source URL's date as the text's day) is dropped: reads no longer look at source_date.
ALTER TABLE "document_version" ADD COLUMN "text_as_of" DATE;
-- text_source: 'source' (the upstream's own text) or 'rebuilt' (#36: made by applying amending
-- acts' instructions to the previous version); rebuild: the provenance of a rebuilt version.
ALTER TABLE "document_version" ADD COLUMN "text_source" TEXT NOT NULL DEFAULT 'source';
ALTER TABLE "document_version" ADD COLUMN "rebuild" JSONB;

-- One row per instruction point of an amending act for one amended act (the point's effects),
-- written with the AMENDING act's document from its text (packages/db/src/amendments). Keys are
-- natural keys: either act may reach the collection first.
CREATE TABLE "amendment_effect" (
  "amending_key"   TEXT NOT NULL,
  "target_key"     TEXT NOT NULL,
  -- Order of the point among the amending act's points for this act.
  "ordinal"        INTEGER NOT NULL,
  -- The point's number as written ("75"), null for a lone unnumbered instruction.
  "point"          TEXT,
  "part"           TEXT,
  "article"        TEXT,
  "effective_from" DATE,
  -- How effective_from was found (stated, relative to publication, the act's own date), or why not.
  "date_basis"     TEXT,
  -- What the point does (replace_words, new_wording, insert, repeal, renumber, append, …) and the
  -- provision ids it targets (par_75, par_76/odst_1, fn_5, …); empty when the grammar could not read it.
  "kinds"          TEXT[] NOT NULL DEFAULT '{}',
  "targets"        TEXT[] NOT NULL DEFAULT '{}',
  "instruction"    TEXT NOT NULL,
  CONSTRAINT "amendment_effect_pkey" PRIMARY KEY ("amending_key", "target_key", "ordinal")
);
CREATE INDEX "amendment_effect_target_key_effective_from_idx" ON "amendment_effect" ("target_key", "effective_from");

-- Which amending documents' effects are written, by which reader version (a newer reader rewrites
-- them at the next sync, as provision trees and search aliases are).
CREATE TABLE "amendment_source" (
  "document_id" TEXT NOT NULL,
  "version"     INTEGER NOT NULL,
  "blocks"      INTEGER NOT NULL DEFAULT 0,
  "points"      INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT "amendment_source_pkey" PRIMARY KEY ("document_id"),
  CONSTRAINT "amendment_source_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "document"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- An amendment known from the amending act's own text (a block that amends the act).
ALTER TABLE "sync_amendment" ADD COLUMN "from_text" BOOLEAN NOT NULL DEFAULT false;

-- `document.amendment_known` changes: an amending act's text shows it amends this document (its
-- act, points and dates, and whether a source text already reflects it).
ALTER TABLE "change" ADD COLUMN "amendment" JSONB;

-- #36: what a document's rebuilt versions were made from (its newest source text, the effects
-- after it, the engine's version), so a sync rebuilds only documents whose inputs changed.
CREATE TABLE "rebuild_state" (
  "document_id" TEXT NOT NULL,
  "input_hash"  TEXT NOT NULL,
  "versions"    INTEGER NOT NULL DEFAULT 0,
  "applied"     INTEGER NOT NULL DEFAULT 0,
  "unapplied"   INTEGER NOT NULL DEFAULT 0,
  "built_at"    TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "rebuild_state_pkey" PRIMARY KEY ("document_id"),
  CONSTRAINT "rebuild_state_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "document"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
