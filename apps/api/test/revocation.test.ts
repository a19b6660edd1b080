import { revokeApiKey } from '@dp/db';
import type { TestDatabase } from '@dp/testing';
import { KeyCache } from '../src/auth/key-cache';
import { createHarnessPair, testConfig, type Harness, type HarnessPair } from './harness';

describe('key cache', () => {
  it('serves an entry for its TTL and drops it after', () => {
    let now = 0;
    const cache = new KeyCache(60_000, 100, () => now);
    cache.set('h', null, cache.beginLookup());
    now = 59_999;
    expect(cache.get('h')).toBeNull();
    now = 60_000;
    expect(cache.get('h')).toBeUndefined();
  });

  it('evicts the oldest entry past its size cap', () => {
    const cache = new KeyCache(60_000, 2);
    cache.set('a', null, cache.beginLookup());
    cache.set('b', null, cache.beginLookup());
    cache.set('c', null, cache.beginLookup());
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('drops the answer of a lookup that began before an eviction (it may predate a revocation)', () => {
    const cache = new KeyCache(60_000);
    const ticket = cache.beginLookup();
    cache.evict('h'); // the revocation announcement arrives while the lookup runs
    cache.set('h', null, ticket);
    expect(cache.get('h')).toBeUndefined();
    cache.set('h', null, cache.beginLookup());
    expect(cache.get('h')).toBeNull();
  });
});

describe('revocation across two api instances', () => {
  let pair: HarnessPair;
  let db: TestDatabase;
  let one: Harness;
  let two: Harness;
  beforeAll(async () => {
    // Without Redis the cache TTL is the only bound; a 1 s TTL keeps this test quick while
    // exercising the same code path as the 60 s default.
    pair = await createHarnessPair(testConfig(process.env.REDIS_URL ? {} : { KEY_CACHE_TTL_SECONDS: '1' }));
    ({ db, one, two } = pair);
  });
  afterAll(() => pair.close());

  it('a revoked key gets 401 invalid_key on the other instance within the bound', async () => {
    const { key, id } = await one.newKey();
    expect((await two.get('/v1/usage', key)).status).toBe(200); // cached on instance two
    const revokedAt = Date.now();
    await revokeApiKey(db.prisma, id, { publish: (c, m) => one.state.pubsub.publish(c, m) });
    const bound = process.env.REDIS_URL ? 1_000 : 60_000;
    let status = 200;
    while (status === 200 && Date.now() - revokedAt < bound + 500) {
      status = (await two.get('/v1/usage', key)).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 50));
    }
    const res = await two.get('/v1/usage', key);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid_key');
    expect(Date.now() - revokedAt).toBeLessThan(bound + 1_000);
  });

  it('the revoking instance stops at once', async () => {
    const { key, id } = await one.newKey();
    expect((await one.get('/v1/usage', key)).status).toBe(200);
    await revokeApiKey(db.prisma, id, { publish: (c, m) => one.state.pubsub.publish(c, m) });
    expect((await one.get('/v1/usage', key)).status).toBe(401);
  });
});

describe('revocation propagation bound without a message', () => {
  it('the default cache TTL is 60 s, the most the spec allows', () => {
    expect(testConfig().KEY_CACHE_TTL_SECONDS).toBe(60);
    expect(() => testConfig({ KEY_CACHE_TTL_SECONDS: '61' })).toThrow(/KEY_CACHE_TTL_SECONDS/);
  });
});
