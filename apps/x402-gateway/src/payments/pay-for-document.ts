import { ApiError, type Logger, notFound, type PaymentRequirements, type RateLimitDecision, type SharedState } from '@dp/core';
import { resolveDocumentRef, type Database } from '@dp/db';
import { DocumentSourceUnavailableError, type DocumentFetcher } from '../documents/document-fetcher';
import { FacilitatorUnavailableError, type Facilitator } from '../facilitator/facilitator';
import { invalidPayment } from './challenge';
import { decodePayment } from './decode';
import { enforcePilotLimit, type RateLimitSetting } from './payer-limit';
import type { PaymentStore } from './payment-store';
import type { Settlement } from './replay';
import { settlePayment } from './settle-payment';

export interface PaymentContext {
  db: Database;
  state: SharedState;
  store: PaymentStore;
  facilitator: Facilitator;
  fetchDocument: DocumentFetcher;
  capAtomic: bigint;
  rateLimit: RateLimitSetting;
  now: () => Date;
  logger: Logger;
}

export interface PaidDocument {
  body: Record<string, unknown>;
  settlement: Settlement;
  rateLimit: RateLimitDecision;
}

/**
 * The paid path, in the order the pilot requires: decode → verify → rate-limit (per payer) →
 * document exists → settle within the daily cap → fetch from the api's internal endpoint.
 * Each step fails before anything is charged, except the last (whose payment can be replayed).
 */
export async function payForDocument(
  ctx: PaymentContext,
  input: { ref: string; header: string; requirements: PaymentRequirements; requestId: string },
): Promise<PaidDocument> {
  const { requirements, requestId } = input;
  const payment = decodePayment(input.header);

  let verdict;
  try {
    verdict = await ctx.facilitator.verify(payment, requirements);
  } catch (err) {
    // Whatever broke, there is no verdict: refuse without charging.
    const level = err instanceof FacilitatorUnavailableError ? 'warn' : 'error';
    ctx.logger[level]({ requestId, reason: (err as Error)?.message }, 'facilitator unavailable at verify');
    throw new ApiError('facilitator_unavailable', 'The payment facilitator is unavailable; nothing was charged. Retry shortly.', {}, { 'Retry-After': '5' });
  }
  if (!verdict.isValid) throw invalidPayment(verdict.invalidReason ?? 'invalid_payment');
  const payer = verdict.payer ?? payment.payload.authorization.from;

  const rateLimit = await enforcePilotLimit(ctx.state, { kind: 'payer', id: payer }, ctx.rateLimit);

  const document = await resolveDocumentRef(ctx.db.prisma, input.ref);
  if (!document) throw notFound('Document', { charged: false });

  const settlement = await settlePayment({
    store: ctx.store,
    facilitator: ctx.facilitator,
    payment,
    requirements,
    payer,
    documentId: document.id,
    capAtomic: ctx.capAtomic,
    now: ctx.now(),
    logger: ctx.logger,
    requestId,
  });
  ctx.logger.info({ requestId, payer, txRef: settlement.txRef, replay: settlement.replay, documentId: document.id }, 'x402 payment settled');

  let fetched;
  try {
    fetched = await ctx.fetchDocument(document.id, { requestId });
  } catch (err) {
    if (!(err instanceof DocumentSourceUnavailableError)) throw err;
    // Paid but not served: the same X-PAYMENT is honoured as a replay (no new charge) on retry.
    ctx.logger.error({ requestId, reason: err.message }, 'internal document fetch failed after settlement');
    throw new ApiError('unavailable', 'The document could not be fetched; retry with the same X-PAYMENT header (it will not be charged again).', {}, { 'Retry-After': '2' });
  }
  if (!fetched.found) throw notFound('Document');
  return { body: fetched.body, settlement, rateLimit };
}
