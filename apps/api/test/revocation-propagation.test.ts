import { randomBytes } from 'node:crypto';
import { createMemoryState, createRedisState, type SharedState } from '@dp/core';
import { revokeApiKey, type Database, type PrismaClient } from '@dp/db';
import { createTestDatabase, eventually, TestRedisServer, type TestDatabase } from '@dp/testing';
import { createHarness, apiConfig, type Harness } from './harness';

const BOUND_MS = 1_000;

/**
 * Instance two's database, with a hook that runs after its key lookup has read the row and
 * before the answer returns: the moment a revocation can slip in between lookup and cache set.
 */
function withLookupHook(db: TestDatabase): { db: Database; afterNextLookup(fn: () => Promise<void>): void } {
  let hook: (() => Promise<void>) | undefined;
  const prisma = db.prisma.$extends({
    query: {
      apiKey: {
        async findUnique({ args, query }) {
          const result = await query(args);
          const run = hook;
          hook = undefined;
          if (run) await run();
          return result;
        },
      },
    },
  });
  return { db: { ...db, prisma: prisma as unknown as PrismaClient }, afterNextLookup: (fn) => (hook = fn) };
}

/** Polls an instance with the key until it is refused (401); the milliseconds since `revokedAt`. */
async function refusedAfterMs(instance: Harness, key: string, revokedAt: number): Promise<number> {
  const status = await eventually(
    async () => {
      const answered = (await instance.get('/v1/usage', key)).status;
      return answered === 200 ? undefined : answered;
    },
    { what: 'the revoked key to be refused', timeoutMs: BOUND_MS + 500, intervalMs: 20 },
  );
  expect(status).toBe(401);
  return Date.now() - revokedAt;
}

/** Resolves when an instance's key cache next evicts a key (an announced revocation has reached it). */
function nextEviction(instance: Harness): Promise<void> {
  const cache = instance.api.context.keyCache;
  return new Promise((resolve) => {
    const spy = jest.spyOn(cache, 'evict').mockImplementationOnce((key: string) => {
      spy.mockRestore();
      cache.evict(key);
      resolve();
    });
  });
}

describe.each([['in-process state, PostgreSQL LISTEN/NOTIFY'], ['Redis']])('revocation on two api instances (%s)', (mode) => {
  let db: TestDatabase;
  let redis: TestRedisServer | undefined;
  let states: [SharedState, SharedState];
  let one: Harness;
  let two: Harness;
  let hooked: ReturnType<typeof withLookupHook>;

  beforeAll(async () => {
    db = await createTestDatabase();
    if (mode === 'Redis') {
      redis = await new TestRedisServer().start();
      const prefix = `dptest:${randomBytes(6).toString('hex')}:`;
      states = [createRedisState(redis.url, prefix), createRedisState(redis.url, prefix)];
    } else {
      // Two processes' in-process states share nothing: only PostgreSQL connects them.
      states = [createMemoryState(), createMemoryState()];
    }
    hooked = withLookupHook(db);
    // The default cache window (KEY_CACHE_TTL_SECONDS): only an announcement can make the bound.
    const config = apiConfig();
    one = await createHarness({ db, state: states[0], config });
    two = await createHarness({ db: hooked.db as TestDatabase, state: states[1], config });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    for (const s of states) await s.close();
    await redis?.stop();
    await db.destroy();
  });

  /** What key:revoke and the portal do: the domain function, publishing where Redis is configured. */
  const revoke = (id: string) => revokeApiKey(db.prisma, id, { publish: (c, m) => states[0].pubsub.publish(c, m) });

  it(`a revoked key is refused on both instances within ${BOUND_MS} ms`, async () => {
    const { key, id } = await one.newKey();
    expect((await one.get('/v1/usage', key)).status).toBe(200);
    expect((await two.get('/v1/usage', key)).status).toBe(200); // cached on both, for the whole cache window
    const revokedAt = Date.now();
    await revoke(id);
    const refusedAfter: number[] = [];
    for (const instance of [one, two]) refusedAfter.push(await refusedAfterMs(instance, key, revokedAt));
    expect(Math.max(...refusedAfter)).toBeLessThan(BOUND_MS);
  });

  it('a lookup racing the revocation never caches the revoked key as active', async () => {
    const { key, id } = await one.newKey();
    // Instance two reads the key (active), then the revocation commits and is announced
    // before two stores what it read.
    hooked.afterNextLookup(async () => {
      const heard = nextEviction(two);
      await revoke(id);
      await heard; // the announcement has reached instance two
    });
    expect((await two.get('/v1/usage', key)).status).toBe(200); // the request that raced is let through
    const res = await two.get('/v1/usage', key);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid_key');
  });
});

describe('revocation on two api instances with Redis configured but down', () => {
  let db: TestDatabase;
  let redis: TestRedisServer;
  let states: [SharedState, SharedState];
  let one: Harness;
  let two: Harness;

  beforeAll(async () => {
    db = await createTestDatabase();
    redis = await new TestRedisServer().start();
    const prefix = `dptest:${randomBytes(6).toString('hex')}:`;
    states = [createRedisState(redis.url, prefix), createRedisState(redis.url, prefix)];
    const config = apiConfig();
    one = await createHarness({ db, state: states[0], config });
    two = await createHarness({ db, state: states[1], config });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    for (const s of states) await s.close();
    await redis.stop();
    await db.destroy();
  });

  it(`PostgreSQL NOTIFY carries the revocation: refused on both instances within ${BOUND_MS} ms`, async () => {
    const { key, id } = await one.newKey();
    expect((await one.get('/v1/usage', key)).status).toBe(200);
    expect((await two.get('/v1/usage', key)).status).toBe(200);
    await redis.stop();
    // What key:revoke does: the publish to Redis fails, the NOTIFY in the revoking transaction does not.
    const revokedAt = Date.now();
    await revokeApiKey(db.prisma, id, { publish: (c, m) => states[0].pubsub.publish(c, m) });
    for (const instance of [one, two]) expect(await refusedAfterMs(instance, key, revokedAt)).toBeLessThan(BOUND_MS);
  });
});
