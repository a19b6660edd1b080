import express from 'express';
import request from 'supertest';
import { createHarness, type Harness } from './harness';
import { createPipeline } from '../src/pipeline';
import { eventually, seedFixtureCorpus } from '@dp/testing';
import { createApiKey, createOrganization, getUsageBreakdown } from '@dp/db';
import { getUsage } from '../src/usage/get-usage';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await seedFixtureCorpus(h.db);
});
afterAll(() => h.close());

async function usage(key: string) {
  const res = await h.get('/v1/usage', key);
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('metering in units', () => {
  it('records exactly the units of 200 concurrent requests', async () => {
    const { key } = await h.newKey();
    const paths = Array.from({ length: 200 }, (_, i) =>
      i % 3 === 0
        ? '/v1/legal/documents/sb%2F2091%2F1'
        : i % 3 === 1
          ? '/v1/legal/documents/sb%2F2091%2F1/effectivity'
          : '/v1/legal/documents/sb%2F2091%2F1/relations',
    );
    const results = await Promise.all(paths.map((p) => h.http.get(p).set('Authorization', `Bearer ${key}`)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const data = await usage(key);
    expect(data.units.used).toBe(200);
    const byOp = Object.fromEntries(data.by_operation.map((o: { operation: string; units: number; requests: number }) => [o.operation, o]));
    expect(byOp['documents.get'].units).toBe(67);
    expect(byOp['documents.effectivity'].units).toBe(67);
    expect(byOp['documents.relations'].units).toBe(66);
    expect(data.by_day).toHaveLength(1);
    expect(data.by_day[0].units).toBe(200);
  });

  it('charges nothing for failed requests and for usage itself', async () => {
    const { key } = await h.newKey();
    await h.get('/v1/legal/documents/sb%2F1800%2F1', key); // 404
    await h.get('/v1/legal/documents/sb%2F2091%2F1?at=bad', key); // 400
    await h.get('/v1/usage', key);
    const data = await usage(key);
    expect(data.units.used).toBe(0);
    expect(data.requests).toBeGreaterThanOrEqual(3);
  });

  it('counts every request of a known key with 0 units on failure: 403, 429 rate_limited, 429 quota_exceeded', async () => {
    const org = await createOrganization(h.db.prisma, { name: 'Counted', requestsPerMinute: 4, monthlyUnits: 1 });
    const reader = await createApiKey(h.db.prisma, { orgId: org.id, scopes: ['read'] });
    const auth = { Authorization: `Bearer ${reader.key}` };
    expect((await h.http.get('/v1/legal/documents/sb%2F2091%2F1').set(auth)).status).toBe(200); // the one unit
    const quota = await h.http.get('/v1/legal/documents/sb%2F2091%2F1').set(auth);
    expect([quota.status, quota.body.error.code]).toEqual([429, 'quota_exceeded']);
    const scope = await h.http.get('/v1/usage').set(auth);
    expect([scope.status, scope.body.error.code]).toEqual([403, 'insufficient_scope']);
    await h.http.get('/v1/usage').set(auth); // the 4th request of the minute: 403 again
    const limited = await h.http.get('/v1/legal/documents/sb%2F2091%2F1').set(auth);
    expect([limited.status, limited.body.error.code]).toEqual([429, 'rate_limited']);

    await h.api.context.meter.flush();
    const data = await getUsage(h.db, org.id);
    const byOp = Object.fromEntries(data.by_operation.map((o) => [o.operation, o]));
    expect(byOp['documents.get']).toMatchObject({ requests: 3, units: 1 });
    expect(byOp['usage.get']).toMatchObject({ requests: 2, units: 0 });
    expect(data.requests).toBe(5);
    expect(data.units.used).toBe(1);
  });

  it('answers 429 quota_exceeded with resets_at once the monthly units are used up', async () => {
    const { key } = await h.newKey({ monthlyUnits: 3 });
    for (let i = 0; i < 3; i++) expect((await h.get('/v1/legal/documents/sb%2F2091%2F1', key)).status).toBe(200);
    const res = await h.get('/v1/legal/documents/sb%2F2091%2F1', key);
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('quota_exceeded');
    const resetsAt = new Date(res.body.error.details.resets_at);
    const now = new Date();
    expect(resetsAt.toISOString()).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString());
    // Retry-After: the seconds until the quota resets.
    const retryAfter = Number(res.headers['retry-after']);
    expect(Math.abs(retryAfter - (resetsAt.getTime() - Date.now()) / 1000)).toBeLessThan(60);
    // Usage (0 units) stays readable when the quota is used up.
    expect((await usage(key)).units).toEqual({ used: 3, remaining: 0, limit: 3 });
  });

  it('writes pending counts on graceful shutdown', async () => {
    const second = await createHarness({ db: h.db, state: h.state });
    const { key, orgId } = await second.newKey();
    for (let i = 0; i < 5; i++) await second.http.get('/v1/legal/documents/sb%2F2091%2F1').set('Authorization', `Bearer ${key}`);
    await second.api.close();
    const rows = await h.db.query<{ units: number }>('SELECT SUM(units)::int AS units FROM usage_counter WHERE org_id = $1', [orgId]);
    expect(rows[0].units).toBe(5);
  });

  it('records requests per key and HTTP status beside the per-operation totals, units for successes only', async () => {
    const first = await h.newKey();
    const second = await createApiKey(h.db.prisma, { orgId: first.orgId, scopes: ['read'], name: 'second' });
    await h.get('/v1/legal/documents/sb%2F2091%2F1', first.key); // 200
    await h.get('/v1/legal/documents/sb%2F2091%2F1', first.key); // 200
    await h.get('/v1/legal/documents/sb%2F1800%2F1', first.key); // 404
    await h.get('/v1/legal/documents/sb%2F2091%2F1', second.key); // 200
    await h.get('/v1/usage', second.key); // 403: the key has no manage scope
    await usage(first.key); // writes the pending counts (its own is recorded after)
    const rows = await h.db.query<{ key_id: string; operation: string; status: number; requests: number; units: number }>(
      'SELECT key_id, operation, status, requests, units FROM usage_detail WHERE org_id = $1 ORDER BY key_id, operation, status',
      [first.orgId],
    );
    const expected = [
      { key_id: first.id, operation: 'documents.get', status: 200, requests: 2, units: 2 },
      { key_id: first.id, operation: 'documents.get', status: 404, requests: 1, units: 0 },
      { key_id: second.id, operation: 'documents.get', status: 200, requests: 1, units: 1 },
      { key_id: second.id, operation: 'usage.get', status: 403, requests: 1, units: 0 },
    ].sort((a, b) => (a.key_id + a.operation + a.status < b.key_id + b.operation + b.status ? -1 : 1));
    expect(rows).toEqual(expected);
    // The counter (what the quota reads) holds the same totals.
    const counter = await h.db.query<{ requests: number; units: number }>(
      'SELECT SUM(requests)::int AS requests, SUM(units)::int AS units FROM usage_counter WHERE org_id = $1',
      [first.orgId],
    );
    expect(counter[0]).toEqual({ requests: 5, units: 3 });
    const today = new Date();
    const breakdown = await getUsageBreakdown(h.db, first.orgId, { from: today, to: today });
    expect(breakdown.by_status).toEqual([
      { status: 200, requests: 3, units: 3 },
      { status: 403, requests: 1, units: 0 },
      { status: 404, requests: 1, units: 0 },
    ]);
    expect(breakdown.by_key.map((k) => [k.key?.id, k.requests, k.units])).toEqual([
      [first.id, 3, 2],
      [second.id, 2, 1],
    ]);
  });

  it('shows usage counted before per-key recording as one line without key and status', async () => {
    const { orgId, key } = await h.newKey();
    await h.db.query(
      `INSERT INTO usage_counter (org_id, day, operation, requests, units) VALUES ($1, current_date, 'search.fulltext', 4, 3)`,
      [orgId],
    );
    await h.get('/v1/legal/search?q=zakon', key);
    await usage(key);
    const counted = async () =>
      (await h.db.query<{ requests: number }>('SELECT SUM(requests)::int AS requests FROM usage_counter WHERE org_id = $1', [orgId]))[0]
        .requests;
    // The usage read is recorded after it answers (the meter writes in batches): read the
    // breakdown once it is, so the breakdown and the counter see the same requests.
    await eventually(async () => ((await counted()) === 6 ? true : undefined), { what: 'the usage read to be counted' });
    const today = new Date();
    const breakdown = await getUsageBreakdown(h.db, orgId, { from: today, to: today });
    const legacy = breakdown.lines.filter((l) => l.key === null);
    expect(legacy).toEqual([{ day: breakdown.range.from, key: null, operation: 'search.fulltext', status: null, requests: 4, units: 3 }]);
    expect(breakdown.requests).toBe(await counted());
  });

  it('counts an answer as it is sent, before the handler returns (a kill between the two loses no unit)', async () => {
    const { orgId, key } = await h.newKey();
    const ctx = h.api.context;
    const app = express();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let returned = false;
    app.get(
      '/v1/held',
      createPipeline(ctx).route({
        scope: 'read',
        operation: 'documents.get',
        bodyLimit: false,
        handler: async (_req, res) => {
          res.json({ data: 'answered' });
          await held; // work after the answer (a cache write, a log line) that a kill could cut
          returned = true;
        },
      }),
    );
    const month = new Date().toISOString().slice(0, 7);
    const before = ctx.meter.pendingUnits(orgId, month) + ctx.meter.writtenUnits(orgId, month);
    const res = await request(app).get('/v1/held').set('Authorization', `Bearer ${key}`);
    expect(res.status).toBe(200);
    expect(returned).toBe(false);
    expect(ctx.meter.pendingUnits(orgId, month) + ctx.meter.writtenUnits(orgId, month) - before).toBe(1);
    release();
    await eventually(() => (returned ? true : undefined), { what: 'the handler to return' });
    // Counted once, not again when the handler returns.
    expect(ctx.meter.pendingUnits(orgId, month) + ctx.meter.writtenUnits(orgId, month) - before).toBe(1);
  });
});
