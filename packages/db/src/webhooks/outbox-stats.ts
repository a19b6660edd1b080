import { sql } from 'kysely';
import type { Database } from '../client';

/** The webhook outbox for `/metrics`: deliveries waiting (pending) and how long the oldest has waited. */
export async function webhookOutboxStats(db: Database): Promise<{ pending: number; oldestPendingAgeSeconds: number }> {
  // Served by the (status, next_attempt_at) index; created_at of the oldest pending row is one more lookup.
  const row = await db.kysely
    .selectFrom('webhook_delivery')
    .select((eb) => [eb.fn.countAll().as('pending'), eb.fn.min('created_at').as('oldest')])
    // A constant, as written by hand before: the same plan.
    .where('status', '=', sql.lit('pending'))
    .executeTakeFirst();
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
  return { pending: Number(row?.pending ?? 0), oldestPendingAgeSeconds: oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000) };
}
