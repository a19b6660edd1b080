import { EventEmitter } from 'node:events';
import { RedisHealth, REDIS_FAILURES_BEFORE_DOWN, type Redis } from '../src/redis';

/** The parts of an ioredis client RedisHealth reads: its events, status and PING. */
function fakeRedis() {
  const emitter = new EventEmitter() as EventEmitter & { status: string; pings: number; answer: boolean; ping(): Promise<string> };
  emitter.status = 'ready';
  emitter.pings = 0;
  emitter.answer = true;
  emitter.ping = async function () {
    this.pings += 1;
    if (!this.answer) throw new Error('Command timed out');
    return 'PONG';
  };
  return emitter;
}

// The fake answers at once: every PING and what follows it settle within the microtasks that run
// before the next turn of the event loop.
const settle = () => new Promise((r) => setImmediate(r));

async function upHealth() {
  const redis = fakeRedis();
  const lines: string[] = [];
  const health = new RedisHealth(redis as unknown as Redis, {
    warn: (_o, m) => lines.push(`warn ${m}`),
    info: (_o, m) => lines.push(`info ${m}`),
  });
  redis.emit('ready');
  await settle();
  expect(health.up).toBe(true);
  redis.pings = 0;
  return { redis, health, lines };
}

describe('RedisHealth: hysteresis', () => {
  it('one slow command (a loaded machine): skipped while a PING checks, then up again, nothing declared', async () => {
    const { redis, health, lines } = await upHealth();
    health.markFailure('Command timed out');
    expect(health.up).toBe(false); // callers go to in-process state meanwhile, without waiting
    await settle();
    expect(health.up).toBe(true);
    expect(redis.pings).toBe(1);
    expect(lines).toEqual([]);
    health.stop();
  });

  it(`no answer to ${REDIS_FAILURES_BEFORE_DOWN} PINGs after a failure: down, said once`, async () => {
    const { redis, health, lines } = await upHealth();
    redis.answer = false;
    health.markFailure('Command timed out');
    health.markFailure('Command timed out'); // more failures while suspect start no second check
    await settle();
    expect(health.up).toBe(false);
    expect(redis.pings).toBe(REDIS_FAILURES_BEFORE_DOWN);
    expect(lines).toEqual(['warn redis unavailable: using in-process state until it answers again']);
    health.stop();
  });

  it('a lost connection is down at once', async () => {
    const { redis, health, lines } = await upHealth();
    redis.emit('close');
    expect(health.up).toBe(false);
    expect(lines).toHaveLength(1);
    health.stop();
  });
});
