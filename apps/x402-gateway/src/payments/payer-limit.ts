import { ApiError, type RateLimitDecision, type SharedState } from '@dp/core';

export interface RateLimitSetting {
  limit: number;
  windowSeconds: number;
}

/** Spec 8: 10 requests per minute per payer. */
export const PILOT_RATE_LIMIT: RateLimitSetting = { limit: 10, windowSeconds: 60 };

export function rateLimitHeaders(d: RateLimitDecision): Record<string, string> {
  return { 'X-RateLimit-Limit': String(d.limit), 'X-RateLimit-Remaining': String(d.remaining), 'X-RateLimit-Reset': String(d.resetAt) };
}

/**
 * Counts one request against `who` (a payer address once a payment is presented, the client IP
 * before) and throws 429 rate_limited with Retry-After when the window is used up.
 */
export async function enforcePilotLimit(
  state: SharedState,
  who: { kind: 'payer' | 'ip'; id: string },
  setting: RateLimitSetting = PILOT_RATE_LIMIT,
): Promise<RateLimitDecision> {
  const decision = await state.rateLimiter.consume(`x402:${who.kind}:${who.id.toLowerCase()}`, setting.limit, setting.windowSeconds);
  if (!decision.allowed) {
    throw new ApiError(
      'rate_limited',
      `Too many requests for this ${who.kind === 'payer' ? 'payer' : 'client'}: the pilot allows ${setting.limit} per ${setting.windowSeconds} s.`,
      { limit: setting.limit, window_seconds: setting.windowSeconds, retry_after_seconds: decision.retryAfterSeconds },
      { ...rateLimitHeaders(decision), 'Retry-After': String(decision.retryAfterSeconds) },
    );
  }
  return decision;
}
