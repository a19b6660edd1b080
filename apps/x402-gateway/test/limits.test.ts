import request from 'supertest';
import { expectMatchesOpenApi } from '@dp/testing';
import { createSimulatedFacilitator } from '../src/facilitator/simulated';
import { PILOT_CHALLENGE_LIMIT, PILOT_INVALID_PAYMENT_LIMIT, PILOT_PREFLIGHT_LIMIT, PILOT_RATE_LIMIT } from '../src/payments/payer-limit';
import { createGatewayHarness, encode, newPayer, type GatewayHarness, preflight } from './harness';

const PATH = '/x402/legal/documents/sb%2F2091%2F1';

function expectRateLimitHeaders(res: request.Response, limit?: number): void {
  expect(res.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
  if (limit !== undefined) expect(Number(res.headers['x-ratelimit-limit'])).toBe(limit);
  expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
  expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000 - 1);
}

describe('x402 limits per client IP', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await createGatewayHarness();
  });
  afterAll(() => h.close());

  it('allows 10 challenges a minute per client IP (spec 8), then 429 with Retry-After and X-RateLimit-*', async () => {
    const ip = '10.5.5.5';
    expect(PILOT_CHALLENGE_LIMIT).toEqual({ limit: 10, windowSeconds: 60 });
    const remaining: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 10; i++) {
      const challenge = await request(h.url).get(PATH).set('X-Forwarded-For', ip);
      expect(challenge.status).toBe(402);
      expectRateLimitHeaders(challenge, 10);
      remaining.push(Number(challenge.headers['x-ratelimit-remaining']));
      last = challenge;
    }
    expect(remaining).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    const over = await request(h.url).get(PATH).set('X-Forwarded-For', ip);
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('rate_limited');
    expect(over.body.error.details).toMatchObject({ limit: 10, window_seconds: 60 });
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expectRateLimitHeaders(over, 10);
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    expectMatchesOpenApi(over, 'get', PATH);
    // Another address has its own 10; a payment from the limited one is counted for its payer.
    expect((await request(h.url).get(PATH).set('X-Forwarded-For', '10.5.5.6')).status).toBe(402);
    const paid = await request(h.url)
      .get(PATH)
      .set('X-Forwarded-For', ip)
      .set('X-PAYMENT', encode(await newPayer().sign(last?.body.accepts[0])));
    expect(paid.status).toBe(200);
    expectRateLimitHeaders(paid, PILOT_RATE_LIMIT.limit);
  });

  it('counts CORS preflights on their own budget: they leave the 10 challenges alone', async () => {
    const ip = '10.5.6.6';
    for (let i = 0; i < 12; i++) {
      const pre = await preflight(h.url, PATH).set('X-Forwarded-For', ip);
      expect(pre.status).toBe(204);
      expectRateLimitHeaders(pre, PILOT_PREFLIGHT_LIMIT.limit);
    }
    const challenge = await request(h.url).get(PATH).set('X-Forwarded-For', ip);
    expect(challenge.status).toBe(402);
    expect(challenge.headers['x-ratelimit-remaining']).toBe('9');
  });

  it('rate-limits refused X-PAYMENT headers per IP (429 with Retry-After), then refuses every payment from it', async () => {
    const ip = '10.6.6.6';
    const statuses: number[] = [];
    for (let i = 0; i < PILOT_INVALID_PAYMENT_LIMIT.limit; i++) {
      const res = await request(h.url)
        .get(PATH)
        .set('X-Forwarded-For', ip)
        .set('X-PAYMENT', Buffer.from('{"not":"a payment"}').toString('base64'));
      statuses.push(res.status);
      expectRateLimitHeaders(res, PILOT_INVALID_PAYMENT_LIMIT.limit);
    }
    expect(statuses).toEqual(Array(PILOT_INVALID_PAYMENT_LIMIT.limit).fill(402));
    const over = await request(h.url).get(PATH).set('X-Forwarded-For', ip).set('X-PAYMENT', 'garbage');
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expectRateLimitHeaders(over, PILOT_INVALID_PAYMENT_LIMIT.limit);
    expectMatchesOpenApi(over, 'get', PATH);
    // Blocked now: even a well-signed payment from this address is refused (not looked at).
    const payer = newPayer();
    const challenge = await request(h.url).get(PATH).set('X-Forwarded-For', '10.6.6.7');
    const blocked = await request(h.url)
      .get(PATH)
      .set('X-Forwarded-For', ip)
      .set('X-PAYMENT', encode(await payer.sign(challenge.body.accepts[0])));
    expect(blocked.status).toBe(429);
    // Another address is not affected.
    const other = await request(h.url)
      .get(PATH)
      .set('X-Forwarded-For', '10.6.6.8')
      .set('X-PAYMENT', encode(await payer.sign(challenge.body.accepts[0])));
    expect(other.status).toBe(200);
  });
});

describe('x402 refused payments never reach the signature check once an IP is blocked', () => {
  let h: GatewayHarness;
  let verifies = 0;
  beforeAll(async () => {
    const real = createSimulatedFacilitator();
    h = await createGatewayHarness({
      deps: {
        invalidPaymentLimit: { limit: 3, windowSeconds: 60 },
        facilitator: {
          verify: (p, r) => {
            verifies++;
            return real.verify(p, r);
          },
          settle: (p, r) => real.settle(p, r),
        },
      },
    });
  });
  afterAll(() => h.close());

  it('counts facilitator verifications: none after the budget is used up', async () => {
    const ip = '10.7.7.7';
    const challenge = await request(h.url).get(PATH).set('X-Forwarded-For', ip);
    const bad = await newPayer().sign(challenge.body.accepts[0]);
    bad.payload.authorization.validAfter = '1'; // signature no longer matches: refused at verify
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await request(h.url).get(PATH).set('X-Forwarded-For', ip).set('X-PAYMENT', encode(bad))).status);
    }
    // Three refusals are answered 402; the fourth uses the budget up (429); later ones are not verified.
    expect(statuses).toEqual([402, 402, 402, 429, 429, 429]);
    expect(verifies).toBe(4);
  });
});

describe('X-RateLimit-* on every x402 answer', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await createGatewayHarness();
  });
  afterAll(() => h.close());

  it('on the 402 challenge, an invalid_payment, a paid 404, a CORS preflight and a 503', async () => {
    const challenge = await request(h.url).get(PATH).set('X-Forwarded-For', '10.8.0.1');
    expect(challenge.status).toBe(402);
    expectRateLimitHeaders(challenge);

    const invalid = await request(h.url).get(PATH).set('X-Forwarded-For', '10.8.0.2').set('X-PAYMENT', 'x');
    expect(invalid.body.error.code).toBe('invalid_payment');
    expectRateLimitHeaders(invalid);

    const missing = '/x402/legal/documents/sb%2F1800%2F1';
    const notFound = await request(h.url)
      .get(missing)
      .set('X-Forwarded-For', '10.8.0.3')
      .set('X-PAYMENT', encode(await newPayer().sign(challenge.body.accepts[0])));
    expect(notFound.status).toBe(404);
    expectRateLimitHeaders(notFound, 10);
    expectMatchesOpenApi(notFound, 'get', missing);

    const pre = await preflight(h.url, PATH);
    expect(pre.status).toBe(204);
    expectRateLimitHeaders(pre);
  });

  it('on a 503 when the document source is down', async () => {
    const down = await createGatewayHarness({ config: { INTERNAL_API_URL: 'http://127.0.0.1:9' } });
    try {
      const challenge = await request(down.url).get(PATH);
      const res = await request(down.url)
        .get(PATH)
        .set('X-PAYMENT', encode(await newPayer().sign(challenge.body.accepts[0])));
      expect(res.status).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expectRateLimitHeaders(res, 10);
      expectMatchesOpenApi(res, 'get', PATH);
    } finally {
      await down.close();
    }
  });
});
