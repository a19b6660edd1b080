import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import type { RateLimitDecision, RateLimiter } from './shared-state';

function decision(res: RateLimiterRes, limit: number, allowed: boolean): RateLimitDecision {
  const msBeforeNext = Math.max(0, res.msBeforeNext);
  return {
    allowed,
    limit,
    remaining: Math.max(0, res.remainingPoints),
    resetAt: Math.ceil((Date.now() + msBeforeNext) / 1000),
    retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  };
}

/**
 * Fixed-window limiter over rate-limiter-flexible. One limiter object per (limit, window) pair, since
 * plans differ per organization. With Redis, an in-memory insurance limiter keeps serving (per
 * instance) while Redis is unreachable, rather than failing every request.
 */
export class FlexibleRateLimiter implements RateLimiter {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(
    private readonly keyPrefix: string,
    private readonly redis?: Redis,
  ) {}

  private limiterFor(limit: number, windowSeconds: number): RateLimiterAbstract {
    const id = `${limit}:${windowSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      const base = { points: limit, duration: windowSeconds, keyPrefix: `${this.keyPrefix}rl:${id}` };
      limiter = this.redis
        ? new RateLimiterRedis({ ...base, storeClient: this.redis, insuranceLimiter: new RateLimiterMemory(base) })
        : new RateLimiterMemory(base);
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  async consume(key: string, limit: number, windowSeconds: number): Promise<RateLimitDecision> {
    try {
      const res = await this.limiterFor(limit, windowSeconds).consume(key, 1);
      return decision(res, limit, true);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return decision(rejection, limit, false);
      throw rejection;
    }
  }
}
