// Here, not in core: it needs the test kit's Redis server, and @dp/core cannot depend on @dp/testing.
import { createRedisState, REDIS_COMMAND_TIMEOUT_MS, type RedisStateLog } from '@dp/core';
import { eventually } from '../src/eventually';
import { TestRedisServer } from '../src/redis-server';

/**
 * A Redis outage costs no latency: while Redis is down, rate-limited calls are answered by the
 * in-process limiter at once (after the one call that finds the outage), the state changes are
 * logged once each, and nothing prints ioredis's "Unhandled error event".
 */
describe('Redis outage', () => {
  const CALLS = 50;
  // Under the command timeout: a call that waited for Redis instead of falling back at once takes
  // at least that long; a fixed small bound was crossed by a loaded machine's scheduling alone.
  const BOUND_MS = REDIS_COMMAND_TIMEOUT_MS - 50;
  let server: TestRedisServer;
  let state: ReturnType<typeof createRedisState>;
  const lines: string[] = [];
  const log: RedisStateLog = { warn: (_o, m) => lines.push(`warn ${m}`), info: (_o, m) => lines.push(`info ${m}`) };
  let consoleError: jest.SpyInstance;
  let gaps = 0;

  beforeAll(async () => {
    consoleError = jest.spyOn(console, 'error');
    server = await new TestRedisServer().start();
    state = createRedisState(server.url, `dptest:outage:${Date.now()}:`, log);
    expect(await state.health.whenUsable(5_000)).toBe(true);
    // A subscriber connection too: it must not print unhandled errors either.
    await state.pubsub.subscribe('anything', () => {});
    state.pubsub.onGap!(() => gaps++);
  });
  afterAll(async () => {
    await state.close();
    await server.stop();
    consoleError.mockRestore();
  });

  async function timedCalls(key: string): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now();
      const d = await state.rateLimiter.consume(key, 1_000, 60);
      times.push(performance.now() - t0);
      expect(d.allowed).toBe(true);
    }
    return times;
  }

  async function waitUp(): Promise<void> {
    await eventually(() => (state.health.up ? true : undefined), { what: 'Redis up again', timeoutMs: 10_000, intervalMs: 50 });
  }

  it.each([
    ['SIGKILL (connection refused)', 'kill'],
    ['SIGSTOP (connected, no answers)', 'pause'],
  ])(
    '%s: every call answers within the bound while down, then Redis is used again',
    async (_name, how) => {
      lines.length = 0;
      expect((await state.rateLimiter.consume(`before-${how}`, 1_000, 60)).allowed).toBe(true);
      if (how === 'kill') await server.kill();
      else server.pause();

      // The first call may be the one that finds the outage: it waits at most the command timeout.
      const t0 = performance.now();
      await state.rateLimiter.consume(`during-${how}`, 1_000, 60);
      expect(performance.now() - t0).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + BOUND_MS);

      const times = await timedCalls(`during-${how}`);
      expect(Math.max(...times)).toBeLessThan(BOUND_MS);
      // A few seconds of outage (a duration, not an event: the client's reconnect attempts and the
      // health probe's PINGs run meanwhile): still one line, however many calls and attempts.
      await new Promise((r) => setTimeout(r, 2_500));
      expect(Math.max(...(await timedCalls(`during-${how}`)))).toBeLessThan(BOUND_MS);
      expect(lines).toEqual(['warn redis unavailable: using in-process state until it answers again']);

      if (how === 'kill') await server.start();
      else server.resume();
      await waitUp();
      expect(lines).toEqual(['warn redis unavailable: using in-process state until it answers again', 'info redis available again']);
      // Recovered: the limiter writes to Redis again.
      await state.rateLimiter.consume(`after-${how}`, 1_000, 60);
      expect(await state.redis.keys(`*after-${how}*`)).toHaveLength(1);
      // Subscribers drop what they may have missed: told when their own connection is ready again,
      // which reconnects on its own schedule (after the client the health probe watches, at times).
      if (how === 'kill')
        await eventually(() => (gaps > 0 ? true : undefined), { what: 'a gap reported to subscribers', timeoutMs: 10_000 });
      expect(consoleError.mock.calls.flat().join(' ')).not.toMatch(/Unhandled error event/);
    },
    60_000,
  );
});
