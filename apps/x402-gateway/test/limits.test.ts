import request from 'supertest';
import { expectMatchesOpenApi } from '@dp/testing';
import { createSimulatedFacilitator } from '../src/facilitator/simulated';
import { PILOT_CHALLENGE_LIMIT, PILOT_INVALID_PAYMENT_LIMIT } from '../src/payments/payer-limit';
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

  it('lets distinct payers behind one IP each make their 10 paid calls a minute (challenge + payment each)', async () => {
    const ip = '10.5.5.5';
    const payers = [newPayer(), newPayer(), newPayer()];
    const statuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      for (const payer of payers) {
        const challenge = await request(h.url).get(PATH).set('X-Forwarded-For', ip);
        expect(challenge.status).toBe(402);
        expectRateLimitHeaders(challenge, PILOT_CHALLENGE_LIMIT.limit);
        const paid = await request(h.url)
          .get(PATH)
          .set('X-Forwarded-For', ip)
          .set('X-PAYMENT', encode(await payer.sign(challenge.body.accepts[0])));
        statuses.push(paid.status);
      }
    }
    expect(statuses).toEqual(Array(30).fill(200));
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
