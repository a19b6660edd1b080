import request from 'supertest';
import { expectMatchesOpenApi } from '@dp/testing';
import { createGatewayHarness, decodeResponseHeader, encode, newPayer, requirementsFor, type GatewayHarness } from './harness';

const PATH = '/x402/legal/documents/sb%2F2091%2F1';

describe('the global daily cap', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await createGatewayHarness({ config: { X402_DAILY_CAP_USD: '0.01' } }); // 5 payments of 0.002
  });
  afterAll(() => h.close());

  it('holds under 12 concurrent payers: exactly 5 charged, total 10000', async () => {
    const requirements = requirementsFor(`${h.url}${PATH}`);
    const headers = await Promise.all(Array.from({ length: 12 }, async () => encode(await newPayer().sign(requirements))));
    const results = await Promise.all(headers.map((header) => request(h.url).get(PATH).set('X-PAYMENT', header)));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 402);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(7);
    for (const r of refused) {
      expect(r.body.error.code).toBe('payment_required');
      expect(r.body.error.message).toMatch(/pilot cap is reached/);
      expect(r.body.error.details.price_usd).toBe(0.002);
      expect(r.body.accepts[0].maxAmountRequired).toBe('2000');
      expectMatchesOpenApi(r, 'get', PATH);
    }
    expect(await h.paymentCount()).toBe(5);
    expect(await h.dailyTotal()).toBe(10000n);
    const [day] = await h.db.query<{ payment_count: number; total: string }>(
      'SELECT payment_count, total_atomic::text AS total FROM x402_daily_total',
    );
    expect(day).toEqual({ payment_count: 5, total: '10000' });
  });

  it('still honours replays of settled payments once the cap is reached', async () => {
    const requirements = requirementsFor(`${h.url}${PATH}`);
    // The cap is full: a new payment is refused ...
    const fresh = await request(h.url)
      .get(PATH)
      .set('X-PAYMENT', encode(await newPayer().sign(requirements)));
    expect(fresh.status).toBe(402);
    expect(fresh.body.error.details.reason).toBe('daily_cap_reached');
    expect(await h.dailyTotal()).toBe(10000n);
  });
});

describe('one payment sent 100 times at once', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    // The limit is raised so that all 100 requests reach settlement and race for the nonce.
    h = await createGatewayHarness({ deps: { rateLimit: { limit: 1000, windowSeconds: 60 } } });
  });
  afterAll(() => h.close());

  it('charges exactly once; every other request is a replay', async () => {
    const header = encode(await newPayer().sign(requirementsFor(`${h.url}${PATH}`)));
    const results = await Promise.all(Array.from({ length: 100 }, () => request(h.url).get(PATH).set('X-PAYMENT', header)));
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
    const receipts = results.map((r) => decodeResponseHeader(r.headers['x-payment-response']));
    expect(receipts.filter((r) => r.replay !== true)).toHaveLength(1);
    expect(new Set(receipts.map((r) => r.txRef)).size).toBe(1);
    expect(await h.paymentCount()).toBe(1);
    expect(await h.dailyTotal()).toBe(2000n);
  });
});

describe('one payment sent 100 times at once, with the pilot limit of 10/min', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await createGatewayHarness();
  });
  afterAll(() => h.close());

  it('serves 10 (one charge, nine replays) and rate-limits the other 90', async () => {
    const header = encode(await newPayer().sign(requirementsFor(`${h.url}${PATH}`)));
    const results = await Promise.all(Array.from({ length: 100 }, () => request(h.url).get(PATH).set('X-PAYMENT', header)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(10);
    expect(results.filter((r) => r.status === 429)).toHaveLength(90);
    expect(ok.map((r) => decodeResponseHeader(r.headers['x-payment-response'])).filter((r) => r.replay !== true)).toHaveLength(1);
    expect(await h.paymentCount()).toBe(1);
    expect(await h.dailyTotal()).toBe(2000n);
  });
});
