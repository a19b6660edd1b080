-- Webhook operations of the portal and the API (issue #16): secret rotation with a grace period,
-- replays, and what each attempt sent and received (the delivery detail view).

-- AlterTable
ALTER TABLE "webhook" ADD COLUMN "previous_secret" TEXT,
ADD COLUMN "previous_secret_expires_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "webhook_delivery" ADD COLUMN "replay_of" TEXT;

-- AlterTable
ALTER TABLE "delivery_attempt" ADD COLUMN "request_headers" JSONB,
ADD COLUMN "request_body" TEXT,
ADD COLUMN "response_headers" JSONB,
ADD COLUMN "response_body" TEXT,
ADD COLUMN "response_body_truncated" BOOLEAN NOT NULL DEFAULT false;
