-- #37 (h-acts2): whether a provision unit lies inside a part amending another act ("ČÁST DRUHÁ ›
-- Změna zákona o …"), stored with the unit instead of tested by a regular expression on every
-- search. The index writer (packages/db/src/search/provision-index.ts) sets it from @dp/czech-law
-- AMENDING_PART; the rows already stored are filled here with that pattern as it reads today, in
-- PostgreSQL's regular expressions (written so that both engines read it alike). Only the rows that
-- match are rewritten: the column's default is false.
ALTER TABLE "search_provision" ADD COLUMN "in_amendment" BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE "search_provision" SET "in_amendment" = TRUE
WHERE "context" ~ '(^|› )(Změn[ay]|ZMĚN[AY]) ([^ ›]+ ){0,3}(zákona|zákonů|zákoníku|vyhlášky|nařízení|řádu|ústavy|ústavního|ZÁKONA|ZÁKONŮ|ZÁKONÍKU|VYHLÁŠKY|NAŘÍZENÍ|ŘÁDU|ÚSTAVY|ÚSTAVNÍHO)([ ,]|$)';
