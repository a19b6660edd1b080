import type { Response } from 'express';
import type { RateLimitDecision } from '../state';

/** The name of the one quota policy the IETF fields describe (the plan's requests per window). */
export const RATE_LIMIT_POLICY = 'default';

/**
 * The rate-limit fields of one decision: `X-RateLimit-*` (spec 8: on every response; Reset in unix
 * seconds), and the IETF fields of draft-ietf-httpapi-ratelimit-headers in its current syntax
 * (structured fields): `RateLimit-Policy: "default";q=<limit>;w=<window s>` and
 * `RateLimit: "default";r=<remaining>;t=<seconds until the window resets>`.
 */
export function rateLimitHeaders(d: RateLimitDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(d.limit),
    'X-RateLimit-Remaining': String(d.remaining),
    'X-RateLimit-Reset': String(d.resetAt),
    'RateLimit-Policy': `"${RATE_LIMIT_POLICY}";q=${d.limit};w=${d.windowSeconds}`,
    RateLimit: `"${RATE_LIMIT_POLICY}";r=${d.remaining};t=${d.retryAfterSeconds}`,
  };
}

export function setRateLimitHeaders(res: Response, d: RateLimitDecision): void {
  const headers = rateLimitHeaders(d);
  // Not Object.entries: this runs on every /v1 answer, and the pairs would be garbage at once.
  for (const name in headers) res.setHeader(name, headers[name]);
}
