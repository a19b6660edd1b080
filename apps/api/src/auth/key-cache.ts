import { Cache } from '@dp/core';
import type { ApiKeyPrincipal } from '@dp/db';

/** Key lookups by hash; unknown keys are kept too (as null) so a flood of bad keys cannot hammer the database. */
export type KeyCache = Cache<ApiKeyPrincipal | null>;

/**
 * Its window (`KEY_CACHE_TTL_SECONDS`, at most what the spec allows) bounds how long a revoked key can still be served when no revocation
 * message arrives; with a message, the entry goes at once, and a lookup that read the key before
 * its revocation committed stores nothing (core's `Cache` generation guard). No stale window: a
 * key past its window is looked up again before it is admitted.
 */
export function createKeyCache(ttlMs: number, maxEntries = 10_000, now?: () => number): KeyCache {
  return new Cache<ApiKeyPrincipal | null>({ name: 'api_keys', freshMs: ttlMs, maxEntries, now });
}
