import { newId } from '@dp/core';
import { recordChanges } from '@dp/db';
import { expectMatchesOpenApi } from '@dp/testing';
import { createHarness, createPolicyHarnesses, errorFields, modeConfig, type Harness } from './harness';

let h: Harness;
let local: Harness; // same database, WEBHOOK_ALLOW_PRIVATE_TARGETS=true
let close: () => Promise<void>;
beforeAll(async () => ({ h, local, close } = await createPolicyHarnesses()));
afterAll(() => close());

describe('/v1/webhooks', () => {
  it('creates a webhook, returns the secret once, lists, reads and deletes it (0 units)', async () => {
    const { key } = await h.newKey();
    const created = await h.call('post', '/v1/webhooks', key, {
      url: 'https://hooks.example.com/legal',
      events: ['relation.created', 'document.created', 'document.created'],
      description: 'CI',
    });
    expect(created.status).toBe(201);
    const { webhook, secret } = created.body.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    expect(webhook).toEqual({
      id: expect.stringMatching(/^wh_/),
      url: 'https://hooks.example.com/legal',
      description: 'CI',
      events: ['document.created', 'relation.created'],
      status: 'active',
      failure_count: 0,
      disabled_at: null,
      disabled_reason: null,
      previous_secret_expires_at: null,
      created_at: expect.any(String),
    });
    expect(created.headers.location).toBe(`/v1/webhooks/${webhook.id}`);

    const list = await h.get('/v1/webhooks', key);
    expect(list.status).toBe(200);
    expect(list.body.data.webhooks).toEqual([webhook]);
    const one = await h.get(`/v1/webhooks/${webhook.id}`, key);
    expect(one.body.data.webhook).toEqual(webhook);
    expect(JSON.stringify(list.body) + JSON.stringify(one.body)).not.toContain(secret);

    const del = await h.call('delete', `/v1/webhooks/${webhook.id}`, key);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect((await h.get(`/v1/webhooks/${webhook.id}`, key)).status).toBe(404);
    expect((await h.call('delete', `/v1/webhooks/${webhook.id}`, key)).status).toBe(404);

    const usage = await h.get('/v1/usage', key);
    const manage = usage.body.data.by_operation.find((o: { operation: string }) => o.operation === 'webhooks.manage');
    expect(manage).toEqual(expect.objectContaining({ units: 0 }));
    expect(manage.requests).toBeGreaterThanOrEqual(4); // the calls above, each at 0 units
    expect(usage.body.data.units.used).toBe(0);
  });

  it('another organization’s webhook is 404, never visible', async () => {
    const a = await h.newKey();
    const b = await h.newKey();
    const created = await h.call('post', '/v1/webhooks', a.key, { url: 'https://a.example.com/h', events: ['document.created'] });
    const id = created.body.data.webhook.id;
    for (const path of [`/v1/webhooks/${id}`, `/v1/webhooks/${id}/deliveries`]) {
      const res = await h.get(path, b.key);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await h.call('delete', `/v1/webhooks/${id}`, b.key)).status).toBe(404);
    expect((await h.get('/v1/webhooks', b.key)).body.data.webhooks).toEqual([]);
    expect((await h.get(`/v1/webhooks/${id}`, a.key)).status).toBe(200);
    expect((await h.get('/v1/webhooks/wh_nope', a.key)).status).toBe(404);
  });

  it('400 names every bad field', async () => {
    const { key } = await h.newKey();
    const res = await h.call('post', '/v1/webhooks', key, { url: 'ftp://x', events: ['document.deleted'], description: 'd'.repeat(501) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(errorFields(res).sort()).toEqual(['description', 'events', 'url']);

    const missing = await h.call('post', '/v1/webhooks', key, {});
    expect(errorFields(missing).sort()).toEqual(['events', 'url']);
    const empty = await h.call('post', '/v1/webhooks', key, { url: 'https://x.example.com', events: [] });
    expect(errorFields(empty)).toEqual(['events']);
    const wrongTypes = await h.call('post', '/v1/webhooks', key, { url: 42, events: 'document.created', description: 7 });
    expect(errorFields(wrongTypes).sort()).toEqual(['description', 'events', 'url']);
    const unknown = await h.call('post', '/v1/webhooks', key, { url: 'https://x.example.com', event: ['document.created'] });
    expect(errorFields(unknown)).toEqual(['event']);
    const array = await h.call('post', '/v1/webhooks', key, []);
    expect(errorFields(array)).toEqual(['body']);
    const noBody = await h.http.post('/v1/webhooks').set('Authorization', `Bearer ${key}`);
    expect(noBody.status).toBe(400);
    const broken = await h.http
      .post('/v1/webhooks')
      .set('Authorization', `Bearer ${key}`)
      .set('Content-Type', 'application/json')
      .send('{"url":');
    expect(broken.status).toBe(400);
    // WEBHOOK_ALLOW_PRIVATE_TARGETS=true (local receivers): http, but only to loopback and private hosts.
    const httpPublic = await local.call('post', '/v1/webhooks', key, { url: 'http://hooks.example.com/x', events: ['document.created'] });
    expect(httpPublic.status).toBe(400);
    for (const url of ['http://127.0.0.1:9/x', 'http://localhost:9/x', 'https://192.168.1.1/x', 'https://169.254.169.254/x']) {
      const res = await local.call('post', '/v1/webhooks', key, { url, events: ['document.created'] });
      expect([url, res.status]).toEqual([url, 201]);
    }
  });

  // In every mode, development (what `npm start` runs) included, unless WEBHOOK_ALLOW_PRIVATE_TARGETS=true.
  it.each(['development', 'test', 'production'] as const)(
    'refuses SSRF targets in %s: http, loopback, private, link-local, metadata',
    async (mode) => {
      const harness = await createHarness({ db: h.db, config: modeConfig(mode) });
      try {
        const { key } = await harness.newKey();
        for (const url of [
          'http://hooks.example.com/x',
          'http://127.0.0.1:8080/x',
          'http://localhost:8080/x',
          'https://localhost/x',
          'https://127.0.0.1/x',
          'https://[::1]/x',
          'https://[::ffff:127.0.0.1]/x',
          'https://[::ffff:0:127.0.0.1]/x',
          'https://[64:ff9b::7f00:1]/x',
          'https://[::127.0.0.1]/x',
          'https://10.0.0.1/x',
          'https://192.168.1.1/x',
          'https://169.254.169.254/latest/meta-data/',
          'https://100.64.0.1/x',
          'https://[fd00::1]/x',
          'https://[fe80::1]/x',
          'https://metadata.google.internal/computeMetadata/v1/',
          'https://metadata/computeMetadata/v1/',
          'https://instance-data/latest/meta-data/',
          'https://db.svc.cluster.local/x',
          'https://localhost.localdomain/x',
        ]) {
          const res = await harness.call('post', '/v1/webhooks', key, { url, events: ['document.created'] });
          expect([url, res.status, errorFields(res)]).toEqual([url, 400, ['url']]);
        }
        const named = await harness.call('post', '/v1/webhooks', key, {
          url: 'https://metadata.google.internal/x',
          events: ['document.created'],
        });
        expect(named.body.error.details.errors[0].problem).toBe(
          'must not point to an internal host: metadata.google.internal is an internal host name (.internal)',
        );
        const ok = await harness.call('post', '/v1/webhooks', key, { url: 'https://hooks.example.com/x', events: ['document.created'] });
        expect(ok.status).toBe(201);
      } finally {
        await harness.close();
      }
    },
  );

  it('caps an organization at 20 webhooks', async () => {
    const { key } = await h.newKey();
    for (let i = 0; i < 20; i++) {
      expect((await h.call('post', '/v1/webhooks', key, { url: `https://h${i}.example.com/`, events: ['document.created'] })).status).toBe(
        201,
      );
    }
    const res = await h.call('post', '/v1/webhooks', key, { url: 'https://h21.example.com/', events: ['document.created'] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/at most 20/);
    expect((await h.get('/v1/webhooks', key)).body.data.webhooks).toHaveLength(20);
  });

  it('403 without the manage scope, 401 without a key, 405 for other methods, 415 for non-JSON', async () => {
    const readOnly = await h.newKey({ scopes: 'read' });
    const res = await h.get('/v1/webhooks', readOnly.key);
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual(
      expect.objectContaining({ code: 'insufficient_scope', details: expect.objectContaining({ required_scope: 'manage' }) }),
    );
    const post = await h.call('post', '/v1/webhooks', readOnly.key, { url: 'https://x.example.com', events: ['document.created'] });
    expect(post.status).toBe(403);
    expect((await h.get('/v1/webhooks')).status).toBe(401);

    const { key } = await h.newKey();
    const created = await h.call('post', '/v1/webhooks', key, { url: 'https://x.example.com', events: ['document.created'] });
    const id = created.body.data.webhook.id;
    for (const [method, path, allow] of [
      ['put', '/v1/webhooks', 'GET, POST'],
      ['put', `/v1/webhooks/${id}`, 'GET, PATCH, DELETE'],
      ['post', `/v1/webhooks/${id}`, 'GET, PATCH, DELETE'],
      ['delete', `/v1/webhooks/${id}/deliveries`, 'GET'],
    ] as const) {
      const r = await h.http[method](path).set('Authorization', `Bearer ${key}`);
      expect([path, r.status, r.body.error.code]).toEqual([path, 405, 'method_not_allowed']);
      expect(r.headers.allow).toContain(allow);
      expectMatchesOpenApi(r, 'get', path);
    }
    const text = await h.http.post('/v1/webhooks').set('Authorization', `Bearer ${key}`).set('Content-Type', 'text/plain').send('url=x');
    expect(text.status).toBe(415);
    expect(text.body.error.code).toBe('unsupported_media_type');
    expectMatchesOpenApi(text, 'post', '/v1/webhooks');
  });

  it('GET /v1/webhooks/{id}/deliveries pages through the delivery log with its attempts', async () => {
    const { key } = await h.newKey();
    const created = await h.call('post', '/v1/webhooks', key, { url: 'https://log.example.com/h', events: ['document.created'] });
    const id = created.body.data.webhook.id;
    // Changes (and their outbox rows) as the importer writes them; other tests' webhooks get theirs too.
    await h.db.prisma.$transaction((tx) =>
      recordChanges(
        tx,
        Array.from({ length: 5 }, (_, i) => ({
          kind: 'document.created' as const,
          document: { id: `SB-2098-${i}`, naturalKey: `sb/2098/${i}`, docNumber: `${i}/2098 Sb.`, docType: 'act', status: 'in_force' },
        })),
      ),
    );
    const rows = await h.db.prisma.webhookDelivery.findMany({ where: { webhookId: id }, orderBy: { changeSeq: 'asc' } });
    expect(rows).toHaveLength(5);
    // One failed attempt on the oldest, as the worker logs it.
    await h.db.prisma.deliveryAttempt.create({
      data: {
        id: newId('att'),
        deliveryId: rows[0].id,
        attemptNo: 1,
        startedAt: new Date(),
        durationMs: 12,
        statusCode: 503,
        error: 'HTTP 503',
      },
    });
    await h.db.prisma.webhookDelivery.update({ where: { id: rows[0].id }, data: { attempts: 1, lastStatus: 503, lastError: 'HTTP 503' } });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await h.get(`/v1/webhooks/${id}/deliveries?limit=2${cursor ? `&cursor=${cursor}` : ''}`, key);
      expect(page.status).toBe(200);
      expect(page.body.data.webhook_id).toBe(id);
      seen.push(...page.body.data.deliveries.map((d: { id: string }) => d.id));
      cursor = page.body.data.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(rows.map((r) => r.id).reverse()); // newest first, none skipped or repeated

    const last = await h.get(
      `/v1/webhooks/${id}/deliveries?limit=1&cursor=${encodeURIComponent(Buffer.from(JSON.stringify({ s: String(rows[1].changeSeq) })).toString('base64url'))}`,
      key,
    );
    const oldest = last.body.data.deliveries[0];
    expect(oldest).toEqual(
      expect.objectContaining({
        id: rows[0].id,
        event_type: 'document.created',
        status: 'pending',
        attempt_count: 1,
        last_status: 503,
        payload: expect.objectContaining({ id: expect.stringMatching(/^chg_/), kind: 'document.created' }),
        attempts: [{ attempt_no: 1, started_at: expect.any(String), duration_ms: 12, status_code: 503, error: 'HTTP 503' }],
      }),
    );

    const bad = await h.get(`/v1/webhooks/${id}/deliveries?limit=0&cursor=zzz`, key);
    expect(bad.status).toBe(400);
    expect(errorFields(bad)).toEqual(['limit']);
    const badCursor = await h.get(`/v1/webhooks/${id}/deliveries?cursor=zzz`, key);
    expect(errorFields(badCursor)).toEqual(['cursor']);
  });
});
