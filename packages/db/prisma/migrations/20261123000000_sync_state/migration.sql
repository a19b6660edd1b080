-- Git source sync (#13): what has been synced, and the amendment facts a sync collects per
-- amended document before (or after) the amending act is itself in the corpus.

-- The last commit a sync applied completely, per source repository.
CREATE TABLE "sync_state" (
    "source"          TEXT NOT NULL,
    "commit"          TEXT NOT NULL,
    "commits_applied" INTEGER NOT NULL DEFAULT 0,
    "synced_at"       TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sync_state_pkey" PRIMARY KEY ("source")
);

-- "amending act A changed document T": from T's commit history (a [reform] commit whose
-- Source-Id is A) and from T's front matter (A in the "ve znění" list). The `amends` edge is
-- stored on A's document, so it can only exist once A is in the corpus; this table keeps the
-- facts until then, and the edge is written from them when A arrives.
CREATE TABLE "sync_amendment" (
    "target_key"          TEXT NOT NULL,
    "amending_key"        TEXT NOT NULL,
    "target_doc_number"   TEXT,
    "from_history"        BOOLEAN NOT NULL DEFAULT false,
    "from_metadata"       BOOLEAN NOT NULL DEFAULT false,
    "version_dates"       TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    CONSTRAINT "sync_amendment_pkey" PRIMARY KEY ("target_key", "amending_key")
);

CREATE INDEX "sync_amendment_amending_key_idx" ON "sync_amendment"("amending_key");
