-- #37 item 6 (h-speed17): the provision search's first stage matches the pairs of a question's
-- common words only in the acts their bounds keep (`document_id = ANY(…)`), a BitmapAnd of the GIN
-- scan and every unit of those acts. Read from the primary key, each unit was an index tuple of
-- its own (document and provision ids); this index holds each act's units as one list of row ids
-- (B-tree deduplication), a fraction of the primary key's pages, and the planner takes it for that
-- arm. The same units, so the same matches in the same order.
CREATE INDEX "search_provision_document_idx" ON "search_provision" ("document_id");
