import request from 'supertest';
import { createDatabase, DEFAULT_QUERY_TIMEOUT_MS, type Database } from '@dp/db';
import { expectMatchesOpenApi, memoryLogger, serve, TcpProxy, type Served } from '@dp/testing';
import { createGateway } from '../src/app';
import { createGatewayHarness, encode, newPayer, requirementsFor, type GatewayHarness } from './harness';

const PATH = '/x402/legal/documents/sb%2F2091%2F1';

/*
 * Issue 38 item 6: the x402 challenge needs no payment data and never waits on the database; a
 * paid call that needs it while it does not answer is a 503 with Retry-After, well before the
 * statement limit. The api (documents) keeps its own database; only the gateway's is frozen.
 */
describe('the gateway in front of a frozen PostgreSQL', () => {
  let h: GatewayHarness;
  let proxy: TcpProxy;
  let viaProxy: Database;
  let gateway: ReturnType<typeof createGateway>;
  let served: Served;

  beforeAll(async () => {
    h = await createGatewayHarness();
    const target = new URL(h.db.url);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const url = new URL(target.toString());
    url.port = String(proxy.port);
    viaProxy = await createDatabase({ url: url.toString(), schema: h.db.schema, poolSize: 4 });
    gateway = createGateway({ db: viaProxy, state: h.state, config: h.config, logger: memoryLogger([], 'info') });
    served = await serve(gateway.app);
  });

  afterAll(async () => {
    await served.close();
    await gateway.close();
    await viaProxy.close();
    await proxy.stop();
    await h.close();
  });

  it('answers the challenge without a database answer: one that never comes', async () => {
    const never: Database = { ...h.db, query: () => new Promise<never>(() => {}) };
    const frozen = createGateway({ db: never, state: h.state, config: h.config, logger: memoryLogger([], 'info') });
    const server = await serve(frozen.app);
    try {
      for (const ip of ['10.38.6.1', '10.38.6.2']) {
        const res = await request(server.url).get(PATH).set('X-Forwarded-For', ip);
        expect(res.status).toBe(402);
        expect(res.body.error.code).toBe('payment_required');
        expectMatchesOpenApi(res, 'get', PATH);
      }
    } finally {
      await server.close();
      await frozen.close();
    }
  });

  it('answers challenges at once and paid calls 503 with Retry-After, without waiting out the statement limit', async () => {
    proxy.silence();
    const challengeMs: number[] = [];
    const paidMs: number[] = [];
    try {
      const challenges = await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const started = performance.now();
          const res = await request(served.url).get(PATH).set('X-Forwarded-For', `10.38.7.${i}`);
          challengeMs.push(performance.now() - started);
          return res;
        }),
      );
      expect(challenges.map((r) => r.status)).toEqual(Array(8).fill(402));
      const requirements = requirementsFor(`${served.url}${PATH}`);
      const paid = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const header = encode(await newPayer().sign(requirements));
          const started = performance.now();
          const res = await request(served.url).get(PATH).set('X-PAYMENT', header);
          paidMs.push(performance.now() - started);
          return res;
        }),
      );
      for (const res of paid) {
        expect(res.status).toBe(503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expectMatchesOpenApi(res, 'get', PATH);
      }
    } finally {
      proxy.unsilence();
    }
    const range = (xs: number[]) => `${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))} ms`;
    console.log(`gateway, frozen PostgreSQL: 8 challenges (402) in ${range(challengeMs)}, 8 paid calls (503) in ${range(paidMs)}`);
    expect(Math.max(...paidMs)).toBeLessThan(DEFAULT_QUERY_TIMEOUT_MS);
    expect(await h.paymentCount()).toBe(0);
  }, 60_000);
});
