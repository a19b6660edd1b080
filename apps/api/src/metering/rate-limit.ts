import type { ErrorRequestHandler, Request } from 'express';
import { ApiError, PLAN_DEFAULTS, setRateLimitHeaders, type RateLimitDecision, type SharedState } from '@dp/core';
import type { ApiKeyPrincipal } from '@dp/db';

const WINDOW_SECONDS = 60;
/** Requests without a usable key are limited per client address at the free plan's rate. */
const ANONYMOUS_LIMIT = PLAN_DEFAULTS.free.requestsPerMinute;

/**
 * Takes one request from the window of the key's organization (per plan), or of the client address
 * without a valid key; shared through Redis when configured.
 */
export function consumeRateLimit(
  state: SharedState,
  principal: ApiKeyPrincipal | undefined,
  ip: string | undefined,
): Promise<RateLimitDecision> {
  return principal
    ? state.rateLimiter.consume(`org:${principal.orgId}`, principal.requestsPerMinute, WINDOW_SECONDS)
    : state.rateLimiter.consume(`ip:${ip}`, ANONYMOUS_LIMIT, WINDOW_SECONDS);
}

/** The 429 of a request over its window, with `Retry-After` in seconds. */
export function rateLimitedError(decision: RateLimitDecision): ApiError {
  return new ApiError(
    'rate_limited',
    `Rate limit of ${decision.limit} requests per minute exceeded. Retry after ${decision.retryAfterSeconds} s.`,
    { limit: decision.limit, window_seconds: WINDOW_SECONDS, retry_after_seconds: decision.retryAfterSeconds },
    { 'Retry-After': String(decision.retryAfterSeconds) },
  );
}

/**
 * For errors raised before the pipeline took the request (the key lookup failing while storage is
 * down, a path Express could not decode): the request still counts against the client address,
 * and its error carries X-RateLimit-* like every other response.
 */
export function rateLimitHeadersOnError(state: SharedState): ErrorRequestHandler {
  return (err, req: Request, res, next) => {
    if (res.headersSent || res.getHeader('X-RateLimit-Limit') !== undefined) return next(err);
    consumeRateLimit(state, undefined, req.ip).then(
      (decision) => {
        setRateLimitHeaders(res, decision);
        next(err);
      },
      () => next(err), // the limiter's own failure must not replace the original error
    );
  };
}
