import { newId } from '@dp/core';
import type { Prisma, PrismaClient } from '../generated/client';
import type { TableRow } from '../typed-sql';
import { presentDelivery, type DeliveryView } from './present';

// A delivery made on request (test event, replay) is out of band: the worker sends it as soon as it
// is due (at once), not behind the endpoint's earlier pending change events (one may be waiting
// hours on its backoff), and it never holds those up either; only change events keep the
// per-endpoint order. It still takes a number from the change sequence, so the delivery log lists
// it where it was made.
// The source row decides everything else, so the webhook (and its organization) is checked in
// the same statement: nothing is written for another organization's or a deleted webhook.
const ENQUEUE_SQL = `
INSERT INTO "webhook_delivery" (id, webhook_id, change_seq, event_type, payload, status, replay_of, next_attempt_at, out_of_band)
SELECT $1, w.id, nextval(pg_get_serial_sequence('"change"', 'seq')), $4, $5::jsonb, 'pending', $6, $7::timestamptz, true
FROM "webhook" w
WHERE w.id = $2 AND w.org_id = $3
RETURNING id`;

export interface EnqueueInput {
  orgId: string;
  webhookId: string;
  eventType: string;
  payload: unknown;
  /** The delivery replayed, if this is a replay. */
  replayOf?: string;
  now?: Date;
}

/** Writes one pending delivery of the organization's webhook; null when there is no such webhook. */
export async function enqueueDelivery(prisma: PrismaClient | Prisma.TransactionClient, input: EnqueueInput): Promise<DeliveryView | null> {
  const id = newId('msg');
  // Raw, typed from the table: run on a client or a transaction, and it draws from the change sequence.
  const rows = await prisma.$queryRawUnsafe<Pick<TableRow<'webhook_delivery'>, 'id'>[]>(
    ENQUEUE_SQL,
    id,
    input.webhookId,
    input.orgId,
    input.eventType,
    JSON.stringify(input.payload),
    input.replayOf ?? null,
    (input.now ?? new Date()).toISOString(),
  );
  if (!rows.length) return null;
  const row = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id }, include: { attemptLog: true } });
  return presentDelivery(row);
}
