import type { Redis } from 'ioredis';
import { createRedis } from '../redis';
import { FlexibleRateLimiter } from './rate-limiter';
import type { PubSub, SharedState } from './shared-state';

class RedisPubSub implements PubSub {
  private subscriber?: Redis;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();

  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  async publish(channel: string, message: string): Promise<void> {
    await this.client.publish(this.prefix + channel, message);
  }

  async subscribe(channel: string, handler: (message: string) => void) {
    // A connection in subscriber mode cannot run other commands, hence the duplicate.
    if (!this.subscriber) {
      this.subscriber = this.client.duplicate();
      this.subscriber.on('message', (ch: string, msg: string) => {
        for (const h of this.handlers.get(ch) ?? []) h(msg);
      });
    }
    const full = this.prefix + channel;
    let set = this.handlers.get(full);
    if (!set) {
      set = new Set();
      this.handlers.set(full, set);
      await this.subscriber.subscribe(full);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
    };
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
  }
}

export function createRedisState(url: string, keyPrefix = 'dp:'): SharedState & { redis: Redis } {
  const redis = createRedis(url);
  // Errors surface through the commands that fail; an unhandled 'error' event would crash the process.
  redis.on('error', () => {});
  const pubsub = new RedisPubSub(redis, keyPrefix);
  return {
    kind: 'redis',
    redis,
    rateLimiter: new FlexibleRateLimiter(keyPrefix, redis),
    pubsub,
    close: async () => {
      await pubsub.close();
      redis.disconnect();
    },
  };
}
