import Redis, { type RedisOptions } from 'ioredis';

/**
 * The one ioredis factory. Commands fail fast while disconnected (no unbounded offline queue),
 * and reconnects back off up to 2 s, so a Redis outage degrades requests instead of hanging them.
 */
export function createRedis(url: string, overrides: RedisOptions = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    connectTimeout: 5_000,
    retryStrategy: (times) => Math.min(times * 100, 2_000),
    lazyConnect: false,
    ...overrides,
  });
}

export type { Redis };
