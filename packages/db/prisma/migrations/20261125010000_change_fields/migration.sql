-- `document.updated` entries name the metadata fields that changed, each with its value before and after.
ALTER TABLE "change" ADD COLUMN "fields" JSONB;
