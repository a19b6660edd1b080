-- search_body held each document's whole folded text, stored uncompressed (STORAGE EXTERNAL):
-- on the whole corpus the largest column of the database. Nothing reads it at query time: searches
-- use search_vector, and snippets the two 20,000-character regions (search_scan, search_lead) that
-- were generated from it. The trigger now folds the text into a local value, fills the regions and
-- the vector from it, and the column goes.

-- The regions become plain columns (a generated column cannot follow a value that is not stored),
-- keeping their current values; updating them does not fire the search trigger (it watches title,
-- citation, doc_number and text).
ALTER TABLE "document" ADD COLUMN "search_scan_kept" TEXT, ADD COLUMN "search_lead_kept" TEXT;
UPDATE "document" SET "search_scan_kept" = "search_scan", "search_lead_kept" = "search_lead";
ALTER TABLE "document" DROP COLUMN "search_scan", DROP COLUMN "search_lead";
ALTER TABLE "document" RENAME COLUMN "search_scan_kept" TO "search_scan";
ALTER TABLE "document" RENAME COLUMN "search_lead_kept" TO "search_lead";

-- Keep in step with SNIPPET_SCAN / HEADING in apps/api/src/legal/search/search.ts.
CREATE OR REPLACE FUNCTION document_search_refresh() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  head text := search_stem(search_fold(concat_ws(' ', NEW.title, NEW.citation, NEW.doc_number)));
  body text := search_fold(NEW.text);
BEGIN
  NEW.search_title := search_fold(concat_ws(' ', NEW.title, NEW.doc_number));
  NEW.search_head := setweight(to_tsvector('simple', head), 'A');
  NEW.search_scan := substr(body, length(NEW.title) + 100, 20000);
  NEW.search_lead := left(body, 20000);
  NEW.search_vector := NEW.search_head || setweight(strip(to_tsvector('simple', (
    SELECT coalesce(string_agg(search_stem_token(token), ' '), '')
    FROM unnest(tsvector_to_array(to_tsvector('simple', body))) AS token
  ))), 'D');
  RETURN NEW;
END
$$;

ALTER TABLE "document" DROP COLUMN "search_body";
