import {
  X402_ASSET_EXTRA,
  X402_MAX_TIMEOUT_SECONDS,
  X402_NETWORK,
  X402_PRICE_ATOMIC,
  X402_PRICE_USD,
  X402_SCHEME,
  X402_VERSION,
} from './constants';
import type { PaymentRequirements } from './types';

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

export interface ChallengeBody {
  x402Version: number;
  accepts: PaymentRequirements[];
  error: { code: 'payment_required' | 'invalid_payment'; message: string; details: Record<string, unknown> };
  meta: { request_id: string };
}

/** The 402 body (spec 2.5); `details.price_usd` is always present. */
export function buildChallengeBody(
  requirements: PaymentRequirements,
  error: { code: 'payment_required' | 'invalid_payment'; message: string; details?: Record<string, unknown> },
  requestId: string,
): ChallengeBody {
  return {
    x402Version: X402_VERSION,
    accepts: [requirements],
    error: { code: error.code, message: error.message, details: { ...error.details, price_usd: Number(X402_PRICE_USD) } },
    meta: { request_id: requestId },
  };
}
