import { cursorKind, invalidRequest, isBigintText } from '@dp/core';
import { z } from 'zod';
import type { PrismaClient } from '../generated/client';
import { presentDelivery, type DeliveryView } from './present';

export interface ListDeliveriesOptions {
  limit: number;
  /** Opaque cursor from a previous page's nextCursor. */
  cursor?: string;
}

// Deliveries of one webhook are ordered by the change they announce (change_seq is unique per
// webhook and, unlike created_at, differs between rows written in one transaction).
const seq = z.string().refine(isBigintText);
/** The deliveries' cursor: the change sequence number the next page starts below. */
const DELIVERIES_CURSOR = cursorKind(
  z.strictObject({ before_seq: seq }),
  z.object({ s: seq }).transform(({ s }) => ({ before_seq: s })),
);

/**
 * The delivery log of one webhook, newest first, each delivery with its attempts. Another
 * organization's webhook has no deliveries here (callers answer 404 after getWebhook). An invalid
 * cursor is an invalid_request on `cursor`.
 */
export async function listDeliveries(
  prisma: PrismaClient,
  orgId: string,
  webhookId: string,
  options: ListDeliveriesOptions,
): Promise<{ deliveries: DeliveryView[]; nextCursor: string | null }> {
  let before: bigint | undefined;
  if (options.cursor !== undefined) {
    const cursor = DELIVERIES_CURSOR.decode(options.cursor);
    if (cursor === null) throw invalidRequest([{ field: 'cursor', problem: 'is not a cursor this endpoint returned' }]);
    before = BigInt(cursor.before_seq);
  }
  const limit = Math.max(1, Math.min(100, Math.trunc(options.limit)));
  const rows = await prisma.webhookDelivery.findMany({
    where: { webhookId, webhook: { orgId }, ...(before !== undefined ? { changeSeq: { lt: before } } : {}) },
    orderBy: [{ changeSeq: 'desc' }, { id: 'desc' }],
    take: limit + 1,
    // The summary of each attempt only: requests and answers are read one delivery at a time (getDelivery).
    include: {
      attemptLog: {
        orderBy: { attemptNo: 'asc' },
        select: { attemptNo: true, startedAt: true, durationMs: true, statusCode: true, error: true },
      },
    },
  });
  const page = rows.slice(0, limit);
  const nextCursor = rows.length > limit ? DELIVERIES_CURSOR.encode({ before_seq: page[page.length - 1].changeSeq.toString() }) : null;
  return { deliveries: page.map(presentDelivery), nextCursor };
}
