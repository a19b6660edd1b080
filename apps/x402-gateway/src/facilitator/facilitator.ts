import type { AnyPaymentPayload, AnyPaymentRequirements, SettleResponse, VerifyResponse } from '@dp/core';

/**
 * What the gateway needs from an x402 facilitator, for v1 and v2 payments alike (each paired with
 * requirements of its own version). Implementations resolve with the facilitator's
 * verdict and reject with FacilitatorUnavailableError when they cannot give one.
 */
export interface Facilitator {
  /**
   * True when settle() moves nothing and its answer depends only on the payment and the clock (the
   * simulated facilitator): the gateway may then settle before it reserves, and record the payment
   * settled in the reserving statement (one durable write instead of reserve + confirm). A remote
   * facilitator moves funds, so it is asked only after the reservation holds.
   */
  readonly settlesOffline?: boolean;
  verify(payment: AnyPaymentPayload, requirements: AnyPaymentRequirements): Promise<VerifyResponse>;
  settle(payment: AnyPaymentPayload, requirements: AnyPaymentRequirements): Promise<SettleResponse>;
}

/** The facilitator could not be reached or answered nonsense: the caller must not charge. */
export class FacilitatorUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FacilitatorUnavailableError';
  }
}
