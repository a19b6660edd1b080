-- The date of the source's URL (`…/eli/cz/sb/2006/262/2026-01-01`) in the file a version was
-- read from: the day of the text the source fetched as current. A version's text represents that
-- day, not its valid_from, when the date falls inside the version's span (text_as_of, computed
-- in core's textAsOf). The source's URL date is the same in every commit of a file so far, so
-- the document's current_version_from (that URL's date) fills the versions already stored.
ALTER TABLE "document_version" ADD COLUMN "source_date" DATE;
UPDATE "document_version" v SET source_date = d.current_version_from
FROM "document" d WHERE d.id = v.document_id AND d.current_version_from IS NOT NULL;
