-- Search that stays fast at 100,000 documents (docs/search.md, "Scale"). At that size a common
-- query matches tens of thousands of documents; these let both rankings reach the few that matter
-- through an index instead of visiting every match.

-- 1. The title vector gets its own index: the lexical ranking finds title matches (its best
--    candidates) without reading the body-only matches, and the trigram signal finds the titles
--    it compares through it. No pending list (see 20261122080000).
CREATE INDEX "document_search_head_idx" ON "document" USING GIN ("search_head") WITH (fastupdate = off);

-- 2. The dictionary of title terms: every lexeme of any document's search_head. The trigram
--    signal looks up the terms within a few edits of each query word here (a trigram index over a
--    few thousand short words), then matches titles by those terms through the index above.
--    No unique key: two imports adding the same new term at once may both insert it, which a
--    lookup's DISTINCT absorbs; a unique key would make them wait on each other (or deadlock).
--    Terms are never removed: a stale one matches no title.
CREATE TABLE "search_title_term" ("term" TEXT NOT NULL);
INSERT INTO "search_title_term" ("term")
  SELECT DISTINCT t FROM "document", unnest(tsvector_to_array("search_head")) AS t WHERE "search_head" IS NOT NULL;
CREATE INDEX "search_title_term_term_idx" ON "search_title_term" ("term");
CREATE INDEX "search_title_term_trgm_idx" ON "search_title_term" USING GIN ("term" public.gin_trgm_ops) WITH (fastupdate = off);

-- A trigger, like document_search_refresh: every writer of documents keeps the dictionary whole.
-- AFTER, so it sees the search_head the BEFORE trigger computed.
CREATE FUNCTION search_title_terms_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_title_term" ("term")
    SELECT t FROM unnest(tsvector_to_array(NEW.search_head)) AS t
    WHERE NOT EXISTS (SELECT 1 FROM "search_title_term" s WHERE s.term = t);
  RETURN NULL;
END
$$;

CREATE TRIGGER document_search_title_terms
  AFTER INSERT OR UPDATE OF title, citation, doc_number ON "document"
  FOR EACH ROW EXECUTE FUNCTION search_title_terms_add();

-- 3. Titles are no longer compared with `<%` through a trigram index of their own: the
--    candidates come from the title vector (above), which costs far less at scale.
DROP INDEX "document_search_title_trgm_idx";
