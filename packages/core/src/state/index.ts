import { createMemoryState } from './memory-state';
import { createRedisState } from './redis-state';
import type { SharedState } from './shared-state';

export * from './shared-state';
export { createMemoryState } from './memory-state';
export { createRedisState } from './redis-state';
export { FlexibleRateLimiter } from './rate-limiter';

export function createSharedState(redisUrl: string | undefined, keyPrefix = 'dp:'): SharedState {
  return redisUrl ? createRedisState(redisUrl, keyPrefix) : createMemoryState(keyPrefix);
}
