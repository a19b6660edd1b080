-- Search latency (profiled with EXPLAIN ANALYZE on the shared corpus, see docs/search.md).
--
-- 1. Where a snippet is cut. The match is looked for in the 20,000 folded characters after the
--    heading (title length + 100), else anywhere in the first 20,000. Done on search_body that
--    was strpos(substr(search_body, h, 20000), ...): substr of UTF-8 text reads 4 bytes per
--    character from TOAST and then walks the characters one by one, ~0.4 ms per hit, half of a
--    fulltext search. These two columns ARE those regions, cut once when the row is written, so
--    a search runs strpos on them directly (a few kB compressed each).
--    Generated columns, not the trigger: they follow search_body (filled by the BEFORE trigger,
--    which runs first) and leave document_search_refresh to the migrations that own it.
--    Keep in step with SNIPPET_SCAN / HEADING in apps/api/src/legal/search/search.ts.
ALTER TABLE "document"
  ADD COLUMN "search_scan" TEXT GENERATED ALWAYS AS (substr("search_body", length("title") + 100, 20000)) STORED,
  ADD COLUMN "search_lead" TEXT GENERATED ALWAYS AS (left("search_body", 20000)) STORED;

-- 2. No pending list on the search indexes. With fastupdate (the default) new entries wait in an
--    unsorted list that every search scans linearly until a VACUUM merges it: after an import that
--    made a trigram search ~30x slower (10 ms instead of 0.3 ms on the corpus). Inserting directly
--    costs the writer a little; searches stay flat.
ALTER INDEX "document_search_vector_idx" SET (fastupdate = off);
ALTER INDEX "document_search_title_trgm_idx" SET (fastupdate = off);
SELECT gin_clean_pending_list('document_search_vector_idx'::regclass);
SELECT gin_clean_pending_list('document_search_title_trgm_idx'::regclass);
