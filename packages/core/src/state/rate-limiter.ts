import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis, RedisHealth } from '../redis';
import type { RateLimitDecision, RateLimiter } from './shared-state';

function decision(res: RateLimiterRes, limit: number, windowSeconds: number, allowed: boolean): RateLimitDecision {
  const msBeforeNext = Math.max(0, res.msBeforeNext);
  return {
    allowed,
    limit,
    windowSeconds,
    remaining: Math.max(0, res.remainingPoints),
    resetAt: Math.ceil((Date.now() + msBeforeNext) / 1000),
    retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  };
}

interface Limiters {
  shared?: RateLimiterRedis;
  /** This instance's own window: the whole limiter without Redis, the fallback while Redis is down. */
  local: RateLimiterMemory;
}

/**
 * Fixed-window limiter over rate-limiter-flexible. One limiter pair per (limit, window), since
 * plans differ per organization. With Redis, a failed call is answered by the in-process limiter
 * and makes Redis suspect (RedisHealth): while it is suspect or down, requests go straight there
 * (per instance), so an outage costs no latency, and a passing slow answer declares nothing.
 */
export class FlexibleRateLimiter implements RateLimiter {
  private readonly limiters = new Map<string, Limiters>();

  constructor(
    private readonly keyPrefix: string,
    private readonly redis?: { client: Redis; health: RedisHealth },
  ) {}

  private limitersFor(limit: number, windowSeconds: number): Limiters {
    const id = `${limit}:${windowSeconds}`;
    let limiters = this.limiters.get(id);
    if (!limiters) {
      const base = { points: limit, duration: windowSeconds, keyPrefix: `${this.keyPrefix}rl:${id}` };
      limiters = {
        local: new RateLimiterMemory(base),
        shared: this.redis ? new RateLimiterRedis({ ...base, storeClient: this.redis.client, rejectIfRedisNotReady: true }) : undefined,
      };
      this.limiters.set(id, limiters);
    }
    return limiters;
  }

  async consume(key: string, limit: number, windowSeconds: number): Promise<RateLimitDecision> {
    const { shared, local } = this.limitersFor(limit, windowSeconds);
    try {
      // Until the first connection succeeds or fails, wait for it: requests at start-up count
      // in the shared window like every later one (a refused connection fails in milliseconds).
      const health = this.redis?.health;
      if (shared && health && (health.up || (health.unknown && (await health.whenUsable(2_000))))) {
        try {
          return decision(await shared.consume(key, 1), limit, windowSeconds, true);
        } catch (err) {
          if (err instanceof RateLimiterRes) throw err;
          // This request is answered by the in-process window; RedisHealth decides whether
          // Redis is down (a lost connection, or PINGs after this failure unanswered).
          health.markFailure((err as Error).message);
        }
      }
      return decision(await local.consume(key, 1), limit, windowSeconds, true);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return decision(rejection, limit, windowSeconds, false);
      throw rejection;
    }
  }

  async refund(key: string, limit: number, windowSeconds: number): Promise<void> {
    const { shared, local } = this.limitersFor(limit, windowSeconds);
    // The window the point was most likely taken from: Redis while it is up, else this instance's.
    const limiter = shared && this.redis?.health.up ? shared : local;
    try {
      await limiter.reward(key, 1);
    } catch (err) {
      if (limiter === shared) this.redis?.health.markFailure((err as Error).message);
    }
  }
}
