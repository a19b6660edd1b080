import { createDatabase, type Database } from '@dp/db';
import { createTestDatabase, eventually, TcpProxy, type TestDatabase } from '@dp/testing';
import { createHarness, type Harness } from './harness';

/**
 * The api reaches storage through a TCP proxy the test can cut (the run's PostgreSQL: embedded
 * or the real server).
 */
describe('storage outage', () => {
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
    viaProxy = await createDatabase({ url: url.toString(), schema: base.schema, poolSize: 2, queryTimeoutMs: 1_500 });
    h = await createHarness({ db: Object.assign(viaProxy, { url: url.toString(), destroy: () => viaProxy.close() }) });
  });

  afterAll(async () => {
    await h.close();
    await proxy.stop();
    await base.destroy();
  });

  /** Asks for the key's usage until it is answered 200 (storage is back), within `timeoutMs`. */
  const untilAnswered200 = (key: string, timeoutMs: number) =>
    eventually(async () => ((await h.get('/v1/usage', key)).status === 200 ? true : undefined), {
      what: 'a 200 once storage is back',
      timeoutMs,
      intervalMs: 250,
    });

  // First: a reconnecting revocation listener clears the key cache (see the auth docs), and this
  // test needs its key cached while storage is down.
  it('counts a request that failed during the outage (0 units) once storage is back', async () => {
    const { key } = await h.newKey();
    expect((await h.get('/v1/usage', key)).status).toBe(200); // the key is cached now
    await proxy.stop();
    // The quota needs the month's total from the database: 503.
    expect((await h.get('/v1/legal/documents/sb%2F2091%2F1', key)).status).toBe(503);
    await proxy.start();
    const data = await eventually(
      async () => {
        const res = await h.get('/v1/usage', key);
        return res.status === 200
          ? (res.body.data as { by_operation: Array<{ operation: string; requests: number; units: number }> })
          : undefined;
      },
      { what: 'usage once storage is back', timeoutMs: 10_000, intervalMs: 250 },
    );
    expect(data.by_operation.find((o) => o.operation === 'documents.get')).toMatchObject({ requests: 1, units: 0 });
  });

  it('answers 503 unavailable while storage is down and recovers without a restart', async () => {
    const { key } = await h.newKey();
    const uncached = await h.newKey();
    expect((await h.get('/v1/usage', key)).status).toBe(200);
    expect((await h.http.get('/readyz')).status).toBe(200);

    await proxy.stop();
    // The key lookup itself fails (before the rate limiter ran): still 503 with X-RateLimit-*.
    const lookup = await h.get('/v1/usage', uncached.key);
    expect(lookup.status).toBe(503);
    expect(lookup.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
    expect(lookup.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    expect(lookup.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
    // A key not yet cached needs the database; the cached one needs it for usage.
    const down = await h.get('/v1/usage', key);
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe('unavailable');
    expect(down.headers['retry-after']).toBe('5');
    expect(down.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
    const ready = await h.http.get('/readyz');
    expect(ready.status).toBe(503);

    await proxy.start();
    await untilAnswered200(key, 10_000);
    expect((await h.http.get('/readyz')).status).toBe(200);
  });

  it('answers 503 quickly, never hangs, while storage is stuck (accepts, never answers)', async () => {
    const { key } = await h.newKey();
    expect((await h.get('/v1/usage', key)).status).toBe(200);

    proxy.silence();
    try {
      const started = Date.now();
      const [ready, usage] = await Promise.all([h.http.get('/readyz'), h.get('/v1/usage', key)]);
      expect(ready.status).toBe(503);
      expect(usage.status).toBe(503);
      expect(usage.body.error.code).toBe('unavailable');
      // Bounded by the readiness check's and the query time limit, not by the test's timeout.
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      proxy.unsilence();
    }
    await untilAnswered200(key, 20_000);
  }, 60_000);
});
