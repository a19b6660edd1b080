import Redis, { type RedisOptions } from 'ioredis';

/** Longest a Redis command may take before the caller falls back (a stalled or unreachable server). */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

/**
 * The one ioredis factory. Request paths never wait on Redis: while disconnected, commands fail
 * at once (no offline queue, no per-request retries) and a stalled server fails them after
 * REDIS_COMMAND_TIMEOUT_MS; callers fall back to in-process state. Reconnects go on in the
 * background with backoff up to 2 s. Errors are swallowed here (an 'error' event without a
 * listener crashes or floods the process); `RedisHealth` logs the state changes instead.
 */
export function createRedis(url: string, overrides: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 5), 2_000),
    lazyConnect: false,
    ...overrides,
  });
  redis.on('error', () => {});
  return redis;
}

export interface RedisStateLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

const PROBE_INTERVAL_MS = 500;
/**
 * PINGs that must fail, one after another, before a connected Redis whose command failed is
 * declared down. One slow answer on a loaded machine (the event loop late, not Redis) must not
 * declare an outage; a lost connection still does at once.
 */
export const REDIS_FAILURES_BEFORE_DOWN = 3;

/**
 * Whether Redis is usable right now. A lost connection marks it down at once. A failed or
 * timed-out command makes it suspect (hysteresis): callers skip it at once, as when down, while
 * up to REDIS_FAILURES_BEFORE_DOWN PINGs check it; one answer and it is up again with nothing
 * logged, none and it is down. While down, callers skip Redis entirely (no latency) and a
 * background PING every half second finds out when it answers again. One log line per change.
 */
export class RedisHealth {
  private state: 'unknown' | 'up' | 'suspect' | 'down' = 'unknown';
  private probe?: NodeJS.Timeout;
  private probing = false;
  private stopped = false;
  private readonly changeHandlers = new Set<(up: boolean) => void>();

  constructor(
    private readonly redis: Redis,
    private readonly log?: RedisStateLog,
  ) {
    redis.on('ready', () => void this.check());
    redis.on('close', () => this.markDown('connection closed'));
  }

  get up(): boolean {
    return this.state === 'up';
  }

  /** The state as a word, for `/metrics` and `/readyz`. */
  get status(): 'unknown' | 'up' | 'suspect' | 'down' {
    return this.state;
  }

  /** Before the first connection's outcome (the first moments of a process). */
  get unknown(): boolean {
    return this.state === 'unknown';
  }

  /** Resolves once Redis answers (true), or when it is known down or `timeoutMs` passed (false). */
  async whenUsable(timeoutMs: number): Promise<boolean> {
    if (this.state !== 'unknown') return this.up;
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(false), timeoutMs);
      const done = (up: boolean) => {
        clearTimeout(timer);
        this.changeHandlers.delete(done);
        resolve(up);
      };
      this.changeHandlers.add(done);
    });
  }

  /** A command failed or timed out: suspect until PINGs confirm an outage or answer. */
  markFailure(reason: string): void {
    if (this.state !== 'up' || this.stopped) return;
    this.state = 'suspect';
    void this.confirm(reason);
  }

  private async confirm(reason: string): Promise<void> {
    for (let i = 0; i < REDIS_FAILURES_BEFORE_DOWN; i++) {
      if (this.state !== 'suspect') return; // a lost connection decided meanwhile
      try {
        await this.redis.ping();
        if (this.state === 'suspect') this.state = 'up';
        return;
      } catch {
        // the next PING, or the verdict
      }
    }
    if (this.state === 'suspect') this.markDown(`${reason} (and ${REDIS_FAILURES_BEFORE_DOWN} PINGs after it)`);
  }

  markDown(reason: string): void {
    if (this.state === 'down' || this.stopped) return;
    this.state = 'down';
    this.log?.warn({ redis: 'down', reason }, 'redis unavailable: using in-process state until it answers again');
    for (const h of [...this.changeHandlers]) h(false);
    this.probe ??= setInterval(() => void this.check(), PROBE_INTERVAL_MS);
    this.probe.unref();
  }

  private async check(): Promise<void> {
    if (this.probing || this.state === 'up' || this.redis.status !== 'ready') return;
    this.probing = true;
    try {
      await this.redis.ping();
    } catch (err) {
      this.markDown((err as Error).message);
      return;
    } finally {
      this.probing = false;
    }
    if (this.probe) clearInterval(this.probe);
    this.probe = undefined;
    const was = this.state;
    this.state = 'up';
    if (was === 'down') this.log?.info({ redis: 'up' }, 'redis available again');
    for (const h of [...this.changeHandlers]) h(true);
  }

  /** Before closing the connection on purpose (not an outage). */
  stop(): void {
    this.stopped = true;
    if (this.probe) clearInterval(this.probe);
    this.probe = undefined;
  }
}

export type { Redis };
