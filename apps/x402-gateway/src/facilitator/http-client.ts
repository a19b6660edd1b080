import { z } from 'zod';
import { X402_VERSION, type PaymentPayload, type PaymentRequirements, type SettleResponse, type VerifyResponse } from '@dp/core';
import { FacilitatorUnavailableError, type Facilitator } from './facilitator';

const verifyResponse = z.object({
  isValid: z.boolean(),
  invalidReason: z.string().optional().nullable(),
  payer: z.string().optional().nullable(),
});
const settleResponse = z.object({
  success: z.boolean(),
  errorReason: z.string().optional().nullable(),
  transaction: z.string().default(''),
  network: z.string(),
  payer: z.string().optional().nullable(),
});

/**
 * Client of the x402 facilitator HTTP API (`POST /verify`, `POST /settle`). A facilitator that
 * cannot be reached, times out, answers 5xx or answers something unparseable is "unavailable".
 */
export function createHttpFacilitator(baseUrl: string, options: { timeoutMs?: number } = {}): Facilitator {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const timeoutMs = options.timeoutMs ?? 5_000;

  async function call(path: 'verify' | 'settle', payment: PaymentPayload, requirements: PaymentRequirements): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(new URL(path, base), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ x402Version: X402_VERSION, paymentPayload: payment, paymentRequirements: requirements }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new FacilitatorUnavailableError(`facilitator /${path} unreachable`, { cause });
    }
    if (res.status >= 500) throw new FacilitatorUnavailableError(`facilitator /${path} answered ${res.status}`);
    try {
      // Some facilitators answer a rejected payment with 400 and a verdict body: keep the verdict.
      return await res.json();
    } catch (cause) {
      throw new FacilitatorUnavailableError(`facilitator /${path} answered ${res.status} without JSON`, { cause });
    }
  }

  return {
    async verify(payment, requirements): Promise<VerifyResponse> {
      const parsed = verifyResponse.safeParse(await call('verify', payment, requirements));
      if (!parsed.success) throw new FacilitatorUnavailableError('facilitator /verify answered an unexpected body');
      const { isValid, invalidReason, payer } = parsed.data;
      return { isValid, invalidReason: invalidReason ?? undefined, payer: payer ?? undefined };
    },
    async settle(payment, requirements): Promise<SettleResponse> {
      const parsed = settleResponse.safeParse(await call('settle', payment, requirements));
      if (!parsed.success) throw new FacilitatorUnavailableError('facilitator /settle answered an unexpected body');
      const { errorReason, payer, ...rest } = parsed.data;
      return { ...rest, errorReason: errorReason ?? undefined, payer: payer ?? undefined };
    },
  };
}
