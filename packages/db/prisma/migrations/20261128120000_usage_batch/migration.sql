-- Issue 38 item 4: the meter's batches, so a batch is counted once. The api logs each answer to a
-- local file before counting it; a flush marks its log segments with the batch's id and inserts
-- that id here in the statement that adds the counts. A process started after a kill replays a
-- segment only if none of its batches is here (the killed process may have committed the batch
-- and died before deleting the segment). Rows older than a week are deleted by the meter.
CREATE TABLE "usage_batch" (
  "id"           TEXT NOT NULL,
  "committed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "usage_batch_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "usage_batch_committed_at_idx" ON "usage_batch" ("committed_at");
