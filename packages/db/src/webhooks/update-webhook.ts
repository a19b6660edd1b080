import { invalidRequest, type FieldProblem } from '@dp/core';
import { REQUEST_TRANSACTION } from '../client';
import type { PrismaClient } from '../generated/client';
import { selectIn, sqlBuilder } from '../typed-sql';
import { canonicalEvents, webhookInputProblems } from './create-webhook';
import { presentWebhook, type WebhookView } from './present';
import type { UrlPolicy } from './url-policy';

/** Fields of an edit; absent ones stay as they are. Unknown types are refused, not trusted. */
export interface UpdateWebhookInput {
  url?: unknown;
  events?: unknown;
  description?: unknown;
  enabled?: unknown;
}

export const DISABLED_BY_USER = 'disabled by a user';

/**
 * Edits the organization's webhook: URL and events with the same checks as creation (the URL
 * policy included), description, and `enabled`. Re-enabling a disabled webhook clears its failure
 * count and makes its pending deliveries due now, so they resume at once, in order, and none shows
 * a next attempt in the past. Disabling stops deliveries (pending ones wait). Null when there is no
 * such webhook; bad fields are an invalid_request naming each.
 */
export async function updateWebhook(
  prisma: PrismaClient,
  orgId: string,
  webhookId: string,
  input: UpdateWebhookInput,
  policy: UrlPolicy,
  now = new Date(),
): Promise<WebhookView | null> {
  const problems: FieldProblem[] = webhookInputProblems(input, policy, { partial: true });
  if (input.enabled !== undefined && typeof input.enabled !== 'boolean')
    problems.push({ field: 'enabled', problem: 'must be true or false' });
  if (input.url === undefined && input.events === undefined && input.description === undefined && input.enabled === undefined) {
    problems.push({ field: 'body', problem: 'must change at least one of: url, events, description, enabled' });
  }
  if (problems.length) throw invalidRequest(problems);

  return prisma.$transaction(async (tx) => {
    // Locked, so a worker recording a failure cannot disable it between the read and the write.
    const [current] = await selectIn(
      tx,
      sqlBuilder.selectFrom('webhook').select('status').where('id', '=', webhookId).where('org_id', '=', orgId).forUpdate(),
    );
    if (!current) return null;
    const data: Parameters<typeof tx.webhook.update>[0]['data'] = {};
    if (typeof input.url === 'string') data.url = input.url.trim();
    if (Array.isArray(input.events)) data.events = canonicalEvents(input.events as string[]);
    if (input.description !== undefined) data.description = typeof input.description === 'string' ? input.description.trim() || null : null;
    if (input.enabled === true && current.status !== 'active') {
      Object.assign(data, { status: 'active', failureCount: 0, disabledAt: null, disabledReason: null });
      await tx.webhookDelivery.updateMany({ where: { webhookId, status: 'pending' }, data: { nextAttemptAt: now } });
    } else if (input.enabled === false && current.status === 'active') {
      Object.assign(data, { status: 'disabled', disabledAt: now, disabledReason: DISABLED_BY_USER });
    }
    const row = await tx.webhook.update({ where: { id: webhookId }, data });
    return presentWebhook(row, now);
  }, REQUEST_TRANSACTION);
}
