import type { PrismaClient } from '../generated/client';
import { presentWebhook, type WebhookView } from './present';
import { generateWebhookSecret } from './secret';

/** How long the secret replaced by a rotation keeps signing deliveries. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3_600_000;

/**
 * Gives the organization's webhook a new signing secret, returned this once. Until
 * `previous_secret_expires_at` (24 h) every delivery carries a signature with the old secret too,
 * so receivers can switch at their own pace. Rotating again within that time retires the older
 * secret at once: only the secret in use just before the rotation stays valid. Null when there is
 * no such webhook.
 */
export async function rotateWebhookSecret(
  prisma: PrismaClient,
  orgId: string,
  webhookId: string,
  now = new Date(),
): Promise<{ webhook: WebhookView; secret: string } | null> {
  const secret = generateWebhookSecret();
  // One statement: the old secret is read and moved aside in the same row update.
  const updated = await prisma.$executeRawUnsafe(
    `UPDATE "webhook" SET previous_secret = secret, previous_secret_expires_at = $3::timestamptz, secret = $4
     WHERE id = $1 AND org_id = $2`,
    webhookId,
    orgId,
    new Date(now.getTime() + PREVIOUS_SECRET_GRACE_MS).toISOString(),
    secret,
  );
  if (updated === 0) return null;
  const row = await prisma.webhook.findFirstOrThrow({ where: { id: webhookId, orgId } });
  return { webhook: presentWebhook(row, now), secret };
}
