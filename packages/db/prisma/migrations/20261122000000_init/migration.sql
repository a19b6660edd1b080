-- CreateTable
CREATE TABLE "organization" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "requests_per_minute" INTEGER NOT NULL,
    "monthly_units" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organization_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "app_user" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "email_verified_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "app_user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "membership" (
    "user_id" TEXT NOT NULL,
    "org_id" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'owner',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "membership_pkey" PRIMARY KEY ("user_id","org_id")
);

-- CreateTable
CREATE TABLE "user_token" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_token_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "session" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "org_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_key" (
    "id" TEXT NOT NULL,
    "org_id" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "scopes" TEXT[],
    "status" TEXT NOT NULL DEFAULT 'active',
    "created_by_user_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_key_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "usage_counter" (
    "org_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "operation" TEXT NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "units" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "usage_counter_pkey" PRIMARY KEY ("org_id","day","operation")
);

-- CreateTable
CREATE TABLE "document" (
    "id" TEXT NOT NULL,
    "natural_key" TEXT NOT NULL,
    "doc_number" TEXT NOT NULL,
    "eli" TEXT,
    "title" TEXT NOT NULL,
    "citation" TEXT,
    "doc_type" TEXT NOT NULL,
    "doc_type_source" JSONB,
    "is_amending_act" BOOLEAN NOT NULL DEFAULT false,
    "language" TEXT NOT NULL DEFAULT 'cs',
    "text_format" TEXT NOT NULL DEFAULT 'markdown',
    "text" TEXT NOT NULL,
    "sections" JSONB NOT NULL DEFAULT '[]',
    "published_on" DATE,
    "effective_from" DATE,
    "effective_to" DATE,
    "current_version_from" DATE,
    "last_updated" DATE,
    "status" TEXT NOT NULL,
    "source_version_type" TEXT,
    "never_effective" BOOLEAN NOT NULL DEFAULT false,
    "repealed_by" TEXT[],
    "inferred_effective_to" DATE,
    "inferred_from" TEXT,
    "gazette" JSONB,
    "source" JSONB,
    "content_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_version" (
    "document_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "valid_from" DATE NOT NULL,
    "valid_to" DATE,
    "kind" TEXT NOT NULL,
    "amended_by" TEXT,
    "amended_by_key" TEXT,
    "source_commit" TEXT,
    "text_sha256" TEXT,
    "text_chars" INTEGER,
    "text" TEXT,
    "text_omitted" TEXT,
    "text_is_current" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "document_version_pkey" PRIMARY KEY ("document_id","version")
);

-- CreateTable
CREATE TABLE "document_relation" (
    "source_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "target_key" TEXT NOT NULL,
    "target_doc_number" TEXT,
    "methods" TEXT[],
    "evidence" TEXT,
    "version_dates" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_relation_pkey" PRIMARY KEY ("source_id","type","target_key")
);

-- CreateTable
CREATE TABLE "change" (
    "seq" BIGSERIAL NOT NULL,
    "id" TEXT NOT NULL,
    "txid" BIGINT NOT NULL DEFAULT ((pg_current_xact_id())::text)::bigint,
    "kind" TEXT NOT NULL,
    "document_id" TEXT NOT NULL,
    "natural_key" TEXT NOT NULL,
    "doc_number" TEXT NOT NULL,
    "doc_type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "version" JSONB,
    "relation" JSONB,

    CONSTRAINT "change_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "webhook" (
    "id" TEXT NOT NULL,
    "org_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT,
    "events" TEXT[],
    "secret" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "failure_count" INTEGER NOT NULL DEFAULT 0,
    "disabled_at" TIMESTAMPTZ(3),
    "disabled_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_delivery" (
    "id" TEXT NOT NULL,
    "webhook_id" TEXT NOT NULL,
    "change_seq" BIGINT NOT NULL,
    "event_type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMPTZ(3),
    "locked_by" TEXT,
    "last_status" INTEGER,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_delivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "delivery_attempt" (
    "id" TEXT NOT NULL,
    "delivery_id" TEXT NOT NULL,
    "attempt_no" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "status_code" INTEGER,
    "error" TEXT,

    CONSTRAINT "delivery_attempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "x402_payment" (
    "id" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "payer" TEXT NOT NULL,
    "resource" TEXT NOT NULL,
    "document_id" TEXT NOT NULL,
    "amount_atomic" BIGINT NOT NULL,
    "network" TEXT NOT NULL,
    "tx_ref" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "x402_payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "x402_daily_total" (
    "day" DATE NOT NULL,
    "total_atomic" BIGINT NOT NULL DEFAULT 0,
    "payment_count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "x402_daily_total_pkey" PRIMARY KEY ("day")
);

-- CreateIndex
CREATE UNIQUE INDEX "app_user_email_key" ON "app_user"("email");

-- CreateIndex
CREATE INDEX "membership_org_id_idx" ON "membership"("org_id");

-- CreateIndex
CREATE UNIQUE INDEX "user_token_token_hash_key" ON "user_token"("token_hash");

-- CreateIndex
CREATE INDEX "user_token_user_id_purpose_idx" ON "user_token"("user_id", "purpose");

-- CreateIndex
CREATE INDEX "session_user_id_idx" ON "session"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_key_hash_key" ON "api_key"("hash");

-- CreateIndex
CREATE INDEX "api_key_org_id_idx" ON "api_key"("org_id");

-- CreateIndex
CREATE UNIQUE INDEX "document_natural_key_key" ON "document"("natural_key");

-- CreateIndex
CREATE INDEX "document_doc_type_idx" ON "document"("doc_type");

-- CreateIndex
CREATE INDEX "document_status_idx" ON "document"("status");

-- CreateIndex
CREATE INDEX "document_published_on_idx" ON "document"("published_on");

-- CreateIndex
CREATE INDEX "document_doc_number_idx" ON "document"("doc_number");

-- CreateIndex
CREATE INDEX "document_version_document_id_valid_from_idx" ON "document_version"("document_id", "valid_from");

-- CreateIndex
CREATE INDEX "document_relation_target_key_type_idx" ON "document_relation"("target_key", "type");

-- CreateIndex
CREATE UNIQUE INDEX "change_id_key" ON "change"("id");

-- CreateIndex
CREATE INDEX "change_txid_seq_idx" ON "change"("txid", "seq");

-- CreateIndex
CREATE INDEX "change_at_idx" ON "change"("at");

-- CreateIndex
CREATE INDEX "webhook_org_id_idx" ON "webhook"("org_id");

-- CreateIndex
CREATE INDEX "webhook_delivery_status_next_attempt_at_idx" ON "webhook_delivery"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_delivery_webhook_id_created_at_idx" ON "webhook_delivery"("webhook_id", "created_at");

-- CreateIndex
CREATE INDEX "delivery_attempt_delivery_id_idx" ON "delivery_attempt"("delivery_id");

-- CreateIndex
CREATE UNIQUE INDEX "x402_payment_nonce_key" ON "x402_payment"("nonce");

-- CreateIndex
CREATE INDEX "x402_payment_payer_created_at_idx" ON "x402_payment"("payer", "created_at");

-- CreateIndex
CREATE INDEX "x402_payment_day_idx" ON "x402_payment"("day");

-- AddForeignKey
ALTER TABLE "membership" ADD CONSTRAINT "membership_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "membership" ADD CONSTRAINT "membership_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_token" ADD CONSTRAINT "user_token_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "usage_counter" ADD CONSTRAINT "usage_counter_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_version" ADD CONSTRAINT "document_version_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_relation" ADD CONSTRAINT "document_relation_source_id_fkey" FOREIGN KEY ("source_id") REFERENCES "document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook" ADD CONSTRAINT "webhook_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhook"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "delivery_attempt" ADD CONSTRAINT "delivery_attempt_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_delivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;
