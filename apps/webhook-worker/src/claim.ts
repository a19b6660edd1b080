import type { Database, TableRow } from '@dp/db';

/** A claimed delivery with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  eventType: string;
  payload: unknown;
  /** Attempts made before this one. */
  attempts: number;
  createdAt: Date;
  url: string;
  secret: string;
  /** The secret before the last rotation, while it still signs (24 h): null otherwise. */
  previousSecret: string | null;
}

// Change events go out in order per webhook: only the head of each webhook's queue of them is
// eligible (its oldest pending change event, by the order the changes were written), so while the
// head is claimed or waiting for a retry, nothing newer of that webhook goes out. Out-of-band
// deliveries (test events and replays, made on request) are outside that queue: each is eligible as
// soon as it is due, and none is ever a head, so they neither wait behind a failing change event
// nor hold one up. FOR UPDATE ... SKIP LOCKED lets concurrent workers pass over rows another worker
// is claiming this instant, and the re-check of `locked_until` on the locked row means a claim
// committed meanwhile is never taken twice.
// Times come from the caller's clock ($1) so tests can move time without sleeping.
export const CLAIM_SQL = `
WITH heads AS (
  SELECT DISTINCT ON (webhook_id) id
  FROM "webhook_delivery"
  WHERE status = 'pending' AND NOT out_of_band
  ORDER BY webhook_id, change_seq, id
), eligible AS (
  SELECT id FROM heads
  UNION ALL
  SELECT id
  FROM "webhook_delivery"
  WHERE status = 'pending' AND out_of_band AND next_attempt_at <= $1::timestamptz
), picked AS (
  SELECT d.id
  FROM "webhook_delivery" d
  JOIN eligible e ON e.id = d.id
  JOIN "webhook" w ON w.id = d.webhook_id AND w.status = 'active'
  WHERE d.status = 'pending'
    AND d.next_attempt_at <= $1::timestamptz
    AND (d.locked_until IS NULL OR d.locked_until < $1::timestamptz)
  ORDER BY d.next_attempt_at, d.change_seq
  LIMIT $4::int
  FOR UPDATE OF d SKIP LOCKED
)
UPDATE "webhook_delivery" d
SET locked_until = $2::timestamptz, locked_by = $3
FROM picked, "webhook" w
WHERE d.id = picked.id AND w.id = d.webhook_id
RETURNING d.id, d.webhook_id, d.event_type, d.payload, d.attempts, d.created_at, w.url, w.secret,
  CASE WHEN w.previous_secret_expires_at > $1::timestamptz THEN w.previous_secret END AS previous_secret`;

// Raw, typed from the tables: the claim is one statement whose locking (a CTE's FOR UPDATE OF d
// SKIP LOCKED under DISTINCT ON heads, then UPDATE ... FROM it) is the reviewed text above.
type ClaimRow = Pick<TableRow<'webhook_delivery'>, 'id' | 'webhook_id' | 'event_type' | 'payload' | 'attempts' | 'created_at'> &
  Pick<TableRow<'webhook'>, 'url' | 'secret' | 'previous_secret'>;

/** Claims up to `limit` due deliveries for `workerId` until `now + lockMs`. */
export async function claimDeliveries(
  db: Database,
  opts: { workerId: string; now: Date; lockMs: number; limit: number },
): Promise<ClaimedDelivery[]> {
  const rows = await db.query<ClaimRow>(CLAIM_SQL, [
    opts.now.toISOString(),
    new Date(opts.now.getTime() + opts.lockMs).toISOString(),
    opts.workerId,
    opts.limit,
  ]);
  return rows.map((r) => ({
    id: r.id,
    webhookId: r.webhook_id,
    eventType: r.event_type,
    payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as unknown) : r.payload,
    attempts: Number(r.attempts),
    createdAt: new Date(r.created_at),
    url: r.url,
    secret: r.secret,
    previousSecret: r.previous_secret,
  }));
}

/**
 * Whether the claim still stands just before sending: the webhook may have been deleted or
 * disabled since the batch was claimed, and a deleted webhook must get nothing more.
 */
export async function stillClaimed(db: Database, deliveryId: string, workerId: string): Promise<boolean> {
  const rows = await db.kysely
    .selectFrom('webhook_delivery as d')
    .innerJoin('webhook as w', (join) => join.onRef('w.id', '=', 'd.webhook_id').on('w.status', '=', 'active'))
    .select((eb) => eb.lit(1).as('ok'))
    .where('d.id', '=', deliveryId)
    .where('d.locked_by', '=', workerId)
    .where('d.status', '=', 'pending')
    .execute();
  return rows.length > 0;
}

/**
 * Extends this worker's claims on `ids` to `until` (the lease), while their attempts run: a
 * claim lasts a few seconds past the last renewal, so a killed worker's rows are free again
 * that soon, however long an attempt may take.
 */
export async function renewClaims(db: Database, workerId: string, ids: string[], until: Date): Promise<void> {
  await db.query(
    `UPDATE "webhook_delivery" SET locked_until = $3::timestamptz WHERE id = ANY($2::text[]) AND locked_by = $1 AND status = 'pending'`,
    [workerId, ids, until.toISOString()],
  );
}

/** Gives back this worker's unfinished claims so another worker can take them at once. */
export async function releaseClaims(db: Database, workerId: string): Promise<number> {
  const row = await db.kysely
    .with('released', (q) =>
      q
        .updateTable('webhook_delivery')
        .set({ locked_until: null, locked_by: null })
        .where('locked_by', '=', workerId)
        .where('status', '=', 'pending')
        .returning((eb) => eb.lit(1).as('one')),
    )
    .selectFrom('released')
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('released'))
    .executeTakeFirst();
  return row?.released ?? 0;
}
