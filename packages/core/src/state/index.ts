import { createMemoryState } from './memory-state';
import { createRedisState } from './redis-state';
import type { RedisStateLog } from '../redis';
import type { SharedState } from './shared-state';

export * from './shared-state';
export { createMemoryState } from './memory-state';
export { createRedisState } from './redis-state';
export { FlexibleRateLimiter } from './rate-limiter';

/** `log` gets one line each time Redis goes down or comes back (services pass their logger). */
export function createSharedState(redisUrl: string | undefined, keyPrefix = 'dp:', log?: RedisStateLog): SharedState {
  return redisUrl ? createRedisState(redisUrl, keyPrefix, log) : createMemoryState(keyPrefix);
}
