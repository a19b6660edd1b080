import type { PrismaClient } from '../generated/client';
import { presentDeliveryDetail, type DeliveryDetailView } from './present';

/**
 * One delivery of the organization's webhook with every attempt in full: the request as sent
 * (headers, signature included, and body) and the answer (status, headers, the first
 * WEBHOOK_RESPONSE_BODY_LIMIT bytes of the body). Never the signing secret: it is not stored here.
 */
export async function getDelivery(
  prisma: PrismaClient,
  orgId: string,
  webhookId: string,
  deliveryId: string,
): Promise<DeliveryDetailView | null> {
  const row = await prisma.webhookDelivery.findFirst({
    where: { id: deliveryId, webhookId, webhook: { orgId } },
    include: { attemptLog: { orderBy: { attemptNo: 'asc' } } },
  });
  return row ? presentDeliveryDetail(row) : null;
}
