import {
  ApiError,
  X402_CLOCK_SKEW_SECONDS,
  type Logger,
  type Metrics,
  notFound,
  type PaymentRequirements,
  type RateLimitDecision,
  type SharedState,
} from '@dp/core';
import { normalizeDocumentRef, type Database } from '@dp/db';
import { DocumentSourceUnavailableError, type DocumentFetcher, type InternalDocumentBody } from '../documents/document-fetcher';
import { FacilitatorUnavailableError, type Facilitator } from '../facilitator/facilitator';
import { authorizationSigner } from '../facilitator/simulated';
import { invalidPayment, validityTooLong } from './challenge';
import { decodePayment, type DecodedPayment, type PresentedPayment } from './decode';
import { enforcePilotLimit, type InvalidPaymentGuard, type RateLimitSetting } from './payer-limit';
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
  /** Per payer (spec 8). */
  rateLimit: RateLimitSetting;
  /** Unpaid requests per client IP. */
  challengeLimit: RateLimitSetting;
  /** Refused payments per client IP. */
  invalidPayments: InvalidPaymentGuard;
  now: () => Date;
  logger: Logger;
  /** Challenges, settlements and refusals for `/metrics`. */
  metrics?: Metrics;
}

export interface PaidDocument {
  body: InternalDocumentBody;
  settlement: Settlement;
  rateLimit: RateLimitDecision;
}

/**
 * The paid path, in the order the pilot requires: decode → verify → rate-limit (per payer) →
 * document exists → settle within the daily cap. The existence check *is* the fetch from the api's
 * internal endpoint (served from the api's document cache): one lookup instead of a database query
 * here plus the fetch after settling, and a document that cannot be fetched is never charged.
 * Each step fails before anything is charged.
 */
export async function payForDocument(
  ctx: PaymentContext,
  input: {
    ref: string;
    /** X-PAYMENT (v1) or PAYMENT-SIGNATURE (v2): one payment pipeline, one store, for both. */
    presented: PresentedPayment;
    /** The resource's requirements (v1 form; the v2 form is derived from them). */
    requirements: PaymentRequirements;
    requestId: string;
    /** Told the payer's rate-limit decision as soon as it is known, so every later answer carries it. */
    onPayerLimit?: (decision: RateLimitDecision) => void;
  },
): Promise<PaidDocument> {
  const { requirements, requestId } = input;
  const decoded = decodePayment(input.presented, requirements);
  const { payment } = decoded;
  const { authorization } = payment.payload;
  const nowSeconds = BigInt(Math.floor(ctx.now().getTime() / 1000));
  const validBefore = UINT.test(authorization.validBefore) ? BigInt(authorization.validBefore) : undefined;
  // An authorization is good for at most the challenge's maxTimeoutSeconds (plus clock skew): one
  // valid for a year is a standing payment order that anyone who sees it could settle later.
  if (validBefore !== undefined && validBefore > nowSeconds + BigInt(requirements.maxTimeoutSeconds + X402_CLOCK_SKEW_SECONDS)) {
    throw validityTooLong(requirements.maxTimeoutSeconds, X402_CLOCK_SKEW_SECONDS);
  }
  // Past validBefore only a payment already settled here is served (a replay, never charged):
  // retrying a paid call must work after its authorization expired. A new one is expired.
  const payer =
    validBefore !== undefined && nowSeconds >= validBefore
      ? await settledPayer(ctx, decoded)
      : await verifiedPayer(ctx, decoded, requestId);
  // The pilot charges exactly its price: an authorization for more would be settled (and moved
  // on chain) in full, so it is refused rather than overcharging the payer.
  const value = authorization.value;
  if (UINT.test(value) && BigInt(value) !== BigInt(requirements.maxAmountRequired)) {
    throw invalidPayment(
      decoded.version === 2 ? 'invalid_exact_evm_payload_authorization_value_mismatch' : 'invalid_exact_evm_payload_authorization_value',
      `The authorization's value must be exactly ${requirements.maxAmountRequired} (the price in atomic units); nothing was charged.`,
    );
  }

  const rateLimit = await enforcePilotLimit(ctx.state, { kind: 'payer', id: payer }, ctx.rateLimit);
  input.onPayerLimit?.(rateLimit);

  // Same bounds resolveDocumentRef applied: an empty or absurd ref is not a document.
  const ref = normalizeDocumentRef(input.ref);
  if (!ref || ref.length > 200) throw notFound('Document', { charged: false });
  let fetched;
  let documentId = '';
  try {
    fetched = await ctx.fetchDocument(ref, { requestId });
    if (fetched.found) documentId = fetched.body.data.document.id;
  } catch (err) {
    if (!(err instanceof DocumentSourceUnavailableError)) throw err;
    ctx.logger.error({ requestId, reason: err.message }, 'internal document fetch failed before settlement');
    throw new ApiError('unavailable', 'The document could not be fetched; nothing was charged. Retry shortly.', {}, { 'Retry-After': '2' });
  }
  if (!fetched.found) throw notFound('Document', { charged: false });

  const settlement = await settlePayment({
    store: ctx.store,
    facilitator: ctx.facilitator,
    decoded,
    resource: requirements.resource,
    payer,
    documentId,
    capAtomic: ctx.capAtomic,
    now: ctx.now(),
    logger: ctx.logger,
    requestId,
  });
  ctx.logger.info(
    { requestId, payer, txRef: settlement.txRef, replay: settlement.replay, documentId, x402Version: decoded.version },
    'x402 payment settled',
  );
  return { body: fetched.body, settlement, rateLimit };
}

const UINT = /^\d{1,78}$/;

/** The facilitator's verdict on a payment still within its validity window: the payer, or the refusal. */
async function verifiedPayer(ctx: PaymentContext, decoded: DecodedPayment, requestId: string): Promise<string> {
  let verdict;
  try {
    verdict = await ctx.facilitator.verify(decoded.payment, decoded.requirements);
  } catch (err) {
    // Whatever broke, there is no verdict: refuse without charging.
    const level = err instanceof FacilitatorUnavailableError ? 'warn' : 'error';
    ctx.logger[level]({ requestId, reason: (err as Error)?.message }, 'facilitator unavailable at verify');
    throw new ApiError(
      'facilitator_unavailable',
      'The payment facilitator is unavailable; nothing was charged. Retry shortly.',
      {},
      { 'Retry-After': '5' },
    );
  }
  if (!verdict.isValid) throw invalidPayment(verdict.invalidReason ?? 'invalid_payment');
  return verdict.payer ?? decoded.payment.payload.authorization.from;
}

/**
 * A payment past its validBefore: the payer of the settled payment it replays. The nonce must be in
 * the payment store and the authorization signed by the payer recorded with it, to this resource's
 * payTo; the signature is checked offline (no facilitator would verify an expired authorization).
 * Which resource and protocol version it was settled for is then checked as for any replay.
 * Otherwise it is what it looks like: an expired authorization, refused without charge.
 */
async function settledPayer(ctx: PaymentContext, decoded: DecodedPayment): Promise<string> {
  const { payload } = decoded.payment;
  const { authorization } = payload;
  const record = /^0x[0-9a-fA-F]{64}$/.test(authorization.nonce) ? await ctx.store.findByNonce(authorization.nonce.toLowerCase()) : null;
  if (!record) {
    throw invalidPayment(
      'invalid_exact_evm_payload_authorization_valid_before',
      'The authorization expired (its validBefore has passed) and was never settled here; sign a new payment. Nothing was charged.',
    );
  }
  const { asset, extra, payTo } =
    decoded.version === 2 ? { ...decoded.requirements, extra: extraOf(decoded.requirements.extra) } : decoded.requirements;
  const signer = extra ? authorizationSigner(payload, asset, extra) : null;
  if (signer === null || signer !== authorization.from.toLowerCase() || signer !== record.payer.toLowerCase()) {
    throw invalidPayment(decoded.version === 2 ? 'invalid_exact_evm_signature' : 'invalid_exact_evm_payload_signature');
  }
  if (authorization.to.toLowerCase() !== payTo.toLowerCase()) {
    throw invalidPayment(decoded.version === 2 ? 'invalid_exact_evm_recipient_mismatch' : 'invalid_exact_evm_payload_recipient_mismatch');
  }
  return record.payer;
}

function extraOf(extra: Record<string, unknown>): { name: string; version: string } | null {
  return typeof extra.name === 'string' && typeof extra.version === 'string' ? { name: extra.name, version: extra.version } : null;
}
