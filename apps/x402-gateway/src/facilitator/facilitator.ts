import type { PaymentPayload, PaymentRequirements, SettleResponse, VerifyResponse } from '@dp/core';

/**
 * What the gateway needs from an x402 facilitator. Implementations resolve with the facilitator's
 * verdict and reject with FacilitatorUnavailableError when they cannot give one.
 */
export interface Facilitator {
  verify(payment: PaymentPayload, requirements: PaymentRequirements): Promise<VerifyResponse>;
  settle(payment: PaymentPayload, requirements: PaymentRequirements): Promise<SettleResponse>;
}

/** The facilitator could not be reached or answered nonsense: the caller must not charge. */
export class FacilitatorUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FacilitatorUnavailableError';
  }
}
