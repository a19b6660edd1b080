import { ApiError } from '@dp/core';
import type { Prisma, PrismaClient } from '../generated/client';

/**
 * Whether the organization's webhook exists (null when not) and is active. Deliveries made on
 * request (test events, replays) need an active webhook: a disabled one sends nothing, so the
 * request would only wait unseen; the caller is told to re-enable it first.
 */
export async function requireActiveWebhook(
  prisma: PrismaClient | Prisma.TransactionClient,
  orgId: string,
  webhookId: string,
): Promise<boolean> {
  const webhook = await prisma.webhook.findFirst({ where: { id: webhookId, orgId }, select: { status: true } });
  if (!webhook) return false;
  if (webhook.status !== 'active') {
    throw new ApiError('conflict', 'The webhook is disabled: re-enable it first, then try again.', { reason: 'webhook_disabled' });
  }
  return true;
}
