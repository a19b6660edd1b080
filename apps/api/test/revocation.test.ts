import { revokeApiKey } from '@dp/db';
import { eventually, type TestDatabase } from '@dp/testing';
import { createKeyCache } from '../src/auth/key-cache';
import { createHarnessPair, apiConfig, type Harness, type HarnessPair } from './harness';

describe('key cache', () => {
  it('serves an entry (known or unknown key) for its TTL and looks it up again after', async () => {
    let now = 0;
    const cache = createKeyCache(60_000, 100, () => now);
    await cache.fetch('h', () => Promise.resolve(null));
    now = 59_999;
    expect(cache.get('h')).toBeNull();
    now = 60_000;
    expect(cache.get('h')).toBeUndefined();
  });
});

describe('revocation across two api instances', () => {
  let pair: HarnessPair;
  let db: TestDatabase;
  let one: Harness;
  let two: Harness;
  beforeAll(async () => {
    // Without Redis the cache TTL is the only bound; a 1 s TTL keeps this test quick while
    // exercising the same code path as the default window.
    pair = await createHarnessPair(apiConfig(process.env.REDIS_URL ? {} : { KEY_CACHE_TTL_SECONDS: '1' }));
    ({ db, one, two } = pair);
  });
  afterAll(() => pair.close());

  it('a revoked key gets 401 invalid_key on the other instance within the bound', async () => {
    const { key, id } = await one.newKey();
    expect((await two.get('/v1/usage', key)).status).toBe(200); // cached on instance two
    const revokedAt = Date.now();
    await revokeApiKey(db.prisma, id, { publish: (c, m) => one.state.pubsub.publish(c, m) });
    const bound = process.env.REDIS_URL ? 1_000 : 60_000;
    await eventually(async () => ((await two.get('/v1/usage', key)).status === 200 ? undefined : true), {
      what: 'the revoked key to be refused on instance two',
      timeoutMs: bound + 500,
      intervalMs: 50,
    });
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
    expect(apiConfig().KEY_CACHE_TTL_SECONDS).toBe(60);
    expect(() => apiConfig({ KEY_CACHE_TTL_SECONDS: '61' })).toThrow(/KEY_CACHE_TTL_SECONDS/);
  });
});
