-- Usage per key and HTTP status, beside usage_counter (which the quota and GET /v1/usage read and
-- which keeps its grain). The meter writes both in one statement. Rows written before this
-- migration exist in usage_counter only; the portal shows that remainder as "not broken down".
CREATE TABLE "usage_detail" (
    "org_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "key_id" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "status" SMALLINT NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "units" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "usage_detail_pkey" PRIMARY KEY ("org_id","day","key_id","operation","status")
);

ALTER TABLE "usage_detail" ADD CONSTRAINT "usage_detail_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One-time messages of a portal session, shown on the page a POST redirects to (post/redirect/get)
-- and deleted as they are read. The payload is encrypted with a key derived from the session's
-- cookie value, which the database never holds, so a new API key in it is unreadable at rest.
CREATE TABLE "portal_flash" (
    "session_id" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "portal_flash_pkey" PRIMARY KEY ("session_id")
);

ALTER TABLE "portal_flash" ADD CONSTRAINT "portal_flash_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "session"("id") ON DELETE CASCADE ON UPDATE CASCADE;
