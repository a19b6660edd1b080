import type { Database } from '../client';

/** The webhook outbox for `/metrics`: deliveries waiting (pending) and how long the oldest has waited. */
export async function webhookOutboxStats(db: Database): Promise<{ pending: number; oldestPendingAgeSeconds: number }> {
  // Served by the (status, next_attempt_at) index; created_at of the oldest pending row is one more lookup.
  const [row] = await db.query<{ pending: string; oldest: Date | null }>(
    `SELECT count(*) AS pending, min(created_at) AS oldest FROM webhook_delivery WHERE status = 'pending'`,
  );
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
  return { pending: Number(row?.pending ?? 0), oldestPendingAgeSeconds: oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000) };
}
