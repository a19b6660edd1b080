-- A search page decompresses, for each hit, the regions it looks for the query in (search_scan,
-- search_lead) and the text around the match; a document read decompresses the whole text. lz4
-- decompresses several times faster than pglz, PostgreSQL's default, for values about a tenth
-- larger (docs/DECISIONS.md, "Document texts compressed with lz4"). A server built without lz4
-- (the embedded one) keeps pglz: the names it accepts are the setting's allowed values.
DO $$
BEGIN
  IF 'lz4' = ANY ((SELECT enumvals FROM pg_settings WHERE name = 'default_toast_compression')::text[]) THEN
    -- A stored value keeps the method it was written with: write each again, unchanged (`|| ''`
    -- makes a new value), under lz4 as this transaction's default. The search trigger would derive
    -- the same columns from the same text, so it is held off meanwhile. Disabling it blocks writes
    -- to the table, not reads: documents stay readable while the texts are rewritten.
    PERFORM set_config('default_toast_compression', 'lz4', true);
    ALTER TABLE "document" DISABLE TRIGGER document_search_refresh;
    UPDATE "document" SET "text" = "text" || '', "search_scan" = "search_scan" || '', "search_lead" = "search_lead" || '';
    ALTER TABLE "document" ENABLE TRIGGER document_search_refresh;
    -- Then the columns' own method, for every later write; this lock (reads too) is held only from
    -- here to the commit.
    ALTER TABLE "document"
      ALTER COLUMN "text" SET COMPRESSION lz4,
      ALTER COLUMN "search_scan" SET COMPRESSION lz4,
      ALTER COLUMN "search_lead" SET COMPRESSION lz4;
  END IF;
END
$$;
