-- Legal search: Czech-aware full text (unaccent + light suffix-stripping stemmer) and trigram
-- fuzzy matching on titles. PostgreSQL ships no Czech stemmer, so the stemmer is the SQL
-- function below; apps/api/src/legal/search/czech.ts mirrors it for query terms (a unit test
-- checks both agree). Extensions live in public; tests on PostgreSQL run in their own schema
-- with search_path `<schema>,public`, hence the schema-qualified calls.
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- Folds case and diacritics. unaccent first: lower() of non-ASCII letters depends on the
-- database locale (C leaves "Č" alone), unaccent maps it to ASCII "C" everywhere.
CREATE OR REPLACE FUNCTION search_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(public.unaccent('public.unaccent'::regdictionary, coalesce(t, '')))
$$;

-- Light Czech stemmer (after Dolamic & Savoy's "light" stemmer) on folded text: strips ONE case
-- or adjective ending, the longest one that leaves a stem of at least 3 letters. The
-- non-greedy stem makes the longest listed suffix win. Keep the list in sync with czech.ts.
CREATE OR REPLACE FUNCTION search_stem(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(t,
    '\m([a-z]{3,}?)(atech|etem|atum|ech|ich|eho|emi|emu|ete|eti|iho|imi|imu|ach|ata|aty|ych|ama|ami|ove|ovi|ymi|em|es|im|um|at|am|os|us|ym|mi|ou|a|e|i|o|u|y)\M',
    '\1', 'g')
$$;

ALTER TABLE "document"
  ADD COLUMN "search_title" TEXT,
  ADD COLUMN "search_body" TEXT,
  ADD COLUMN "search_head" tsvector,
  ADD COLUMN "search_vector" tsvector;

-- search_title: folded title + number (trigram matching); search_body: folded text (where the
-- snippet is cut: strpos on it is cheap, regexes over megabytes of accented text are not);
-- search_head: stemmed title, citation
-- and number with positions (cheap to rank); search_vector: head (weight A) plus the stemmed
-- body without positions (weight D) -- stripped so the largest codes stay under tsvector's 1 MB.
CREATE OR REPLACE FUNCTION document_search_refresh() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  head text := search_stem(search_fold(concat_ws(' ', NEW.title, NEW.citation, NEW.doc_number)));
BEGIN
  NEW.search_title := search_fold(concat_ws(' ', NEW.title, NEW.doc_number));
  NEW.search_body := search_fold(NEW.text);
  NEW.search_head := setweight(to_tsvector('simple', head), 'A');
  NEW.search_vector := NEW.search_head
    || setweight(strip(to_tsvector('simple', search_stem(NEW.search_body))), 'D');
  RETURN NEW;
END
$$;

-- A trigger, not the importer: every writer of documents (importer, tests, manual fixes) keeps
-- the search columns right without knowing about them.
CREATE TRIGGER document_search_refresh
  BEFORE INSERT OR UPDATE OF title, citation, doc_number, text ON "document"
  FOR EACH ROW EXECUTE FUNCTION document_search_refresh();

UPDATE "document" SET title = title;

-- Uncompressed out-of-line storage: strpos over a large code reads it without decompressing.
ALTER TABLE "document" ALTER COLUMN "search_body" SET STORAGE EXTERNAL;

CREATE INDEX "document_search_vector_idx" ON "document" USING GIN ("search_vector");
CREATE INDEX "document_search_title_trgm_idx" ON "document" USING GIN ("search_title" public.gin_trgm_ops);
-- The changes feed walks (txid, seq) (already indexed); `since` timestamps use change(at).
