import type { RequestHandler } from 'express';
import type { SharedState } from '../state';
import { ApiError } from '../errors';
import { OPERATIONS_PATHS } from '../metrics/operations-paths';
import { setRateLimitHeaders } from './rate-limit-headers';

/** The window of answers outside `/v1` and the pilot, per client address. */
const WINDOW_SECONDS = 60;

/**
 * Spec 8's rate-limit fields on the answers of the public origin that no key's plan limits: the
 * portal, the reference, the health paths, MCP's refusals. Each request takes one from its
 * client address's window (its own window, apart from the API's anonymous one, shared through
 * Redis when configured); over it, a 429 with `Retry-After`, so the fields say what is enforced.
 * The operations paths (`/livez`, `/readyz`, `/metrics`) count and carry the fields but are never
 * refused: a probe read as "down" would take a healthy instance out. A request already carrying
 * the fields (an answer that counted it elsewhere) is left as it is.
 */
export function clientRateLimit(
  state: SharedState,
  requestsPerMinute: number,
  options: { skip?: (path: string) => boolean } = {},
): RequestHandler {
  return (req, res, next) => {
    if (options.skip?.(req.path) || res.getHeader('X-RateLimit-Limit') !== undefined) return next();
    state.rateLimiter.consume(`client:${req.ip ?? 'unknown'}`, requestsPerMinute, WINDOW_SECONDS).then((decision) => {
      setRateLimitHeaders(res, decision);
      if (decision.allowed || OPERATIONS_PATHS.has(req.path)) return next();
      next(
        new ApiError(
          'rate_limited',
          `Rate limit of ${decision.limit} requests per minute from this address exceeded. Retry after ${decision.retryAfterSeconds} s.`,
          { limit: decision.limit, window_seconds: WINDOW_SECONDS, retry_after_seconds: decision.retryAfterSeconds },
          { 'Retry-After': String(decision.retryAfterSeconds) },
        ),
      );
    }, next);
  };
}
