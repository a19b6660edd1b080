import type { Logger, SharedState, Unsubscribe } from '@dp/core';
import { announcementFeed, KEYS_REVOKED, type Database } from '@dp/db';
import type { KeyCache } from './key-cache';

/**
 * Drops a revoked key from this instance's cache as soon as any instance announces it: over
 * Redis pub/sub when configured, else over PostgreSQL LISTEN/NOTIFY (every revoke notifies in
 * its transaction), so separate processes without Redis hear it too. When the bus was down,
 * announcements may be lost: the whole cache goes.
 */
export function listenForRevocations(state: SharedState, db: Database, cache: KeyCache, logger: Logger): Promise<Unsubscribe> {
  return cache.invalidateOn(announcementFeed(state, db, KEYS_REVOKED, logger), (hash) => hash);
}
