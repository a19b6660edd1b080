import type { Redis } from 'ioredis';
import { createRedis, RedisHealth, type RedisStateLog } from '../redis';
import { FlexibleRateLimiter } from './rate-limiter';
import type { PubSub, SharedState } from './shared-state';

/** How long a publish waits for a connection that is still being made (CLI commands publish at once). */
const PUBLISH_CONNECT_WAIT_MS = 2_000;

class RedisPubSub implements PubSub {
  private subscriber?: Redis;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();
  private readonly gapHandlers = new Set<() => void>();

  constructor(
    private readonly url: string,
    private readonly client: Redis,
    private readonly health: RedisHealth,
    private readonly prefix: string,
  ) {}

  async publish(channel: string, message: string): Promise<void> {
    if (!(await this.health.whenUsable(PUBLISH_CONNECT_WAIT_MS))) throw new Error('redis is unavailable');
    await this.client.publish(this.prefix + channel, message);
  }

  async subscribe(channel: string, handler: (message: string) => void) {
    // A connection in subscriber mode cannot run other commands, hence one of its own. It
    // queues its SUBSCRIBE until connected and resubscribes after every reconnect.
    if (!this.subscriber) {
      const subscriber = createRedis(this.url, { enableOfflineQueue: true, commandTimeout: undefined, maxRetriesPerRequest: null });
      let lost = false;
      subscriber.on('close', () => (lost = true));
      subscriber.on('ready', () => {
        if (!lost) return;
        lost = false;
        for (const h of this.gapHandlers) h();
      });
      subscriber.on('message', (ch: string, msg: string) => {
        for (const h of this.handlers.get(ch) ?? []) h(msg);
      });
      this.subscriber = subscriber;
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

  onGap(handler: () => void): () => void {
    this.gapHandlers.add(handler);
    return () => this.gapHandlers.delete(handler);
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
  }
}

export function createRedisState(url: string, keyPrefix = 'dp:', log?: RedisStateLog): SharedState & { redis: Redis; health: RedisHealth } {
  const redis = createRedis(url);
  const health = new RedisHealth(redis, log);
  const pubsub = new RedisPubSub(url, redis, health, keyPrefix);
  return {
    kind: 'redis',
    redis,
    health,
    rateLimiter: new FlexibleRateLimiter(keyPrefix, { client: redis, health }),
    pubsub,
    close: async () => {
      health.stop();
      await pubsub.close();
      redis.disconnect();
    },
  };
}
