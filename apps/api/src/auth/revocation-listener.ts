import type { Logger, SharedState, Unsubscribe } from '@dp/core';
import { KEY_REVOKED_CHANNEL, KEY_REVOKED_PG_CHANNEL, parseKeyRevokedNotification, type Database } from '@dp/db';
import type { KeyCache } from './key-cache';

/**
 * Drops a revoked key from this instance's cache as soon as any instance announces it: over
 * Redis pub/sub when configured, else over PostgreSQL LISTEN/NOTIFY (every revoke notifies in
 * its transaction), so separate processes without Redis hear it too. When the bus was down,
 * announcements may be lost: the whole cache goes.
 */
export async function listenForRevocations(state: SharedState, db: Database, cache: KeyCache, logger: Logger): Promise<Unsubscribe> {
  if (state.kind === 'redis') return cache.invalidateOn(state.pubsub, KEY_REVOKED_CHANNEL, (hash) => hash);
  const listener = await db.listen(KEY_REVOKED_PG_CHANNEL, {
    onMessage: (payload) => {
      const hash = parseKeyRevokedNotification(payload, db.schema);
      if (hash) cache.evict(hash);
    },
    onGap: () => cache.clear(),
    onState: (s, reason) =>
      s === 'down'
        ? logger.warn(
            { reason },
            'revocation listener lost its database connection; reconnecting (cached keys are dropped once it is back)',
          )
        : logger.info('revocation listener connected again'),
  });
  return () => listener.close();
}
