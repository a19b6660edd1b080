import { createHmac } from 'node:crypto';
import { webhookSecretKey } from '@dp/db';

/**
 * Standard Webhooks signature: `v1,` + base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`, keyed
 * with the decoded secret. Receivers verify it with the `standardwebhooks` package.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', webhookSecretKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/**
 * The headers of one attempt. The id stays the same across retries so receivers can dedupe.
 * Each secret gives one `v1,` entry, space-separated as Standard Webhooks allows: after a rotation
 * both the new and the previous secret sign, so a receiver holding either verifies.
 */
export function webhookHeaders(secrets: string[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'legal-data-webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => signWebhook(secret, id, timestampSeconds, body)).join(' '),
  };
}
