-- The webhook worker claims each webhook's oldest pending delivery:
--   SELECT DISTINCT ON (webhook_id) id FROM webhook_delivery WHERE status = 'pending'
--   ORDER BY webhook_id, change_seq, id
-- This index holds exactly those rows in that order, so a claim reads the pending queue, not every
-- delivery ever made. (A partial index: Prisma's schema cannot express it, so it lives here only.)
CREATE INDEX "webhook_delivery_pending_head_idx" ON "webhook_delivery" ("webhook_id", "change_seq", "id") WHERE "status" = 'pending';
