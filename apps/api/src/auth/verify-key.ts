import { ApiError, bearerApiKey, hashApiKey } from '@dp/core';
import { findApiKeyByHash, touchApiKeyLastUsed, type ApiKeyPrincipal, type Database } from '@dp/db';
import type { KeyCache } from './key-cache';

/**
 * What the `Authorization` header of a request amounts to (as Unkey's key verification): the caller
 * decides what to do with it, in one place (`pipeline.ts`). Only `valid` carries a principal that
 * may act; `revoked` names the key's organization for the record, nothing more.
 */
export type KeyVerdict =
  | { status: 'valid'; principal: ApiKeyPrincipal }
  | { status: 'revoked'; principal: ApiKeyPrincipal }
  | { status: 'unknown' }
  | { status: 'malformed' }
  /** No `Authorization` header (`header: false`), or one that is not `Bearer <key>`. */
  | { status: 'missing'; header: boolean };

const LAST_USED_INTERVAL_MS = 60_000;

/**
 * Verifies `Authorization: Bearer <key>`: the key's SHA-256 looked up in the key cache, the database
 * on a miss. Synchronous on a cache hit (nearly every request), so the hot path makes no promise.
 * Marks the key used at most once a minute per instance (informational, never delays a request).
 */
export function keyVerifier(
  db: Database,
  cache: KeyCache,
  logger: { warn(o: object, m: string): void },
): (authorization: string | undefined) => KeyVerdict | Promise<KeyVerdict> {
  const lastTouched = new Map<string, number>();
  const verdictOf = (principal: ApiKeyPrincipal | null): KeyVerdict => {
    if (!principal) return { status: 'unknown' };
    if (principal.status !== 'active') return { status: 'revoked', principal };
    const now = Date.now();
    if ((lastTouched.get(principal.keyId) ?? 0) < now - LAST_USED_INTERVAL_MS) {
      lastTouched.set(principal.keyId, now);
      touchApiKeyLastUsed(db.prisma, principal.keyId).catch((err: Error) =>
        logger.warn({ err: { message: err.message } }, 'last_used_at update failed'),
      );
    }
    return { status: 'valid', principal };
  };
  return (authorization) => {
    const key = bearerApiKey(authorization);
    if (key instanceof ApiError)
      return key.code === 'missing_key' ? { status: 'missing', header: !!authorization } : { status: 'malformed' };
    const hash = hashApiKey(key);
    const cached = cache.get(hash);
    if (cached !== undefined) return verdictOf(cached);
    return cache.fill(hash, () => findApiKeyByHash(db.prisma, hash)).then(verdictOf);
  };
}

/** The 401 of a verdict that does not admit the request. */
export function verdictError(verdict: Exclude<KeyVerdict, { status: 'valid' }>): ApiError {
  switch (verdict.status) {
    case 'missing':
      return new ApiError(
        'missing_key',
        verdict.header ? 'The Authorization header must be `Bearer <API_KEY>`.' : 'Send your API key as `Authorization: Bearer <API_KEY>`.',
      );
    default:
      return new ApiError('invalid_key', 'The API key is malformed, unknown or revoked.');
  }
}
