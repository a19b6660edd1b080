import type { PrismaClient } from '../generated/client';

/**
 * Deletes a webhook of the organization. Its deliveries and their attempt log go with it (foreign
 * keys cascade), so nothing pending is ever sent; a worker that already holds a claim finds the
 * row gone when it re-reads it before sending. False when there is no such webhook.
 */
export async function deleteWebhook(prisma: PrismaClient, orgId: string, id: string): Promise<boolean> {
  const { count } = await prisma.webhook.deleteMany({ where: { id, orgId } });
  return count > 0;
}
