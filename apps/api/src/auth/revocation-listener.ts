import type { SharedState, Unsubscribe } from '@dp/core';
import { KEY_REVOKED_CHANNEL } from '@dp/db';
import type { KeyCache } from './key-cache';

/** Drops a revoked key from this instance's cache as soon as any instance announces it. */
export function listenForRevocations(state: SharedState, cache: KeyCache): Promise<Unsubscribe> {
  return state.pubsub.subscribe(KEY_REVOKED_CHANNEL, (hash) => cache.evict(hash));
}
