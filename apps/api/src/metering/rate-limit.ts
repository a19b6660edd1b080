import type { RequestHandler } from 'express';
import { ApiError, PLAN_DEFAULTS, type SharedState } from '@dp/core';

const WINDOW_SECONDS = 60;
/** Requests without a usable key are limited per client address at the free plan's rate. */
const ANONYMOUS_LIMIT = PLAN_DEFAULTS.free.requestsPerMinute;

/**
 * Per-organization fixed window (per plan), shared through Redis when configured. Sets
 * X-RateLimit-* on every response, 429 rate_limited with Retry-After (seconds) when exceeded.
 */
export function rateLimit(state: SharedState): RequestHandler {
  return async (req, res, next) => {
    const principal = req.principal;
    const key = principal ? `org:${principal.orgId}` : `ip:${req.ip}`;
    const limit = principal ? principal.requestsPerMinute : ANONYMOUS_LIMIT;
    const decision = await state.rateLimiter.consume(key, limit, WINDOW_SECONDS);
    res.setHeader('X-RateLimit-Limit', String(decision.limit));
    res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
    res.setHeader('X-RateLimit-Reset', String(decision.resetAt));
    // The IETF draft fields, for clients that read those.
    res.setHeader('RateLimit-Policy', `${decision.limit};w=${WINDOW_SECONDS}`);
    res.setHeader('RateLimit', `limit=${decision.limit}, remaining=${decision.remaining}, reset=${decision.retryAfterSeconds}`);
    if (!decision.allowed) {
      const error = new ApiError(
        'rate_limited',
        `Rate limit of ${decision.limit} requests per minute exceeded. Retry after ${decision.retryAfterSeconds} s.`,
        { limit: decision.limit, window_seconds: WINDOW_SECONDS, retry_after_seconds: decision.retryAfterSeconds },
        { 'Retry-After': String(decision.retryAfterSeconds) },
      );
      // With a key, the metered route raises it after counting the request; otherwise now.
      if (!principal) return next(error);
      req.rateLimitError = error;
    }
    next();
  };
}
