import request from 'supertest';
import { getDocumentPaidRoute } from '@dp/core';
import { expectMatchesOpenApi } from '@dp/testing';
import { createGatewayHarness, type GatewayHarness, ASSET, PAY_TO, PUBLIC_URL, preflight } from './harness';

const PATH = '/x402/legal/documents/sb%2F2091%2F1';
const TEMPLATE = '/x402/legal/documents/{id}';

describe('the 402 challenge', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await createGatewayHarness();
  });
  afterAll(() => h.close());

  it('answers a request without X-PAYMENT with the exact challenge body', async () => {
    const res = await request(h.url).get(PATH).set('X-Forwarded-For', '10.0.0.1');
    expect(res.status).toBe(402);
    expect(res.body).toEqual({
      x402Version: 1,
      accepts: [
        {
          scheme: 'exact',
          network: 'base-sepolia',
          maxAmountRequired: '2000',
          resource: `${PUBLIC_URL}${PATH}`,
          description: expect.stringContaining('0.002 USD'),
          mimeType: 'application/json',
          payTo: PAY_TO,
          maxTimeoutSeconds: 60,
          asset: ASSET,
          extra: { name: 'USDC', version: '2' },
        },
      ],
      error: {
        code: 'payment_required',
        message: expect.any(String),
        details: { price_usd: 0.002 },
        doc_url: '/docs/errors#payment_required',
      },
      meta: { request_id: res.headers['x-request-id'] },
    });
    expectMatchesOpenApi(res, 'get', PATH);
  });

  it('sends the IETF RateLimit fields in the current draft syntax with the challenge', async () => {
    const res = await request(h.url).get(PATH).set('X-Forwarded-For', '10.0.0.9');
    expect(res.status).toBe(402);
    expect(res.headers['ratelimit-policy']).toMatch(/^"default";q=\d+;w=\d+$/);
    expect(res.headers.ratelimit).toMatch(/^"default";r=\d+;t=\d+$/);
  });

  it('echoes the unencoded natural key URL as well', async () => {
    const res = await request(h.url).get('/x402/legal/documents/sb/2091/1').set('X-Forwarded-For', '10.0.0.2');
    expect(res.status).toBe(402);
    expect(res.body.accepts[0].resource).toBe(`${PUBLIC_URL}/x402/legal/documents/sb/2091/1`);
    expectMatchesOpenApi(res, 'get', '/x402/legal/documents/sb/2091/1', TEMPLATE);
  });

  it('builds resource from PUBLIC_BASE_URL, never from Host or X-Forwarded-Host (even behind a trusted proxy)', async () => {
    const res = await request(h.url)
      .get(PATH)
      .set('Host', 'evil.example')
      .set('X-Forwarded-Proto', 'https')
      .set('X-Forwarded-Host', 'legal.example.com')
      .set('X-Forwarded-For', '10.0.0.3');
    expect(res.body.accepts[0].resource).toBe(`${PUBLIC_URL}${PATH}`);
  });

  it('answers CORS preflights and exposes X-PAYMENT-RESPONSE', async () => {
    const pre = await preflight(h.url, PATH, 'x-payment, access-control-expose-headers');
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    const allowed = pre.headers['access-control-allow-headers'].toLowerCase();
    expect(allowed).toContain('x-payment');
    expect(allowed).toContain('access-control-expose-headers');
    expect(pre.headers['access-control-allow-methods']).toContain('GET');
    const res = await request(h.url).get(PATH).set('Origin', 'https://agent.example').set('X-Forwarded-For', '10.0.0.4');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers']).toContain('X-PAYMENT-RESPONSE');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('answers other methods with 405 and unknown routes with 404 envelopes', async () => {
    const res = await request(h.url).post(PATH).set('X-Forwarded-For', '10.0.0.5');
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe('method_not_allowed');
    const other = await request(h.url).get('/x402/other');
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('not_found');
  });

  it.each([PATH, '/x402/legal/documents/sb/2091/1'])(
    'answers a method not declared for %s with 405 naming the declared one',
    async (path) => {
      const res = await request(h.url).put(path).set('X-Forwarded-For', '10.0.0.6').set('X-PAYMENT', 'abc');
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.body.error.details.allowed).toEqual([getDocumentPaidRoute.method.toUpperCase()]);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    },
  );
});

describe('without a trusted proxy', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await createGatewayHarness({ config: { TRUST_PROXY: 'false' }, seed: false });
  });
  afterAll(() => h.close());

  it('ignores X-Forwarded-* headers from untrusted peers', async () => {
    const res = await request(h.url).get(PATH).set('X-Forwarded-Proto', 'https').set('X-Forwarded-Host', 'evil.example');
    expect(res.body.accepts[0].resource).toBe(`${PUBLIC_URL}${PATH}`);
  });
});

describe('when X402_ENABLED is false (the default)', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await createGatewayHarness({ config: { X402_ENABLED: 'false' }, seed: false });
  });
  afterAll(() => h.close());

  it.each([PATH, '/x402/legal/documents/sb/2091/1', '/x402', '/x402/anything'])('answers 404 not_found for %s', async (path) => {
    const res = await request(h.url).get(path).set('X-PAYMENT', 'abc');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(res.body.meta.request_id).toBeTruthy();
  });

  it('validates against the OpenAPI document', async () => {
    const res = await request(h.url).get(PATH);
    expectMatchesOpenApi(res, 'get', PATH);
  });
});
