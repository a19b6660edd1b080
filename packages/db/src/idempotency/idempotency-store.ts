import type { Database } from '../client';

/** A stored answer: what is replayed to a retry. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type IdempotencyClaim =
  /** This request holds the key: run it, then `completeIdempotencyKey` or `releaseIdempotencyKey`. */
  | { outcome: 'claimed' }
  /** The key's first request finished: answer with it. */
  | { outcome: 'replay'; answer: StoredAnswer }
  /** The key was used for another request (method, path or body). */
  | { outcome: 'mismatch' }
  /** The key's first request is still running (here or on another instance). */
  | { outcome: 'in_progress' };

export interface ClaimOptions {
  orgId: string;
  key: string;
  fingerprint: string;
  /** How long a finished answer is kept. */
  ttlMs: number;
  /** How long a running request holds the key before another may take it over (a crashed instance). */
  lockMs: number;
}

interface Row {
  fingerprint: string;
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
}

/**
 * Takes the key for this request, or says why not. One statement decides, so two instances racing
 * on one key cannot both win: the insert, or the take-over of an expired key or of a running
 * request's key whose lock ran out (same request only).
 */
export async function claimIdempotencyKey(db: Database, o: ClaimOptions): Promise<IdempotencyClaim> {
  // The row can vanish between the two statements (its request failed and released it): try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimed = await db.query<{ claimed: boolean }>(
      `INSERT INTO idempotency_key (org_id, key, fingerprint, locked_until, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4::double precision / 1000), now() + make_interval(secs => $5::double precision / 1000))
       ON CONFLICT (org_id, key) DO UPDATE
         SET fingerprint = EXCLUDED.fingerprint, status = NULL, headers = NULL, body = NULL,
             locked_until = EXCLUDED.locked_until, created_at = now(), expires_at = EXCLUDED.expires_at
         WHERE idempotency_key.expires_at <= now()
            OR (idempotency_key.status IS NULL AND idempotency_key.locked_until <= now()
                AND idempotency_key.fingerprint = EXCLUDED.fingerprint)
       RETURNING true AS claimed`,
      [o.orgId, o.key, o.fingerprint, o.lockMs, o.ttlMs],
    );
    if (claimed.length) return { outcome: 'claimed' };
    const rows = await db.query<Row>(
      'SELECT fingerprint, status, headers, body FROM idempotency_key WHERE org_id = $1 AND key = $2 AND expires_at > now()',
      [o.orgId, o.key],
    );
    const row = rows[0];
    if (!row) continue;
    if (row.fingerprint !== o.fingerprint) return { outcome: 'mismatch' };
    if (row.status === null) return { outcome: 'in_progress' };
    return { outcome: 'replay', answer: { status: row.status, headers: row.headers ?? {}, body: row.body ?? '' } };
  }
  return { outcome: 'in_progress' };
}

/** Stores the answer of the request that holds the key. */
export async function completeIdempotencyKey(db: Database, orgId: string, key: string, answer: StoredAnswer): Promise<void> {
  await db.query(
    `UPDATE idempotency_key SET status = $3, headers = $4::jsonb, body = $5
     WHERE org_id = $1 AND key = $2 AND status IS NULL`,
    [orgId, key, answer.status, JSON.stringify(answer.headers), answer.body],
  );
}

/** Gives the key back (the request failed on the server's side): a retry runs it anew. */
export async function releaseIdempotencyKey(db: Database, orgId: string, key: string): Promise<void> {
  await db.query('DELETE FROM idempotency_key WHERE org_id = $1 AND key = $2 AND status IS NULL', [orgId, key]);
}

/** Deletes expired keys; returns how many. */
export async function deleteExpiredIdempotencyKeys(db: Database): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'WITH gone AS (DELETE FROM idempotency_key WHERE expires_at <= now() RETURNING 1) SELECT count(*)::int AS n FROM gone',
  );
  return rows[0]?.n ?? 0;
}
