import { metricValue, seedFixtureCorpus } from '@dp/testing';
import { UNIT_COST } from '@dp/core';
import { apiConfig, createHarness, createSeededHarness, type Harness } from './harness';

/** /livez, /readyz and /metrics of the api, as an operator and Prometheus meet them (docs/operations.md). */
describe('api: operator paths', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => ({ h, key } = await createSeededHarness(seedFixtureCorpus)));
  afterAll(() => h.close());

  it('/livez answers without a key; /readyz names its checks', async () => {
    const live = await h.http.get('/livez');
    expect(live.status).toBe(200);
    expect(live.body.data).toEqual({ status: 'ok' });
    const ready = await h.http.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ status: 'ready', checks: { database: { status: 'ok' }, redis: { status: 'ok' } } });
  });

  it('/metrics counts requests by route template, status and operation, units, caches and SQL', async () => {
    for (let i = 0; i < 2; i++) expect((await h.get('/v1/legal/documents/sb%2F2091%2F1', key)).status).toBe(200);
    // An error raised inside the /v1 router keeps the route's full template.
    expect((await h.get('/v1/legal/changes?since=yesterday', key)).status).toBe(400);
    expect((await h.http.get('/nowhere/at/all')).status).toBe(404);

    const res = await h.http.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    const count = (labels: Record<string, string>) => metricValue(text, 'dp_http_request_duration_seconds_count', labels);
    expect(count({ app: 'api', method: 'GET', route: '/v1/legal/documents/*ref', status: '200', operation: 'documents.get' })).toBe(2);
    expect(count({ method: 'GET', route: '/v1/legal/changes', status: '400', operation: 'changes.list' })).toBe(1);
    // Unknown paths share one label: no unbounded series.
    expect(count({ method: 'GET', route: 'unmatched', status: '404', operation: 'none' })).toBe(1);
    expect(metricValue(text, 'dp_units_total', { operation: 'documents.get' })).toBe(2 * UNIT_COST['documents.get']);
    // The second read came from memory: one miss, one hit (at least; other tests of the file read too).
    expect(metricValue(text, 'dp_cache_hits_total', { cache: 'documents' })).toBeGreaterThanOrEqual(1);
    expect(metricValue(text, 'dp_cache_misses_total', { cache: 'documents' })).toBeGreaterThanOrEqual(1);
    expect(metricValue(text, 'dp_cache_entries', { cache: 'documents' })).toBeGreaterThanOrEqual(1);
    expect(metricValue(text, 'dp_cache_hits_total', { cache: 'api_keys' })).toBeGreaterThanOrEqual(1);
    expect(metricValue(text, 'dp_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(metricValue(text, 'dp_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
    expect(metricValue(text, 'dp_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('/metrics and the health paths are not under /v1 (the public prefix)', async () => {
    expect((await h.http.get('/v1/metrics')).status).toBe(401);
    expect((await h.http.get('/v1/metrics').set('Authorization', `Bearer ${key}`)).status).toBe(404);
  });
});

describe('api with METRICS_DISABLED=true', () => {
  it('serves no /metrics (and observes nothing), the health paths as ever', async () => {
    const h = await createHarness({ config: apiConfig({ METRICS_DISABLED: 'true' }) });
    try {
      expect(h.api.metrics).toBeUndefined();
      expect((await h.http.get('/metrics')).status).toBe(404);
      expect((await h.http.get('/livez')).status).toBe(200);
      expect((await h.http.get('/readyz')).status).toBe(200);
    } finally {
      await h.close();
    }
  });
});
