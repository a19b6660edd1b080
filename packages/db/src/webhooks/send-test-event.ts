import { newId, WEBHOOK_TEST_EVENT } from '@dp/core';
import { REQUEST_TRANSACTION } from '../client';
import type { PrismaClient } from '../generated/client';
import { enqueueDelivery } from './enqueue-delivery';
import type { DeliveryView } from './present';
import { requireActiveWebhook } from './webhook-state';

/**
 * Queues a `webhook.test` event for the organization's webhook. It is an ordinary outbox delivery:
 * the worker signs and sends it like any other, and it shows in the delivery log. Null when there
 * is no such webhook; a conflict when it is disabled.
 */
export async function sendTestEvent(
  prisma: PrismaClient,
  orgId: string,
  webhookId: string,
  now = new Date(),
): Promise<DeliveryView | null> {
  return prisma.$transaction(async (tx) => {
    if (!(await requireActiveWebhook(tx, orgId, webhookId))) return null;
    const payload = {
      id: newId('evt'),
      kind: WEBHOOK_TEST_EVENT,
      webhook_id: webhookId,
      at: now.toISOString(),
      message: 'A test event sent on request from the portal or the API. No document changed.',
    };
    return enqueueDelivery(tx, { orgId, webhookId, eventType: WEBHOOK_TEST_EVENT, payload, now });
  }, REQUEST_TRANSACTION);
}
