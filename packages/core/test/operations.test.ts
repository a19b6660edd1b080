import request from 'supertest';
import { Cache, cacheTotals, createJsonApiApp, createLogger, createMetrics, operationsRoutes, type CheckResult } from '@dp/core';

const logger = createLogger({ name: 'ops-test', level: 'silent' });

describe('operationsRoutes: /livez, /readyz, /metrics', () => {
  function app(checks: Record<string, () => CheckResult | Promise<CheckResult>>, checkTimeoutMs?: number) {
    const metrics = createMetrics('test', { processMetrics: false });
    const a = createJsonApiApp({ trustProxy: 'loopback', logger, metrics });
    a.use(operationsRoutes({ checks, metrics, checkTimeoutMs }));
    return a;
  }

  it('/livez never runs a check; /readyz is 200 ready, 200 degraded, or 503 naming what is down', async () => {
    let ran = 0;
    const counted = () => {
      ran += 1;
      return { status: 'ok' as const };
    };
    expect((await request(app({ database: counted })).get('/livez')).body.data).toEqual({ status: 'ok' });
    expect(ran).toBe(0);

    const ready = await request(app({ database: counted })).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ status: 'ready', checks: { database: { status: 'ok' } } });

    const degraded = await request(app({ database: counted, redis: () => ({ status: 'degraded', redis: 'down' }) })).get('/readyz');
    expect(degraded.status).toBe(200);
    expect(degraded.body.data.status).toBe('degraded');

    const down = await request(
      app(
        {
          database: () => Promise.reject(new Error('connection refused')),
          stuck: () => new Promise<CheckResult>(() => {}),
          redis: counted,
        },
        200,
      ),
    ).get('/readyz');
    expect(down.status).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.body.error).toMatchObject({
      code: 'unavailable',
      message: 'Not ready: database, stuck.',
      details: {
        checks: {
          database: { status: 'down', reason: 'connection refused' },
          stuck: { status: 'down', reason: 'no answer in 200 ms' },
          redis: { status: 'ok' },
        },
      },
    });
  });

  it('/metrics is the Prometheus text of the app registry, with the request just made', async () => {
    const a = app({});
    await request(a).get('/livez');
    const res = await request(a).get('/metrics');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain(
      'dp_http_request_duration_seconds_count{app="test",method="GET",route="/livez",status="200",operation="none"} 1',
    );
  });
});

describe('Cache counts for /metrics', () => {
  it('hits, misses (once per lookup, fill after get included), entries and weight, summed per name', async () => {
    const name = `test_cache_${Date.now()}`;
    const a = new Cache<string>({ name, freshMs: 60_000, weigh: (v) => v.length });
    const b = new Cache<string>({ name, freshMs: 60_000, weigh: (v) => v.length });
    expect(a.get('k')).toBeUndefined(); // miss
    await a.fill('k', async () => 'abc'); // the load after that miss: not a second miss
    expect(a.get('k')).toBe('abc'); // hit
    expect(await a.fetch('k', async () => 'x')).toBe('abc'); // hit
    expect(await b.fetch('j', async () => 'de')).toBe('de'); // miss
    expect(cacheTotals().get(name)).toEqual({ hits: 2, misses: 2, entries: 2, weight: 5 });
  });
});
