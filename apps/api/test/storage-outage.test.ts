import { createDatabase, type Database } from '@dp/db';
import { createTestDatabase, TcpProxy, type TestDatabase } from '@dp/testing';
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

  // First: a reconnecting revocation listener clears the key cache (see the auth docs), and this
  // test needs its key cached while storage is down.
  it('counts a request that failed during the outage (0 units) once storage is back', async () => {
    const { key } = await h.newKey();
    expect((await h.get('/v1/usage', key)).status).toBe(200); // the key is cached now
    await proxy.stop();
    // The quota needs the month's total from the database: 503.
    expect((await h.get('/v1/legal/documents/sb%2F2091%2F1', key)).status).toBe(503);
    await proxy.start();
    let data: { by_operation: Array<{ operation: string; requests: number; units: number }> } | undefined;
    for (let i = 0; i < 20 && !data; i++) {
      const res = await h.get('/v1/usage', key);
      if (res.status === 200) data = res.body.data;
      else await new Promise((r) => setTimeout(r, 250));
    }
    expect(data!.by_operation.find((o) => o.operation === 'documents.get')).toMatchObject({ requests: 1, units: 0 });
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
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await h.get('/v1/usage', key)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
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
    let status = 0;
    for (let i = 0; i < 40 && status !== 200; i++) {
      status = (await h.get('/v1/usage', key)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
  }, 60_000);
});
