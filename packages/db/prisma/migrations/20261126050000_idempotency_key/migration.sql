-- Idempotency keys (issue 27): the first answer to a POST, PATCH or DELETE of /v1 sent with an
-- Idempotency-Key, per organization, kept 24 h so a retry with the same key and body is answered
-- with it instead of running again. Shared by every api instance. `status` is null while the first
-- request runs (`locked_until` bounds how long a crashed instance can hold the key).

-- CreateTable
CREATE TABLE "idempotency_key" (
    "org_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "status" INTEGER,
    "headers" JSONB,
    "body" TEXT,
    "locked_until" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_key_pkey" PRIMARY KEY ("org_id","key")
);

-- CreateIndex
CREATE INDEX "idempotency_key_expires_at_idx" ON "idempotency_key"("expires_at");

-- AddForeignKey
ALTER TABLE "idempotency_key" ADD CONSTRAINT "idempotency_key_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
