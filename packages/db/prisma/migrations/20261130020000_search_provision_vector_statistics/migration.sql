-- #37: the provision search reads each term's share from this column's statistics (ANALYZE's most
-- common elements). ANALYZE samples 300 × the statistics target rows: at the default the sample is
-- a small random part of the index, so each ANALYZE gave other shares and other rankings of the
-- same data. At this target the sample is the whole index of the collection: the same data gives
-- the same statistics and rankings, on the embedded server and on a plain PostgreSQL alike.
ALTER TABLE "search_provision" ALTER COLUMN "vector" SET STATISTICS 10000;
