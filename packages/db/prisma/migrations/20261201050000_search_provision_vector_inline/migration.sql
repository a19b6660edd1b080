-- #37 item 6 (h-speed8): a unit's vector kept in its row up to about a page (storage MAIN), not
-- out of line past ~2 kB. The provision search ranks each of its candidates' vectors, so a vector
-- stored out of line was fetched from the TOAST table (an index lookup and a heap read per 2 kB
-- chunk) for every candidate, and again for the units ranked term by term: the largest share of
-- the ranking's CPU on the whole collection (docs/BENCHMARKS.md, "h-speed8"). tsvectors barely
-- compress, so those vectors were stored uncompressed anyway; the text column, read only for a
-- page's hits, goes out of line first. A vector larger than a page still goes out of line.
--
-- A stored value keeps where it was written, so the table is rewritten (the same lexemes and
-- positions: `|| ''` makes a new value) under the new storage: a type change rewrites the rows in
-- their physical order, which the first stage's ties follow (the matches in heap order, then by
-- their row's position), so every ranking stays as it was. The type change resets the storage to
-- the type's: SET STORAGE in the same statement applies before the rewrite. It also drops the
-- column's statistics, which the ranking reads its terms' shares from: they are taken again (the
-- whole table at its statistics target: the same shares).
SET LOCAL synchronize_seqscans = off;
ALTER TABLE "search_provision"
  ALTER COLUMN "vector" TYPE TSVECTOR USING "vector" || ''::tsvector,
  ALTER COLUMN "vector" SET STORAGE MAIN;
ANALYZE "search_provision";
