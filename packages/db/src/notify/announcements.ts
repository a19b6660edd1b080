import { pubsubFeed, type InvalidationFeed, type Logger, type SharedState, type Unsubscribe } from '@dp/core';
import type { Database } from '../client';

/**
 * A message every running instance must hear (a revoked key, changed documents): sent on a
 * `SharedState` pub/sub channel (Redis across processes, or within one process) and as a
 * PostgreSQL NOTIFY, which reaches the other processes of a deployment without Redis (the
 * embedded default: `start` with a CLI import or sync beside it).
 */
export interface Announcement {
  /** The pub/sub channel. */
  channel: string;
  /** The NOTIFY channel; payloads are `<schema>:<message>`, as channels are database-wide. */
  pgChannel: string;
}

export const KEYS_REVOKED: Announcement = { channel: 'keys:revoked', pgChannel: 'dp_keys_revoked' };
export const DOCUMENTS_CHANGED: Announcement = { channel: 'documents:changed', pgChannel: 'dp_documents_changed' };

/** The message of a NOTIFY payload when it belongs to `schema`. */
export function parseAnnouncement(payload: string, schema: string): string | undefined {
  const at = payload.indexOf(':');
  return at > 0 && payload.slice(0, at) === schema ? payload.slice(at + 1) : undefined;
}

/** Sends the announcement both ways; a failing pub/sub still lets the NOTIFY go out, and is reported. */
export async function announce(state: SharedState, db: Database, announcement: Announcement, message: string): Promise<void> {
  await Promise.all([
    state.pubsub.publish(announcement.channel, message),
    db.query('SELECT pg_notify($1, current_schema() || $2)', [announcement.pgChannel, `:${message}`]),
  ]);
}

/**
 * The announcement's messages for this instance: the pub/sub channel AND PostgreSQL NOTIFY, always.
 * With Redis configured but down, a revocation's publish fails while its NOTIFY (sent in the
 * revoking transaction) still goes out: listening to NOTIFY only without Redis left a revoked key
 * usable for the whole cache window then. A message heard both ways is applied twice, harmlessly
 * (an eviction, or a cache cleared again). One LISTEN connection per feed and instance.
 */
export function announcementFeed(state: SharedState, db: Database, announcement: Announcement, logger?: Logger): InvalidationFeed {
  const viaPubsub = pubsubFeed(state.pubsub, announcement.channel);
  return {
    async subscribe(onMessage, onGap) {
      const stopPubsub = await viaPubsub.subscribe(onMessage, onGap);
      const listener = await db.listen(announcement.pgChannel, {
        onMessage: (payload) => {
          const message = parseAnnouncement(payload, db.schema);
          if (message !== undefined) onMessage(message);
        },
        onGap,
        onState: (s, reason) =>
          s === 'down'
            ? logger?.warn(
                { channel: announcement.pgChannel, reason },
                'lost the database connection that listens for announcements; reconnecting (caches are dropped once it is back)',
              )
            : logger?.info({ channel: announcement.pgChannel }, 'listening for announcements again'),
      });
      return async () => {
        await listener.close();
        await stopPubsub();
      };
    },
  };
}

export type { Unsubscribe };
