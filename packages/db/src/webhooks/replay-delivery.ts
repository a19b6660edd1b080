import { REQUEST_TRANSACTION } from '../client';
import type { PrismaClient } from '../generated/client';
import { enqueueDelivery } from './enqueue-delivery';
import type { DeliveryView } from './present';
import { requireActiveWebhook } from './webhook-state';

/**
 * Sends an earlier delivery's event again to the same endpoint, as a new delivery (its own
 * `webhook-id`, attempts and log entry, `replay_of` naming the original); the original is left as
 * it is. Any delivery can be replayed, whatever its status. Null when the webhook or the delivery
 * is not the organization's; a conflict when the webhook is disabled.
 */
export async function replayDelivery(
  prisma: PrismaClient,
  orgId: string,
  webhookId: string,
  deliveryId: string,
  now = new Date(),
): Promise<DeliveryView | null> {
  return prisma.$transaction(async (tx) => {
    if (!(await requireActiveWebhook(tx, orgId, webhookId))) return null;
    const original = await tx.webhookDelivery.findFirst({
      where: { id: deliveryId, webhookId },
      select: { id: true, eventType: true, payload: true },
    });
    if (!original) return null;
    return enqueueDelivery(tx, { orgId, webhookId, eventType: original.eventType, payload: original.payload, replayOf: original.id, now });
  }, REQUEST_TRANSACTION);
}
