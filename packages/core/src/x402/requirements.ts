import {
  X402_ASSET_EXTRA,
  X402_MAX_TIMEOUT_SECONDS,
  X402_NETWORK,
  X402_PRICE_ATOMIC,
  X402_PRICE_USD,
  X402_SCHEME,
  X402_NETWORK_V2,
  X402_VERSION,
  X402_VERSION_V2,
} from './constants';
import { z } from 'zod';
import { errorDocUrl } from '../errors';
import { paymentRequirementsSchema, type PaymentRequiredV2, type PaymentRequirements, type PaymentRequirementsV2 } from './types';

export interface RequirementsInput {
  /** Absolute URL of the request being paid for. */
  resource: string;
  payTo: string;
  asset: string;
  description: string;
  priceAtomic?: bigint;
}

/** One `accepts` entry (spec 2.4); the amount is an integer string, never a float. */
export function buildPaymentRequirements(input: RequirementsInput): PaymentRequirements {
  return {
    scheme: X402_SCHEME,
    network: X402_NETWORK,
    maxAmountRequired: (input.priceAtomic ?? X402_PRICE_ATOMIC).toString(),
    resource: input.resource,
    description: input.description,
    mimeType: 'application/json',
    payTo: input.payTo,
    maxTimeoutSeconds: X402_MAX_TIMEOUT_SECONDS,
    asset: input.asset,
    extra: { ...X402_ASSET_EXTRA },
  };
}

/** The v2 form of a v1 entry: the same payment terms, `amount`, the CAIP-2 network, no resource. */
export function toV2Requirements(r: PaymentRequirements): PaymentRequirementsV2 {
  return {
    scheme: r.scheme,
    network: X402_NETWORK_V2,
    asset: r.asset,
    amount: r.maxAmountRequired,
    payTo: r.payTo,
    maxTimeoutSeconds: r.maxTimeoutSeconds,
    extra: { ...r.extra },
  };
}

/** The PAYMENT-REQUIRED value for a v1 entry; `error` says why a payment was refused, if one was. */
export function buildPaymentRequiredV2(r: PaymentRequirements, error?: string): PaymentRequiredV2 {
  return {
    x402Version: X402_VERSION_V2,
    ...(error ? { error } : {}),
    resource: { url: r.resource, description: r.description, mimeType: r.mimeType },
    accepts: [toV2Requirements(r)],
  };
}

export const challengeBodySchema = z.object({
  x402Version: z.number(),
  accepts: z.array(paymentRequirementsSchema),
  error: z.object({
    code: z.enum(['payment_required', 'invalid_payment']),
    message: z.string(),
    details: z.record(z.string(), z.unknown()),
    doc_url: z.string(),
  }),
  meta: z.object({ request_id: z.string() }),
});
export type ChallengeBody = z.infer<typeof challengeBodySchema>;

/** The 402 body (spec 2.5); `details.price_usd` is always present. */
export function buildChallengeBody(
  requirements: PaymentRequirements,
  error: { code: 'payment_required' | 'invalid_payment'; message: string; details?: Record<string, unknown> },
  requestId: string,
): ChallengeBody {
  return {
    x402Version: X402_VERSION,
    accepts: [requirements],
    error: {
      code: error.code,
      message: error.message,
      details: { ...error.details, price_usd: Number(X402_PRICE_USD) },
      doc_url: errorDocUrl(error.code),
    },
    meta: { request_id: requestId },
  };
}
