import { sql } from 'kysely';
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

/** `now()` plus `ms`, in seconds of double precision as before. */
const fromNow = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms}::double precision / 1000)`;

/**
 * Takes the key for this request, or says why not. One statement decides, so two instances racing
 * on one key cannot both win: the insert, or the take-over of an expired key or of a running
 * request's key whose lock ran out (same request only).
 */
export async function claimIdempotencyKey(db: Database, o: ClaimOptions): Promise<IdempotencyClaim> {
  // The row can vanish between the two statements (its request failed and released it): try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimed = await db.kysely
      .insertInto('idempotency_key')
      .values({
        org_id: o.orgId,
        key: o.key,
        fingerprint: o.fingerprint,
        locked_until: fromNow(o.lockMs),
        expires_at: fromNow(o.ttlMs),
      })
      .onConflict((oc) =>
        oc
          .columns(['org_id', 'key'])
          .doUpdateSet((eb) => ({
            fingerprint: eb.ref('excluded.fingerprint'),
            // Constants in the statement, as they were written before (not parameters).
            status: sql<null>`NULL`,
            headers: sql<null>`NULL`,
            body: sql<null>`NULL`,
            locked_until: eb.ref('excluded.locked_until'),
            created_at: sql<Date>`now()`,
            expires_at: eb.ref('excluded.expires_at'),
          }))
          .where((eb) =>
            eb.or([
              eb('idempotency_key.expires_at', '<=', sql<Date>`now()`),
              eb.and([
                eb('idempotency_key.status', 'is', null),
                eb('idempotency_key.locked_until', '<=', sql<Date>`now()`),
                eb('idempotency_key.fingerprint', '=', eb.ref('excluded.fingerprint')),
              ]),
            ]),
          ),
      )
      .returning(sql<boolean>`true`.as('claimed'))
      .execute();
    if (claimed.length) return { outcome: 'claimed' };
    const row = await db.kysely
      .selectFrom('idempotency_key')
      .select(['fingerprint', 'status', 'headers', 'body'])
      .where('org_id', '=', o.orgId)
      .where('key', '=', o.key)
      .where('expires_at', '>', sql<Date>`now()`)
      // Written by completeIdempotencyKey: the answer's headers, names to values.
      .$narrowType<{ headers: Record<string, string> | null }>()
      .executeTakeFirst();
    if (!row) continue;
    if (row.fingerprint !== o.fingerprint) return { outcome: 'mismatch' };
    if (row.status === null) return { outcome: 'in_progress' };
    return { outcome: 'replay', answer: { status: row.status, headers: row.headers ?? {}, body: row.body ?? '' } };
  }
  return { outcome: 'in_progress' };
}

/** Stores the answer of the request that holds the key. */
export async function completeIdempotencyKey(db: Database, orgId: string, key: string, answer: StoredAnswer): Promise<void> {
  await db.kysely
    .updateTable('idempotency_key')
    .set({ status: answer.status, headers: sql`${JSON.stringify(answer.headers)}::jsonb`, body: answer.body })
    .where('org_id', '=', orgId)
    .where('key', '=', key)
    .where('status', 'is', null)
    .execute();
}

/** Gives the key back (the request failed on the server's side): a retry runs it anew. */
export async function releaseIdempotencyKey(db: Database, orgId: string, key: string): Promise<void> {
  await db.kysely.deleteFrom('idempotency_key').where('org_id', '=', orgId).where('key', '=', key).where('status', 'is', null).execute();
}

/** Deletes expired keys; returns how many. */
export async function deleteExpiredIdempotencyKeys(db: Database): Promise<number> {
  const gone = await db.kysely
    .deleteFrom('idempotency_key')
    .where('expires_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}
