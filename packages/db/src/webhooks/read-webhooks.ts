import type { PrismaClient } from '../generated/client';
import { presentWebhook, type WebhookView } from './present';

/** The organization's webhooks, oldest first. */
export async function listWebhooks(prisma: PrismaClient, orgId: string): Promise<WebhookView[]> {
  const rows = await prisma.webhook.findMany({ where: { orgId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return rows.map((row) => presentWebhook(row));
}

/** One webhook of the organization; another organization's webhook is simply not found. */
export async function getWebhook(prisma: PrismaClient, orgId: string, id: string): Promise<WebhookView | null> {
  const row = await prisma.webhook.findFirst({ where: { id, orgId } });
  return row ? presentWebhook(row) : null;
}
