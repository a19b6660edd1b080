import type { Response } from 'express';
import {
  PAYMENT_REQUIRED_HEADER,
  X402_PRICE_USD,
  buildChallengeBody,
  buildPaymentRequiredV2,
  encodePaymentRequiredHeader,
  type PaymentRequirements,
} from '@dp/core';

/** A refusal answered with the 402 challenge body, so the client can (re)pay straight away. */
export class PaymentChallenge extends Error {
  constructor(
    readonly code: 'payment_required' | 'invalid_payment',
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'PaymentChallenge';
  }
}

export function paymentRequired(): PaymentChallenge {
  return new PaymentChallenge(
    'payment_required',
    `This endpoint costs ${X402_PRICE_USD} USD per call, paid with x402: sign one of the accepted payments and repeat the request with an X-PAYMENT (x402 v1) or PAYMENT-SIGNATURE (x402 v2) header.`,
  );
}

export function invalidPayment(reason: string, message?: string): PaymentChallenge {
  return new PaymentChallenge('invalid_payment', message ?? `The payment was refused: ${reason}.`, { reason });
}

export function dailyCapReached(now: Date): PaymentChallenge {
  const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
  return new PaymentChallenge(
    'payment_required',
    `The x402 pilot cap is reached for today (UTC); paid calls resume at ${resetsAt}. Nothing was charged.`,
    { reason: 'daily_cap_reached', resets_at: resetsAt },
  );
}

/**
 * Every 402 carries both challenges: the v1 body (spec 2.5) and the v2 PAYMENT-REQUIRED header,
 * whose `error` is the refusal's reason (or the message when there is none), as v2 servers say it.
 */
export function sendChallenge(res: Response, requirements: PaymentRequirements, challenge: PaymentChallenge): void {
  const reason = typeof challenge.details.reason === 'string' ? challenge.details.reason : challenge.message;
  res
    .status(402)
    .setHeader(PAYMENT_REQUIRED_HEADER, encodePaymentRequiredHeader(buildPaymentRequiredV2(requirements, reason)))
    .json(
      buildChallengeBody(requirements, { code: challenge.code, message: challenge.message, details: challenge.details }, res.req.requestId),
    );
}
