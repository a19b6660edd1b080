import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  PAYMENT_REQUIRED_HEADER,
  PAYMENT_RESPONSE_HEADER,
  PAYMENT_SIGNATURE_HEADER,
  X_PAYMENT_HEADER,
  X_PAYMENT_RESPONSE_HEADER,
  sendError,
  setRateLimitHeaders,
  type SharedState,
} from '@dp/core';
import { consumePreflight, rateLimited, type RateLimitSetting } from '../payments/payer-limit';

// x402-fetch sends Access-Control-Expose-Headers as a *request* header, so it must be allowed too.
const ALLOWED_HEADERS = [X_PAYMENT_HEADER, PAYMENT_SIGNATURE_HEADER, 'Access-Control-Expose-Headers', 'Content-Type', 'X-Request-Id'].join(
  ', ',
);
const EXPOSED_HEADERS = [
  X_PAYMENT_RESPONSE_HEADER,
  PAYMENT_REQUIRED_HEADER,
  PAYMENT_RESPONSE_HEADER,
  'X-Request-Id',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit',
  'RateLimit-Policy',
].join(', ');

/**
 * CORS for the keyless pilot: any origin may call it from a browser (payment replaces credentials,
 * so no cookies are involved), and preflights are answered here, counted on the client IP's
 * preflight budget so that they carry X-RateLimit-* like every answer (over it: 429 rate_limited).
 */
export function x402Cors(state: SharedState, preflightLimit: RateLimitSetting): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (req.method !== 'OPTIONS') return next();
    const decision = await consumePreflight(state, req.ip ?? 'unknown', preflightLimit);
    if (!decision.allowed) return sendError(res, rateLimited(decision, 'Too many CORS preflights from this client.', preflightLimit));
    setRateLimitHeaders(res, decision);
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
  };
}
