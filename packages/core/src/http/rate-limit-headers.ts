import type { Response } from 'express';
import type { RateLimitDecision } from '../state';

/** `X-RateLimit-*` for a decision (spec 8: on every response; Reset in unix seconds). */
export function rateLimitHeaders(d: RateLimitDecision): Record<string, string> {
  return { 'X-RateLimit-Limit': String(d.limit), 'X-RateLimit-Remaining': String(d.remaining), 'X-RateLimit-Reset': String(d.resetAt) };
}

export function setRateLimitHeaders(res: Response, d: RateLimitDecision): void {
  for (const [name, value] of Object.entries(rateLimitHeaders(d))) res.setHeader(name, value);
}
