import request from 'supertest';
import { metricValue } from '@dp/testing';
import { createGatewayHarness, encode, newPayer, type GatewayHarness } from './harness';

const PATH = '/x402/legal/documents/sb%2F2091%2F1';

/** The gateway's operator paths: /livez, /readyz and the x402 series of /metrics. */
describe('x402 gateway: operator paths', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await createGatewayHarness();
  });
  afterAll(() => h.close());

  it('/livez and /readyz (database, redis, x402 enabled)', async () => {
    expect((await request(h.url).get('/livez')).body.data).toEqual({ status: 'ok' });
    const ready = await request(h.url).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.data.checks).toMatchObject({ database: { status: 'ok' }, x402: { status: 'ok', enabled: true } });
  });

  it('counts challenges, settlements and refusals by reason', async () => {
    const challenge = await request(h.url).get(PATH).set('X-Forwarded-For', '10.9.0.1');
    expect(challenge.status).toBe(402);
    const payment = await newPayer().sign(challenge.body.accepts[0]);
    expect((await request(h.url).get(PATH).set('X-PAYMENT', encode(payment))).status).toBe(200);
    const tampered = await newPayer().sign(challenge.body.accepts[0]);
    tampered.payload.signature = `${tampered.payload.signature.slice(0, 10)}${tampered.payload.signature[10] === 'a' ? 'b' : 'a'}${tampered.payload.signature.slice(11)}`;
    expect((await request(h.url).get(PATH).set('X-PAYMENT', encode(tampered))).status).toBe(402);

    const text = (await request(h.url).get('/metrics')).text;
    expect(metricValue(text, 'dp_x402_challenges_total', { app: 'x402-gateway', reason: 'payment_required' })).toBe(1);
    expect(metricValue(text, 'dp_x402_settlements_total', { version: '1', replay: 'false' })).toBe(1);
    expect(metricValue(text, 'dp_x402_refusals_total', { reason: 'invalid_exact_evm_payload_signature' })).toBe(1);
    expect(metricValue(text, 'dp_http_request_duration_seconds_count', { route: '/x402/legal/documents/*ref', status: '200' })).toBe(1);
  });
});
