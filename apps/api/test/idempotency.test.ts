import request from 'supertest';
import { parseScopes } from '@dp/core';
import { createApiKey, deleteExpiredIdempotencyKeys } from '@dp/db';
import { expectMatchesOpenApi } from '@dp/testing';
import { createHarnessPair, type Harness, type HarnessPair } from './harness';

/**
 * Idempotency-Key on the mutating /v1 routes, against two api instances on one database (each
 * with its own shared-state client: Redis in the Redis pass, nothing shared without it), so
 * every guarantee below holds across instances.
 */
let pair: HarnessPair;
let one: Harness;
let two: Harness;
beforeAll(async () => {
  pair = await createHarnessPair();
  ({ one, two } = pair);
});
afterAll(() => pair.close());

type Method = 'post' | 'patch' | 'delete';

function send(h: Harness, method: Method, path: string, key: string, idempotencyKey: string | undefined, body?: unknown) {
  let req = request(h.api.app)[method](path).set('Authorization', `Bearer ${key}`);
  if (idempotencyKey !== undefined) req = req.set('Idempotency-Key', idempotencyKey);
  if (body !== undefined) req = req.set('Content-Type', 'application/json').send(JSON.stringify(body));
  return req.then((res) => {
    expectMatchesOpenApi(res, method, path);
    return res;
  });
}

const hook = (n: number) => ({ url: `https://hooks.example.com/h${n}`, events: ['document.created'] });

async function webhookCount(key: string): Promise<number> {
  const res = await one.get('/v1/webhooks', key);
  return res.body.data.webhooks.length;
}

describe('Idempotency-Key', () => {
  it('creates once: a retry on the other instance gets the stored answer, marked as replayed', async () => {
    const { key } = await one.newKey();
    const first = await send(one, 'post', '/v1/webhooks', key, 'create-1', hook(1));
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const retry = await send(two, 'post', '/v1/webhooks', key, 'create-1', hook(1));
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers.location).toBe(first.headers.location);
    expect(retry.body).toEqual(first.body); // the secret too: it is the same webhook
    expect(retry.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(await webhookCount(key)).toBe(1);
  });

  it('matches the body by its JSON value, not its bytes (key order, spacing)', async () => {
    const { key } = await one.newKey();
    const a = await request(one.api.app)
      .post('/v1/webhooks')
      .set('Authorization', `Bearer ${key}`)
      .set('Idempotency-Key', 'order')
      .set('Content-Type', 'application/json')
      .send('{"url":"https://hooks.example.com/o","events":["document.created"]}');
    const b = await request(two.api.app)
      .post('/v1/webhooks')
      .set('Authorization', `Bearer ${key}`)
      .set('Idempotency-Key', 'order')
      .set('Content-Type', 'application/json')
      .send('{ "events": ["document.created"], "url": "https://hooks.example.com/o" }');
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(await webhookCount(key)).toBe(1);
  });

  it('refuses the same key with another body, method or path: 422 idempotency_key_reused', async () => {
    const { key } = await one.newKey();
    expect((await send(one, 'post', '/v1/webhooks', key, 'reuse', hook(2))).status).toBe(201);
    const other = await send(two, 'post', '/v1/webhooks', key, 'reuse', hook(3));
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    expect(other.body.meta.request_id).toBe(other.headers['x-request-id']);
    const created = (await one.get('/v1/webhooks', key)).body.data.webhooks[0];
    const patch = await send(one, 'patch', `/v1/webhooks/${created.id}`, key, 'reuse', { description: 'x' });
    expect(patch.status).toBe(422);
    expect(await webhookCount(key)).toBe(1);
  });

  it('runs concurrent requests with one key once: the others wait for nothing and get 409 or the replay', async () => {
    const { key } = await one.newKey();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send(i % 2 ? two : one, 'post', '/v1/webhooks', key, 'race', hook(4))),
    );
    const statuses = results.map((r) => r.status).sort();
    const fresh = results.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === undefined);
    expect(fresh).toHaveLength(1);
    for (const r of results) {
      if (r.status === 409) {
        expect(r.body.error.code).toBe('conflict');
        expect(r.body.error.details.reason).toBe('idempotency_key_in_progress');
        expect(r.headers['retry-after']).toBe('1');
      } else {
        expect(r.status).toBe(201);
        expect(r.body.data.webhook.id).toBe(fresh[0].body.data.webhook.id);
      }
    }
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(await webhookCount(key)).toBe(1);
    const later = await send(two, 'post', '/v1/webhooks', key, 'race', hook(4));
    expect(later.status).toBe(201);
    expect(later.headers['idempotent-replayed']).toBe('true');
  });

  it('keeps each organization to its own keys', async () => {
    const a = await one.newKey();
    const b = await one.newKey();
    const forA = await send(one, 'post', '/v1/webhooks', a.key, 'shared-key', hook(5));
    const forB = await send(two, 'post', '/v1/webhooks', b.key, 'shared-key', hook(5));
    expect(forB.status).toBe(201);
    expect(forB.headers['idempotent-replayed']).toBeUndefined();
    expect(forB.body.data.webhook.id).not.toBe(forA.body.data.webhook.id);
    // Another body under the same key is another organization's business, not a conflict.
    const b2 = await send(two, 'post', '/v1/webhooks', b.key, 'shared-key-2', hook(6));
    expect(b2.status).toBe(201);
  });

  it('replays only to a key allowed to run the operation (scope first)', async () => {
    const owner = await one.newKey();
    const readOnly = await createApiKey(one.db.prisma, { orgId: owner.orgId, scopes: parseScopes('read') });
    expect((await send(one, 'post', '/v1/webhooks', owner.key, 'scoped', hook(7))).status).toBe(201);
    const peek = await send(two, 'post', '/v1/webhooks', readOnly.key, 'scoped', hook(7));
    expect(peek.status).toBe(403);
    expect(JSON.stringify(peek.body)).not.toContain('whsec_');
  });

  it('applies to PATCH and DELETE: a repeated DELETE gets its 204 again instead of a 404', async () => {
    const { key } = await one.newKey();
    const created = await send(one, 'post', '/v1/webhooks', key, undefined, hook(8));
    const path = `/v1/webhooks/${created.body.data.webhook.id}`;
    const patched = await send(one, 'patch', path, key, 'edit', { description: 'first' });
    expect(patched.status).toBe(200);
    const patchedAgain = await send(two, 'patch', path, key, 'edit', { description: 'first' });
    expect(patchedAgain.headers['idempotent-replayed']).toBe('true');
    expect(patchedAgain.body).toEqual(patched.body);

    expect((await send(one, 'delete', path, key, 'remove')).status).toBe(204);
    const again = await send(two, 'delete', path, key, 'remove');
    expect(again.status).toBe(204);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await send(two, 'delete', path, key, undefined)).status).toBe(404);
  });

  it('stores client errors too (a retry of a refused request is refused the same way)', async () => {
    const { key } = await one.newKey();
    const bad = { url: 'ftp://x', events: ['document.created'] };
    const first = await send(one, 'post', '/v1/webhooks', key, 'bad', bad);
    expect(first.status).toBe(400);
    const retry = await send(two, 'post', '/v1/webhooks', key, 'bad', bad);
    expect(retry.status).toBe(400);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.error).toEqual(first.body.error);
  });

  it('without the header, creates twice (the key is optional)', async () => {
    const { key } = await one.newKey();
    await send(one, 'post', '/v1/webhooks', key, undefined, hook(9));
    await send(two, 'post', '/v1/webhooks', key, undefined, hook(9));
    expect(await webhookCount(key)).toBe(2);
  });

  it('takes the draft structured-field form ("…") as the same key, and refuses a malformed key with 400', async () => {
    const { key } = await one.newKey();
    expect((await send(one, 'post', '/v1/webhooks', key, 'sf-key', hook(10))).status).toBe(201);
    const quoted = await send(two, 'post', '/v1/webhooks', key, '"sf-key"', hook(10));
    expect(quoted.headers['idempotent-replayed']).toBe('true');
    for (const bad of ['', 'x'.repeat(256), 'has space']) {
      const res = await send(one, 'post', '/v1/webhooks', key, bad, hook(11));
      expect(res.status).toBe(400);
      expect(res.body.error.details.errors[0].field).toBe('Idempotency-Key');
    }
    expect(await webhookCount(key)).toBe(1);
  });

  it('forgets a key after 24 hours: it then runs a new request', async () => {
    const { key, orgId } = await one.newKey();
    expect((await send(one, 'post', '/v1/webhooks', key, 'old', hook(12))).status).toBe(201);
    await one.db.query(`UPDATE idempotency_key SET expires_at = now() - interval '1 second' WHERE org_id = $1`, [orgId]);
    const fresh = await send(two, 'post', '/v1/webhooks', key, 'old', hook(13));
    expect(fresh.status).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(await webhookCount(key)).toBe(2);
  });

  it('gives the key back when the request fails on the server (5xx): the retry runs again', async () => {
    const { key } = await one.newKey();
    // A server fault for this schema only: the webhook table is away for a moment.
    await one.db.exec('ALTER TABLE webhook RENAME TO webhook_away');
    let failed;
    try {
      failed = await request(one.api.app)
        .post('/v1/webhooks')
        .set('Authorization', `Bearer ${key}`)
        .set('Idempotency-Key', 'fault')
        .send(hook(14));
    } finally {
      await one.db.exec('ALTER TABLE webhook_away RENAME TO webhook');
    }
    expect(failed.status).toBe(500);
    expect(failed.body.error.code).toBe('internal_error');
    const retry = await send(two, 'post', '/v1/webhooks', key, 'fault', hook(14));
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });

  it('sweeps expired keys', async () => {
    const { key, orgId } = await one.newKey();
    await send(one, 'post', '/v1/webhooks', key, 'sweep-1', hook(15));
    await send(one, 'post', '/v1/webhooks', key, 'sweep-2', hook(16));
    await one.db.query(`UPDATE idempotency_key SET expires_at = now() - interval '1 second' WHERE org_id = $1 AND key = 'sweep-1'`, [
      orgId,
    ]);
    expect(await deleteExpiredIdempotencyKeys(one.db)).toBeGreaterThanOrEqual(1);
    const left = await one.db.query<{ key: string }>('SELECT key FROM idempotency_key WHERE org_id = $1 ORDER BY key', [orgId]);
    expect(left.map((r) => r.key)).toEqual(['sweep-2']);
  });
});
