import { ApiError, rateLimitHeaders, type RateLimitDecision, type SharedState } from '@dp/core';

export interface RateLimitSetting {
  limit: number;
  windowSeconds: number;
}

/** Spec 8: 10 requests per minute per payer. */
export const PILOT_RATE_LIMIT: RateLimitSetting = { limit: 10, windowSeconds: 60 };

/**
 * Spec 8: before a payment is presented the payer is the client IP, at the same 10 a minute.
 * Counts the 402 challenges and every other answer given before a payer is known.
 */
export const PILOT_CHALLENGE_LIMIT: RateLimitSetting = { limit: 10, windowSeconds: 60 };

/**
 * CORS preflights per client IP: their own budget, so a browser's preflights (one per set of
 * request headers, cached for Access-Control-Max-Age) do not use up its 10 challenges. A
 * preflight costs no database work and no signature check.
 */
export const PILOT_PREFLIGHT_LIMIT: RateLimitSetting = { limit: 600, windowSeconds: 60 };

/**
 * Refused X-PAYMENT headers (undecodable, or failing the facilitator's checks) per client IP.
 * Once used up, further payments from the address are refused before decoding or any signature
 * check until the window ends; honest clients practically never send a refused payment.
 */
export const PILOT_INVALID_PAYMENT_LIMIT: RateLimitSetting = { limit: 20, windowSeconds: 60 };

/** Counts one unpaid request (a challenge, or an answer given before a payer is known) of `ip`. */
export function consumeUnpaid(
  state: SharedState,
  ip: string,
  setting: RateLimitSetting = PILOT_CHALLENGE_LIMIT,
): Promise<RateLimitDecision> {
  return state.rateLimiter.consume(`x402:ip:${ip.toLowerCase()}`, setting.limit, setting.windowSeconds);
}

/** Counts one CORS preflight of `ip` (its own budget: PILOT_PREFLIGHT_LIMIT). */
export function consumePreflight(
  state: SharedState,
  ip: string,
  setting: RateLimitSetting = PILOT_PREFLIGHT_LIMIT,
): Promise<RateLimitDecision> {
  return state.rateLimiter.consume(`x402:preflight:${ip.toLowerCase()}`, setting.limit, setting.windowSeconds);
}

export function rateLimited(d: RateLimitDecision, message: string, setting: RateLimitSetting): ApiError {
  return new ApiError(
    'rate_limited',
    message,
    { limit: setting.limit, window_seconds: setting.windowSeconds, retry_after_seconds: d.retryAfterSeconds },
    { ...rateLimitHeaders(d), 'Retry-After': String(d.retryAfterSeconds) },
  );
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
  const decision =
    who.kind === 'ip'
      ? await consumeUnpaid(state, who.id, setting)
      : await state.rateLimiter.consume(`x402:payer:${who.id.toLowerCase()}`, setting.limit, setting.windowSeconds);
  if (!decision.allowed) {
    throw rateLimited(
      decision,
      `Too many requests for this ${who.kind === 'payer' ? 'payer' : 'client'}: the pilot allows ${setting.limit} per ${setting.windowSeconds} s.`,
      setting,
    );
  }
  return decision;
}

/**
 * The per-IP budget of refused payments. The shared limiter counts refusals across instances;
 * each instance remembers an exhausted address until its window ends, so the check before
 * decoding costs no round trip and no signature check.
 */
export class InvalidPaymentGuard {
  private readonly blocked = new Map<string, RateLimitDecision>();

  constructor(
    private readonly state: SharedState,
    readonly setting: RateLimitSetting = PILOT_INVALID_PAYMENT_LIMIT,
    private readonly maxBlocked = 10_000,
  ) {}

  /** Throws 429 while `ip` has used up its refused payments; call before touching X-PAYMENT. */
  check(ip: string, nowMs = Date.now()): void {
    const decision = this.blocked.get(ip);
    if (!decision) return;
    if (decision.resetAt * 1000 <= nowMs) {
      this.blocked.delete(ip);
      return;
    }
    const left = { ...decision, retryAfterSeconds: Math.max(1, Math.ceil((decision.resetAt * 1000 - nowMs) / 1000)) };
    throw this.tooMany(left);
  }

  /** Counts one refused payment from `ip`; throws 429 once the budget is used up. */
  async record(ip: string): Promise<RateLimitDecision> {
    const decision = await this.state.rateLimiter.consume(
      `x402:invalid:${ip.toLowerCase()}`,
      this.setting.limit,
      this.setting.windowSeconds,
    );
    if (decision.allowed) return decision;
    if (this.blocked.size >= this.maxBlocked) this.blocked.delete(this.blocked.keys().next().value!);
    this.blocked.set(ip, decision);
    throw this.tooMany(decision);
  }

  private tooMany(d: RateLimitDecision): ApiError {
    return rateLimited(
      d,
      `Too many refused payments from this client: the pilot allows ${this.setting.limit} per ${this.setting.windowSeconds} s. Sign a valid payment and retry after ${d.retryAfterSeconds} s.`,
      this.setting,
    );
  }
}
