import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { ApiError, PLAN_DEFAULTS, setRateLimitHeaders, type RateLimitDecision, type SharedState } from '@dp/core';

const WINDOW_SECONDS = 60;
/** Requests without a usable key are limited per client address at the free plan's rate. */
const ANONYMOUS_LIMIT = PLAN_DEFAULTS.free.requestsPerMinute;

async function consume(state: SharedState, req: Request): Promise<RateLimitDecision> {
  const principal = req.principal;
  const key = principal ? `org:${principal.orgId}` : `ip:${req.ip}`;
  const limit = principal ? principal.requestsPerMinute : ANONYMOUS_LIMIT;
  return state.rateLimiter.consume(key, limit, WINDOW_SECONDS);
}

/**
 * Per-organization fixed window (per plan), shared through Redis when configured. Sets
 * X-RateLimit-* on every response, 429 rate_limited with Retry-After (seconds) when exceeded.
 */
export function rateLimit(state: SharedState): RequestHandler {
  return async (req, res, next) => {
    const decision = await consume(state, req);
    setRateLimitHeaders(res, decision);
    if (!decision.allowed) {
      const error = new ApiError(
        'rate_limited',
        `Rate limit of ${decision.limit} requests per minute exceeded. Retry after ${decision.retryAfterSeconds} s.`,
        { limit: decision.limit, window_seconds: WINDOW_SECONDS, retry_after_seconds: decision.retryAfterSeconds },
        { 'Retry-After': String(decision.retryAfterSeconds) },
      );
      // With a key, the metered route raises it after counting the request; otherwise now.
      if (!req.principal) return next(error);
      req.rateLimitError = error;
    }
    next();
  };
}

/**
 * For errors raised before the limiter ran (the key lookup failing while storage is down): the
 * request still counts, and its error carries X-RateLimit-* like every other response.
 */
export function rateLimitHeadersOnError(state: SharedState): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent || res.getHeader('X-RateLimit-Limit') !== undefined) return next(err);
    consume(state, req).then(
      (decision) => {
        setRateLimitHeaders(res, decision);
        next(err);
      },
      () => next(err), // the limiter's own failure must not replace the original error
    );
  };
}
