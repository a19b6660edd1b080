import { invalidRequest } from '@dp/core';
import type { PrismaClient } from '../generated/client';
import { presentDelivery, type DeliveryView } from './present';

export interface ListDeliveriesOptions {
  limit: number;
  /** Opaque cursor from a previous page's nextCursor. */
  cursor?: string;
}

// Deliveries of one webhook are ordered by the change they announce (change_seq is unique per
// webhook and, unlike created_at, differs between rows written in one transaction).
function encodeCursor(seq: bigint): string {
  return Buffer.from(JSON.stringify({ s: seq.toString() })).toString('base64url');
}

function decodeCursor(raw: string): bigint | null {
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { s?: unknown };
    return typeof v?.s === 'string' && /^\d{1,19}$/.test(v.s) ? BigInt(v.s) : null;
  } catch {
    return null;
  }
}

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
    const seq = decodeCursor(options.cursor);
    if (seq === null) throw invalidRequest([{ field: 'cursor', problem: 'is not a cursor this endpoint returned' }]);
    before = seq;
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
  const nextCursor = rows.length > limit ? encodeCursor(page[page.length - 1].changeSeq) : null;
  return { deliveries: page.map(presentDelivery), nextCursor };
}
