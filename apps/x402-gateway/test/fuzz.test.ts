import { FUZZ_TIMEOUT_MS, fuzzRequests, send, type FuzzRoute, expectFuzzAnswered, itSurvivesTheFuzz } from '@dp/testing';
import { createGatewayHarness, encode, newPayer, PUBLIC_URL, requirementsFor, type GatewayHarness } from './harness';

/**
 * Hostile input over every route of the gateway (issue #14): deterministic (seeded), bounded,
 * asserting no 5xx, the error envelope with a fitting code on every 4xx, and no crash. Limits are
 * raised so most requests reach decoding, verification and the document read.
 */
const ROUTES: FuzzRoute[] = [
  { method: 'GET', path: '/x402/legal/documents/{id}' },
  { method: 'GET', path: '/x402/legal/documents/{id}/{x}' },
  { method: 'GET', path: '/x402/{x}' },
  { method: 'GET', path: '/livez' },
  { method: 'GET', path: '/facilitator/supported' },
  { method: 'POST', path: '/facilitator/verify', body: { type: 'json', fields: ['x402Version', 'paymentPayload', 'paymentRequirements'] } },
  { method: 'POST', path: '/facilitator/settle', body: { type: 'json', fields: ['x402Version', 'paymentPayload', 'paymentRequirements'] } },
  { method: 'GET', path: '/{x}' },
];

let h: GatewayHarness;
const payments: string[] = [];

beforeAll(async () => {
  const generous = { limit: 1_000_000, windowSeconds: 60 };
  h = await createGatewayHarness({ deps: { rateLimit: generous, challengeLimit: generous, invalidPaymentLimit: generous } });
  const requirements = requirementsFor(`${PUBLIC_URL}/x402/legal/documents/SB-2091-1`);
  for (let i = 0; i < 20; i++) payments.push(encode(await newPayer().sign(requirements)));
});
afterAll(() => h.close());

describe("gateway: the issue's cases", () => {
  it('an undecodable path answers 400 invalid_request without any key or payment, a NUL too', async () => {
    const port = Number(new URL(h.url).port);
    for (const path of ['/x402/legal/documents/%zz', '/x402/legal/documents/%C3%28', '/x402/legal/documents/sb%002012']) {
      for (const headers of [{}, { 'x-payment': payments[0] }] as Array<Record<string, string>>) {
        const res = await send(port, { path, headers });
        expect(res.status).toBe(400);
        expect((res.body as { error: { code: string } }).error.code).toBe('invalid_request');
      }
    }
  });
});

describe('gateway fuzz (seeded)', () => {
  it(
    'answers 3,000 hostile requests over every route without a 5xx, each 4xx an envelope with a fitting code',
    async () => {
      const port = Number(new URL(h.url).port);
      const requests = fuzzRequests({
        routes: ROUTES,
        count: 3_000,
        seed: 402,
        // With and without a valid payment (one nonce each: the rest are replays or other resources).
        credentials: [
          ...Array.from({ length: 20 }, (): Record<string, string> => ({})),
          ...payments.map((p): Record<string, string> => ({ 'x-payment': p })),
        ],
        plausible: ['SB-2091-1', 'sb%2F2091%2F1', 'sb/2091/1', 'SB-2091-2'],
      });
      await expectFuzzAnswered(port, requests, [200, 400, 402, 404, 405]);
    },
    FUZZ_TIMEOUT_MS,
  );

  itSurvivesTheFuzz(() => ({ port: Number(new URL(h.url).port), healthPath: '/livez', logs: h.logs }));
});
