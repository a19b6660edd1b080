import { createHarness, createHarnessPair, type Harness, type HarnessPair } from './harness';

describe('per-plan rate limits', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('counts down X-RateLimit-Remaining and answers 429 rate_limited with Retry-After', async () => {
    const { key } = await h.newKey({ requestsPerMinute: 3 });
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await h.get('/v1/usage', key);
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
      seen.push(Number(res.headers['x-ratelimit-remaining']));
    }
    expect(seen).toEqual([2, 1, 0]);
    const limited = await h.get('/v1/usage', key);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const reset = Number(limited.headers['x-ratelimit-reset']);
    expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 61);
  });

  it('limits per organization, not per key', async () => {
    const a = await h.newKey({ requestsPerMinute: 2 });
    const other = await h.newKey({ requestsPerMinute: 2 });
    await h.get('/v1/usage', a.key);
    await h.get('/v1/usage', a.key);
    expect((await h.get('/v1/usage', a.key)).status).toBe(429);
    expect((await h.get('/v1/usage', other.key)).status).toBe(200);
  });
});

// Two api instances share limits only through Redis; this runs in the Redis pass.
const withRedis = process.env.REDIS_URL ? describe : describe.skip;
withRedis('rate limits shared by two instances through Redis', () => {
  let pair: HarnessPair;
  let one: Harness;
  let two: Harness;
  beforeAll(async () => {
    pair = await createHarnessPair();
    ({ one, two } = pair);
  });
  afterAll(() => pair.close());

  it('counts requests to either instance against one window', async () => {
    const { key } = await one.newKey({ requestsPerMinute: 4 });
    const statuses = [];
    for (const h of [one, two, one, two, one]) statuses.push((await h.get('/v1/usage', key)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});
