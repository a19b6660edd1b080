import { createDatabase, DEFAULT_QUERY_TIMEOUT_MS, type Database } from '@dp/db';
import { createTestDatabase, eventually, TcpProxy, type TestDatabase } from '@dp/testing';
import { createHarness, type Harness } from './harness';

/*
 * Fault test (issue 38 item 6): PostgreSQL stops answering (the proxy in front of it accepts and
 * forwards nothing: what a frozen server or a network black hole looks like) while requests that
 * need it arrive. The api uses the services' default time limits (not the short ones of
 * storage-outage.test.ts), so waiting out the statement limit would take DEFAULT_QUERY_TIMEOUT_MS:
 * every request must instead be answered 503 with Retry-After well before it. The figures of a
 * run are printed for docs/BENCHMARKS.md.
 */
describe('a frozen PostgreSQL', () => {
  let base: TestDatabase;
  let proxy: TcpProxy;
  let viaProxy: Database;
  let h: Harness;

  beforeAll(async () => {
    base = await createTestDatabase();
    const target = new URL(base.url);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const url = new URL(target.toString());
    url.port = String(proxy.port);
    viaProxy = await createDatabase({ url: url.toString(), schema: base.schema, poolSize: 4 });
    h = await createHarness({ db: Object.assign(viaProxy, { url: url.toString(), destroy: () => viaProxy.close() }) });
  });

  afterAll(async () => {
    await h.close();
    await proxy.stop();
    await base.destroy();
  });

  it('answers every request 503 with Retry-After without waiting out the statement limit, then recovers', async () => {
    const keys = await Promise.all(Array.from({ length: 3 }, () => h.newKey()));
    for (const { key } of keys) expect((await h.get('/v1/usage', key)).status).toBe(200); // keys cached
    expect((await h.get('/v1/webhooks', keys[0].key)).status).toBe(200);

    proxy.silence();
    const times: number[] = [];
    const statuses: number[] = [];
    try {
      // Two waves: the first meets the freeze (statements waiting on the silent server), the
      // second arrives once the database is known not to answer.
      for (let wave = 0; wave < 2; wave++) {
        const results = await Promise.all(
          Array.from({ length: 12 }, async (_, i) => {
            const started = performance.now();
            // The usage report reads through db.query, the webhook list through Prisma.
            const res = await h.get(i % 2 ? '/v1/webhooks' : '/v1/usage', keys[i % keys.length].key);
            times.push(performance.now() - started);
            return res;
          }),
        );
        for (const res of results) {
          statuses.push(res.status);
          expect(res.body.error?.code).toBe('unavailable');
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          expect(res.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
        }
      }
    } finally {
      proxy.unsilence();
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `frozen PostgreSQL: ${statuses.length} requests, statuses ${[...new Set(statuses)].join(',')}, answered in ${Math.round(sorted[0])}–${Math.round(sorted.at(-1)!)} ms (median ${Math.round(sorted[sorted.length >> 1])} ms)`,
    );
    expect(statuses).toEqual(Array(24).fill(503));
    expect(Math.max(...times)).toBeLessThan(DEFAULT_QUERY_TIMEOUT_MS);

    await eventually(async () => ((await h.get('/v1/usage', keys[0].key)).status === 200 ? true : undefined), {
      what: 'a 200 once PostgreSQL answers again',
      timeoutMs: 20_000,
      intervalMs: 250,
    });
  }, 90_000);
});
