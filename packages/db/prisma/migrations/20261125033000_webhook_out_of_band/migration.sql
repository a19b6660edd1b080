-- Out-of-band deliveries (defect item 13): a test event or a replay is sent at once, not held
-- behind an earlier pending delivery of its endpoint (which may be waiting hours on its backoff),
-- and it never holds up the endpoint's change events either. The per-endpoint order applies to
-- change events only.

-- AlterTable
ALTER TABLE "webhook_delivery" ADD COLUMN "out_of_band" BOOLEAN NOT NULL DEFAULT false;

-- Test events and replays made before this column existed are out of band too.
UPDATE "webhook_delivery" SET "out_of_band" = true WHERE "event_type" = 'webhook.test' OR "replay_of" IS NOT NULL;

-- The worker claims each webhook's oldest pending change event:
--   SELECT DISTINCT ON (webhook_id) id FROM webhook_delivery WHERE status = 'pending' AND NOT out_of_band
--   ORDER BY webhook_id, change_seq, id
-- so the index of queue heads holds those rows only; out-of-band deliveries have their own, in the
-- order they fall due. (Partial indexes: Prisma's schema cannot express them, so they live here only.)
DROP INDEX "webhook_delivery_pending_head_idx";
CREATE INDEX "webhook_delivery_pending_head_idx" ON "webhook_delivery" ("webhook_id", "change_seq", "id") WHERE "status" = 'pending' AND NOT "out_of_band";
CREATE INDEX "webhook_delivery_pending_out_of_band_idx" ON "webhook_delivery" ("next_attempt_at") WHERE "status" = 'pending' AND "out_of_band";
