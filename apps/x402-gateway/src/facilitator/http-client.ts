import {
  isV2Requirements,
  settleResponseSchema,
  verifyResponseSchema,
  X402_VERSION,
  X402_VERSION_V2,
  type AnyPaymentPayload,
  type AnyPaymentRequirements,
  type SettleResponse,
  type VerifyResponse,
} from '@dp/core';
import { FacilitatorUnavailableError, type Facilitator } from './facilitator';

/** Some facilitators send null for an absent field; the schemas take absent. */
function withoutNulls(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
}

/**
 * Client of the x402 facilitator HTTP API (`POST /verify`, `POST /settle`), for v1 and v2 payments
 * (the body's `x402Version` is the payment's). A facilitator that cannot be reached, times out,
 * answers 5xx or answers something unparseable is "unavailable".
 */
export function createHttpFacilitator(baseUrl: string, options: { timeoutMs?: number } = {}): Facilitator {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const timeoutMs = options.timeoutMs ?? 5_000;

  async function call(path: 'verify' | 'settle', payment: AnyPaymentPayload, requirements: AnyPaymentRequirements): Promise<unknown> {
    const x402Version = isV2Requirements(requirements) ? X402_VERSION_V2 : X402_VERSION;
    let res: Response;
    try {
      res = await fetch(new URL(path, base), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ x402Version, paymentPayload: payment, paymentRequirements: requirements }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new FacilitatorUnavailableError(`facilitator /${path} unreachable`, { cause });
    }
    if (res.status >= 500) throw new FacilitatorUnavailableError(`facilitator /${path} answered ${res.status}`);
    try {
      // Some facilitators answer a rejected payment with 400 and a verdict body: keep the verdict.
      return withoutNulls(await res.json());
    } catch (cause) {
      throw new FacilitatorUnavailableError(`facilitator /${path} answered ${res.status} without JSON`, { cause });
    }
  }

  return {
    async verify(payment, requirements): Promise<VerifyResponse> {
      const parsed = verifyResponseSchema.safeParse(await call('verify', payment, requirements));
      if (!parsed.success) throw new FacilitatorUnavailableError('facilitator /verify answered an unexpected body');
      return parsed.data;
    },
    async settle(payment, requirements): Promise<SettleResponse> {
      const body = (await call('settle', payment, requirements)) as Record<string, unknown> | null;
      // A failed settlement may come without a transaction.
      const parsed = settleResponseSchema.safeParse(body && typeof body === 'object' ? { transaction: '', ...body } : body);
      if (!parsed.success) throw new FacilitatorUnavailableError('facilitator /settle answered an unexpected body');
      return parsed.data;
    },
  };
}
