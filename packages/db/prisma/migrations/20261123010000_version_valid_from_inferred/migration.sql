-- Where the source's valid_from of a version was not a calendar date, the importer stands another
-- date in for it (corpus/tidy-dates.ts) and records which one here; NULL = as the source states it.
ALTER TABLE "document_version" ADD COLUMN "valid_from_inferred_from" TEXT;
