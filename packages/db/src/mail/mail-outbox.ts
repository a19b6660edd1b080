import { newId } from '@dp/core';
import { sql } from 'kysely';
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
  await db.kysely.insertInto('mail_outbox').values({ id, kind: mail.kind, payload: mail.payload }).execute();
  return id;
}

/**
 * Claims due mails for one sender for `lockMs` (counting the attempt): several portal instances
 * drain the same outbox, none sends a mail another holds. A sender that dies frees its claims
 * when they expire.
 */
export async function claimMail(db: Database, by: { senderId: string; lockMs: number; limit: number }): Promise<OutboxMail[]> {
  return db.kysely
    .updateTable('mail_outbox as m')
    .set((eb) => ({
      locked_by: by.senderId,
      locked_until: sql<Date>`now() + ${by.lockMs}::int * interval '1 millisecond'`,
      attempts: eb('m.attempts', '+', 1),
    }))
    .where('m.id', 'in', (eb) =>
      eb
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .where((o) => o.or([o('locked_until', 'is', null), o('locked_until', '<', sql<Date>`now()`)]))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(by.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['m.id', 'm.kind', 'm.payload', 'm.attempts'])
    .execute();
}

/** A sent mail leaves the outbox (its body held a one-time link). */
export async function completeMail(db: Database, id: string, senderId: string): Promise<void> {
  await db.kysely.deleteFrom('mail_outbox').where('id', '=', id).where('locked_by', '=', senderId).execute();
}

/** A failed attempt: due again after `retryInMs`, or given up (null: status failed, payload emptied). */
export async function failMail(db: Database, id: string, senderId: string, error: string, retryInMs: number | null): Promise<void> {
  await db.kysely
    .updateTable('mail_outbox')
    .set({ locked_by: null, locked_until: null, last_error: error.slice(0, 500) })
    .set(
      retryInMs === null
        ? { status: 'failed', payload: '' }
        : { next_attempt_at: sql<Date>`now() + ${retryInMs}::int * interval '1 millisecond'` },
    )
    .where('id', '=', id)
    .where('locked_by', '=', senderId)
    .execute();
}

/** Mails waiting, and the age of the oldest (for `/metrics`). */
export async function mailOutboxStats(db: Database): Promise<{ pending: number; failed: number; oldestPendingAgeSeconds: number }> {
  const row = await db.kysely
    .selectFrom('mail_outbox')
    .select((eb) => [
      eb.fn.countAll().filterWhere('status', '=', 'pending').as('pending'),
      eb.fn.countAll().filterWhere('status', '=', 'failed').as('failed'),
      eb.fn.min('created_at').filterWhere('status', '=', 'pending').as('oldest'),
    ])
    .executeTakeFirst();
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
  return {
    pending: Number(row?.pending ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestPendingAgeSeconds: oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000),
  };
}
