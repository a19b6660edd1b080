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
    /** Extra response headers (Retry-After when the refusal ends at a known time). */
    readonly headers: Record<string, string> = {},
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

/**
 * The day's cap is reached: said in the challenge itself (so a client need not sign a payment only
 * to have it refused) and on a refused payment alike, with `Retry-After` = the seconds until the
 * next UTC day, when paid calls resume.
 */
export function dailyCapReached(now: Date, options: { paymentPresented: boolean }): PaymentChallenge {
  const resets = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const resetsAt = new Date(resets).toISOString();
  const retryAfter = Math.max(1, Math.ceil((resets - now.getTime()) / 1000));
  return new PaymentChallenge(
    'payment_required',
    `The x402 pilot cap is reached for today (UTC); paid calls resume at ${resetsAt}. ${
      options.paymentPresented ? 'Nothing was charged.' : 'Do not sign a payment before then: it would be refused.'
    }`,
    { reason: 'daily_cap_reached', resets_at: resetsAt },
    { 'Retry-After': String(retryAfter) },
  );
}

/** An authorization valid for longer than the challenge allows (maxTimeoutSeconds plus the clock skew). */
export function validityTooLong(maxTimeoutSeconds: number, skewSeconds: number): PaymentChallenge {
  return invalidPayment(
    'authorization_validity_too_long',
    `The authorization's validBefore is too far ahead: this resource accepts authorizations valid for at most maxTimeoutSeconds (${maxTimeoutSeconds} s) from now, plus ${skewSeconds} s of clock skew. Sign one with validBefore <= now + ${maxTimeoutSeconds}; nothing was charged.`,
  );
}

/**
 * Every 402 carries both challenges: the v1 body (spec 2.5) and the v2 PAYMENT-REQUIRED header,
 * whose `error` is the refusal's reason (or the message when there is none), as v2 servers say it.
 */
export function sendChallenge(res: Response, requirements: PaymentRequirements, challenge: PaymentChallenge): void {
  const reason = typeof challenge.details.reason === 'string' ? challenge.details.reason : challenge.message;
  for (const [name, value] of Object.entries(challenge.headers)) res.setHeader(name, value);
  res
    .status(402)
    .setHeader(PAYMENT_REQUIRED_HEADER, encodePaymentRequiredHeader(buildPaymentRequiredV2(requirements, reason)))
    .json(
      buildChallengeBody(requirements, { code: challenge.code, message: challenge.message, details: challenge.details }, res.req.requestId),
    );
}
