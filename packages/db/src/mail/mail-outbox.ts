import { newId } from '@dp/core';
import type { Database } from '../client';

/** One mail waiting in the outbox: its payload is opaque here (sealed by the portal). */
export interface OutboxMail {
  id: string;
  kind: string;
  payload: string;
  /** Attempts so far, this one included. */
  attempts: number;
}

/** Adds a mail, due at once. */
export async function addMail(db: Database, mail: { kind: string; payload: string }): Promise<string> {
  const id = newId('msg');
  await db.query('INSERT INTO mail_outbox (id, kind, payload) VALUES ($1, $2, $3)', [id, mail.kind, mail.payload]);
  return id;
}

/**
 * Claims due mails for one sender for `lockMs` (counting the attempt): several portal instances
 * drain the same outbox, none sends a mail another holds. A sender that dies frees its claims
 * when they expire.
 */
export async function claimMail(db: Database, by: { senderId: string; lockMs: number; limit: number }): Promise<OutboxMail[]> {
  return db.query<OutboxMail>(
    `UPDATE mail_outbox m SET locked_by = $1, locked_until = now() + $2::int * interval '1 millisecond', attempts = m.attempts + 1
     WHERE m.id IN (
       SELECT id FROM mail_outbox
       WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
       ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
     RETURNING m.id, m.kind, m.payload, m.attempts`,
    [by.senderId, by.lockMs, by.limit],
  );
}

/** A sent mail leaves the outbox (its body held a one-time link). */
export async function completeMail(db: Database, id: string, senderId: string): Promise<void> {
  await db.query('DELETE FROM mail_outbox WHERE id = $1 AND locked_by = $2', [id, senderId]);
}

/** A failed attempt: due again after `retryInMs`, or given up (null: status failed, payload emptied). */
export async function failMail(db: Database, id: string, senderId: string, error: string, retryInMs: number | null): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET locked_by = NULL, locked_until = NULL, last_error = $3,
       status = CASE WHEN $4::int IS NULL THEN 'failed' ELSE status END,
       payload = CASE WHEN $4::int IS NULL THEN '' ELSE payload END,
       next_attempt_at = CASE WHEN $4::int IS NULL THEN next_attempt_at ELSE now() + $4::int * interval '1 millisecond' END
     WHERE id = $1 AND locked_by = $2`,
    [id, senderId, error.slice(0, 500), retryInMs],
  );
}

/** Mails waiting, and the age of the oldest (for `/metrics`). */
export async function mailOutboxStats(db: Database): Promise<{ pending: number; failed: number; oldestPendingAgeSeconds: number }> {
  const [row] = await db.query<{ pending: string; failed: string; oldest: Date | null }>(
    `SELECT count(*) FILTER (WHERE status = 'pending') AS pending, count(*) FILTER (WHERE status = 'failed') AS failed,
            min(created_at) FILTER (WHERE status = 'pending') AS oldest FROM mail_outbox`,
  );
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
  return {
    pending: Number(row?.pending ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestPendingAgeSeconds: oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000),
  };
}
