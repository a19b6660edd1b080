import { randomBytes } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Standard Webhooks secret: `whsec_` + base64 of 24 random bytes (192 bits). */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** The HMAC key a secret stands for: the base64-decoded part after `whsec_`. */
export function webhookSecretKey(secret: string): Buffer {
  const body = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  return Buffer.from(body, 'base64');
}
