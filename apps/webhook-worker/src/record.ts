import { newId } from '@dp/core';
import type { Database, TableRow } from '@dp/db';

export interface AttemptOutcome {
  deliveryId: string;
  workerId: string;
  attemptNo: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  /** The delivery's state after this attempt. */
  status: 'delivered' | 'pending' | 'failed';
  /** When status is pending: when to try again. */
  nextAttemptAt: Date | null;
  /** Set to disable the endpoint now (e.g. it answered 410 Gone). */
  disableReason: string | null;
  /** Consecutive failed attempts after which the endpoint is disabled. */
  disableAfterFailures: number;
  /** The request as sent (the signature is in the headers; the secret never is). */
  request: { headers: Record<string, string>; body: string };
  /** The answer, when one came: headers and the first few KB of the body. */
  response: { headers: Record<string, string>; body: string; truncated: boolean } | null;
}

// One statement, so the delivery, its attempt log and the endpoint's failure count change together.
// The delivery is updated only while this worker still holds the claim; the attempt is logged
// whenever the delivery still exists (it happened, whoever holds the claim now). The endpoint's
// consecutive failure count resets on success; reaching the limit, or an explicit reason (410),
// disables it. A success (a change event, a test event, a replay) also makes the endpoint's change
// events that wait for a retry due at once, whatever their failure was: the receiver answers
// again, so its queue need not sit out the rest of a backoff step behind a head it refused a
// moment ago (a 503 while it restarted kept the whole backlog waiting minutes). Out-of-band
// deliveries keep their backoff: they hold up no queue, and one the receiver refuses while it
// accepts the rest would otherwise be retried at every success until its schedule ran out.
const RECORD_SQL = `
WITH d AS (
  UPDATE "webhook_delivery"
  SET status = $3, attempts = $4::int,
      next_attempt_at = COALESCE($5::timestamptz, next_attempt_at),
      last_status = $6::int, last_error = $7::text,
      delivered_at = CASE WHEN $3 = 'delivered' THEN $8::timestamptz + $10::int * interval '1 millisecond' ELSE NULL END,
      locked_until = NULL, locked_by = NULL
  WHERE id = $1 AND locked_by = $2 AND status = 'pending'
  RETURNING id, webhook_id
), a AS (
  INSERT INTO "delivery_attempt" (id, delivery_id, attempt_no, started_at, duration_ms, status_code, error,
                                  request_headers, request_body, response_headers, response_body, response_body_truncated)
  SELECT $9, x.id, $4::int, $8::timestamptz, $10::int, $6::int, $7::text,
         $13::jsonb, $14::text, $15::jsonb, $16::text, COALESCE($17::boolean, false)
  FROM "webhook_delivery" x WHERE x.id = $1
  RETURNING 1
), v AS (
  SELECT wh.id,
         CASE WHEN $3 = 'delivered' THEN 0 ELSE wh.failure_count + 1 END AS new_count,
         CASE WHEN $11::text IS NOT NULL THEN $11::text
              WHEN $3 <> 'delivered' AND wh.failure_count + 1 >= $12::int
                THEN 'failed ' || $12::int || ' consecutive delivery attempts'
         END AS reason
  FROM "webhook" wh JOIN d ON d.webhook_id = wh.id
), w AS (
  UPDATE "webhook" wh
  SET failure_count = v.new_count,
      status = CASE WHEN v.reason IS NOT NULL THEN 'disabled' ELSE wh.status END,
      disabled_at = CASE WHEN v.reason IS NOT NULL THEN $8::timestamptz ELSE wh.disabled_at END,
      disabled_reason = COALESCE(v.reason, wh.disabled_reason)
  FROM v
  WHERE wh.id = v.id AND wh.status = 'active'
  RETURNING wh.status, v.reason
), drained AS (
  UPDATE "webhook_delivery" p SET next_attempt_at = $8::timestamptz
  FROM d
  WHERE $3 = 'delivered' AND p.webhook_id = d.webhook_id AND p.id <> d.id AND p.status = 'pending'
    AND NOT p.out_of_band AND p.attempts > 0 AND p.next_attempt_at > $8::timestamptz
  RETURNING 1
)
SELECT (SELECT count(*) FROM d)::int AS updated, (SELECT reason FROM w LIMIT 1) AS disabled_reason`;

/** Writes an attempt's outcome. `updated` is false when the claim had been lost meanwhile. */
export async function recordAttempt(db: Database, o: AttemptOutcome): Promise<{ updated: boolean; disabledReason: string | null }> {
  // Raw (five data-modifying CTEs in one statement, one transaction); the reason typed from its column.
  const [row] = await db.query<{ updated: number; disabled_reason: TableRow<'webhook'>['disabled_reason'] }>(RECORD_SQL, [
    o.deliveryId,
    o.workerId,
    o.status,
    o.attemptNo,
    o.nextAttemptAt?.toISOString() ?? null,
    o.statusCode,
    o.error,
    o.startedAt.toISOString(),
    newId('att'),
    o.durationMs,
    o.disableReason,
    o.disableAfterFailures,
    JSON.stringify(o.request.headers),
    o.request.body,
    o.response ? JSON.stringify(o.response.headers) : null,
    o.response?.body ?? null,
    o.response?.truncated ?? false,
  ]);
  return { updated: Number(row?.updated ?? 0) > 0, disabledReason: row?.disabled_reason ?? null };
}
