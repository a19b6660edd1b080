import { CHANGE_KINDS, invalidRequest, newId, type FieldProblem } from '@dp/core';
import { REQUEST_TRANSACTION } from '../client';
import type { PrismaClient } from '../generated/client';
import { presentWebhook, type WebhookView } from './present';
import { generateWebhookSecret } from './secret';
import { webhookUrlProblem, type UrlPolicy } from './url-policy';

export const MAX_WEBHOOKS_PER_ORG = 20;
export const MAX_WEBHOOK_DESCRIPTION = 500;

/** What a caller asks for: parsed JSON (the API) or form values (the portal), checked here. */
export interface CreateWebhookInput {
  orgId: string;
  url: unknown;
  events: unknown;
  description?: unknown;
}

/**
 * Field problems of a create request, or of an edit with `partial` (absent fields are kept as they
 * are, so only the fields given are checked). Types are checked too: the API passes parsed JSON
 * and the portal passes form values, so nothing here trusts the static types.
 */
export function webhookInputProblems(
  input: { url?: unknown; events?: unknown; description?: unknown },
  policy: UrlPolicy,
  options: { partial?: boolean } = {},
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const skip = (v: unknown) => options.partial === true && v === undefined;
  if (skip(input.url)) {
    // kept as it is
  } else if (typeof input.url !== 'string' || input.url.trim() === '') {
    problems.push({ field: 'url', problem: 'is required, as a string' });
  } else {
    const p = webhookUrlProblem(input.url.trim(), policy);
    if (p) problems.push({ field: 'url', problem: p });
  }
  if (skip(input.events)) {
    // kept as they are
  } else if (!Array.isArray(input.events) || input.events.length === 0) {
    problems.push({ field: 'events', problem: `is required: a non-empty array of: ${CHANGE_KINDS.join(', ')}` });
  } else {
    const bad = input.events.filter((e) => typeof e !== 'string' || !(CHANGE_KINDS as readonly string[]).includes(e));
    if (bad.length) problems.push({ field: 'events', problem: `must contain only: ${CHANGE_KINDS.join(', ')}` });
  }
  if (input.description !== undefined && input.description !== null) {
    if (typeof input.description !== 'string') problems.push({ field: 'description', problem: 'must be a string' });
    else if (input.description.length > MAX_WEBHOOK_DESCRIPTION) {
      problems.push({ field: 'description', problem: `must be at most ${MAX_WEBHOOK_DESCRIPTION} characters` });
    }
  }
  return problems;
}

/** The subscribed events in canonical order, without duplicates. */
export function canonicalEvents(events: string[]): string[] {
  return CHANGE_KINDS.filter((k) => events.includes(k));
}

/**
 * Creates a webhook and its signing secret. The secret is returned here only: callers show it
 * once; it is stored because every delivery is signed with it.
 */
export async function createWebhook(
  prisma: PrismaClient,
  input: CreateWebhookInput,
  policy: UrlPolicy,
): Promise<{ webhook: WebhookView; secret: string }> {
  const problems = webhookInputProblems(input, policy);
  if (problems.length) throw invalidRequest(problems);
  // webhookInputProblems found none: the values have the types it checks.
  const checked = input as { orgId: string; url: string; events: string[]; description?: string | null };
  const events = canonicalEvents(checked.events);
  const description = checked.description?.trim() || null;
  const secret = generateWebhookSecret();
  const row = await prisma.$transaction(async (tx) => {
    // Locking the organization row serialises concurrent creates, so the cap holds.
    await tx.$queryRawUnsafe('SELECT id FROM "organization" WHERE id = $1 FOR UPDATE', input.orgId);
    const count = await tx.webhook.count({ where: { orgId: input.orgId } });
    if (count >= MAX_WEBHOOKS_PER_ORG) {
      throw invalidRequest(
        [{ field: 'url', problem: `an organization can have at most ${MAX_WEBHOOKS_PER_ORG} webhooks; delete one first` }],
        `An organization can have at most ${MAX_WEBHOOKS_PER_ORG} webhooks.`,
      );
    }
    return tx.webhook.create({
      data: { id: newId('wh'), orgId: input.orgId, url: checked.url.trim(), description, events, secret },
    });
  }, REQUEST_TRANSACTION);
  return { webhook: presentWebhook(row), secret };
}
