-- Each version's provision tree (#24), built when the version is written so no request parses:
-- compact JSON (packages/db/src/provisions/provision-tree.ts), null where the version has no text.
-- provisions_format is the parser/encoding it was built with; a sync rebuilds trees of another
-- format (and fills them in for versions written before this column existed).
-- provision_changes: what the version added, changed, repealed or removed against the previous
-- version with a tree (`from`), the basis of provision history, diffs and version_added events.
ALTER TABLE "document_version" ADD COLUMN "provisions" TEXT;
ALTER TABLE "document_version" ADD COLUMN "provisions_format" SMALLINT;
ALTER TABLE "document_version" ADD COLUMN "provision_changes" JSONB;
