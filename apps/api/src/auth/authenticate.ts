import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError, bearerApiKey, hashApiKey, type Scope } from '@dp/core';
import { findApiKeyByHash, touchApiKeyLastUsed, type ApiKeyPrincipal, type Database } from '@dp/db';
import type { KeyCache } from './key-cache';
import './principal';

const LAST_USED_INTERVAL_MS = 60_000;

/**
 * Resolves `Authorization: Bearer <key>` to a principal. Failures are parked on req.authError and
 * raised after the rate limiter, so 401s carry X-RateLimit-* headers too.
 */
export function authenticate(db: Database, cache: KeyCache, logger: { warn(o: object, m: string): void }): RequestHandler {
  const lastTouched = new Map<string, number>();
  const admit = (req: Request, principal: ApiKeyPrincipal | null, next: NextFunction) => {
    if (!principal || principal.status !== 'active') {
      req.authError = new ApiError('invalid_key', 'The API key is malformed, unknown or revoked.');
      return next();
    }
    req.principal = principal;
    const now = Date.now();
    if ((lastTouched.get(principal.keyId) ?? 0) < now - LAST_USED_INTERVAL_MS) {
      lastTouched.set(principal.keyId, now);
      // Informational only: never delays or fails the request.
      touchApiKeyLastUsed(db.prisma, principal.keyId).catch((err: Error) =>
        logger.warn({ err: { message: err.message } }, 'last_used_at update failed'),
      );
    }
    next();
  };
  // Not async: a cache hit (nearly every request) admits synchronously, without a promise.
  return (req: Request, _res: Response, next: NextFunction) => {
    const key = bearerApiKey(req.get('authorization'));
    if (key instanceof ApiError) {
      req.authError = key;
      return next();
    }
    const hash = hashApiKey(key);
    const cached = cache.get(hash);
    if (cached !== undefined) return admit(req, cached, next);
    return cache.fill(hash, () => findApiKeyByHash(db.prisma, hash)).then((principal) => admit(req, principal, next));
  };
}

/** Raises the parked authentication error, then checks the scope. */
export function requireScope(scope: Scope): RequestHandler {
  return (req, _res, next) => {
    if (req.authError) return next(req.authError);
    if (!req.principal) return next(new ApiError('missing_key', 'Send your API key as `Authorization: Bearer <API_KEY>`.'));
    if (!req.principal.scopes.includes(scope)) {
      return next(
        new ApiError('insufficient_scope', `This endpoint needs an API key with the '${scope}' scope.`, {
          required_scope: scope,
          key_scopes: req.principal.scopes,
        }),
      );
    }
    next();
  };
}
