import { newId } from '@dp/core';
import { recordChanges } from '@dp/db';
import { createPolicyHarnesses, errorFields, type Harness, type HarnessMethod } from './harness';

/**
 * The webhook operations of issue #16 over /v1: edit and re-enable (PATCH), test events, the
 * delivery detail, replays and secret rotation. Every response is checked against the OpenAPI
 * document. Sending itself is the worker's (apps/webhook-worker/test/operations.test.ts).
 */
let h: Harness;
let prod: Harness;
let close: () => Promise<void>;
beforeAll(async () => ({ h, prod, close } = await createPolicyHarnesses()));
afterAll(() => close());

async function newWebhook(harness: Harness, key: string, url = 'https://ops.example.com/hook') {
  const res = await harness.call('post', '/v1/webhooks', key, { url, events: ['document.created'] });
  expect(res.status).toBe(201);
  return res.body.data as { webhook: { id: string }; secret: string };
}

let docSeq = 0;
async function emitChange() {
  docSeq += 1;
  await h.db.prisma.$transaction((tx) =>
    recordChanges(tx, [
      {
        kind: 'document.created',
        document: {
          id: `SB-2097-${docSeq}`,
          naturalKey: `sb/2097/${docSeq}`,
          docNumber: `${docSeq}/2097 Sb.`,
          docType: 'act',
          status: 'in_force',
        },
      },
    ]),
  );
}

describe('PATCH /v1/webhooks/{id}', () => {
  it('edits url, events and description with the checks of create; refuses unknown fields and an empty edit', async () => {
    const { key } = await h.newKey();
    const { webhook } = await newWebhook(h, key);
    const path = `/v1/webhooks/${webhook.id}`;

    const edited = await h.call('patch', path, key, {
      url: ' https://new.example.com/hooks ',
      events: ['relation.created', 'document.created'],
      description: 'moved',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.webhook).toEqual(
      expect.objectContaining({
        url: 'https://new.example.com/hooks',
        events: ['document.created', 'relation.created'],
        description: 'moved',
      }),
    );
    expect((await h.get(path, key)).body.data.webhook).toEqual(edited.body.data.webhook);

    const urlOnly = await h.call('patch', path, key, { url: 'https://third.example.com/' });
    expect(urlOnly.body.data.webhook).toEqual(
      expect.objectContaining({ url: 'https://third.example.com/', events: ['document.created', 'relation.created'] }),
    );

    const bad = await h.call('patch', path, key, { url: 'ftp://x', events: [], enabled: 'yes', description: 3 });
    expect(bad.status).toBe(400);
    expect(errorFields(bad).sort()).toEqual(['description', 'enabled', 'events', 'url']);
    expect(errorFields(await h.call('patch', path, key, { uri: 'https://x.example.com' }))).toEqual(['uri']);
    expect(errorFields(await h.call('patch', path, key, {}))).toEqual(['body']);
    expect(errorFields(await h.call('patch', path, key, ['x']))).toEqual(['body']);
    // Unchanged by the refused edits.
    expect((await h.get(path, key)).body.data.webhook.url).toBe('https://third.example.com/');
  });

  it.each([
    ['the default', () => h],
    ['production', () => prod],
  ])('applies the URL policy (%s), as create does', async (_mode, harness) => {
    const { key } = await harness().newKey();
    const { webhook } = await newWebhook(harness(), key);
    for (const url of [
      'http://hooks.example.com/x',
      'http://127.0.0.1:8080/x',
      'https://127.0.0.1/x',
      'https://169.254.169.254/latest',
      'https://[::ffff:10.0.0.1]/x',
      'https://[::ffff:0:127.0.0.1]/x',
    ]) {
      const res = await harness().call('patch', `/v1/webhooks/${webhook.id}`, key, { url });
      expect([url, res.status, errorFields(res)]).toEqual([url, 400, ['url']]);
    }
  });

  it('disables and re-enables: pending deliveries become due now, not in the past, and the failure count resets', async () => {
    const { key } = await h.newKey();
    const { webhook } = await newWebhook(h, key);
    const path = `/v1/webhooks/${webhook.id}`;
    await emitChange();
    await emitChange();
    // As the worker leaves it after repeated failure: disabled, deliveries due long ago.
    const past = new Date(Date.now() - 3 * 24 * 3_600_000);
    await h.db.prisma.webhook.update({
      where: { id: webhook.id },
      data: { status: 'disabled', failureCount: 24, disabledAt: past, disabledReason: 'failed 24 consecutive delivery attempts' },
    });
    await h.db.prisma.webhookDelivery.updateMany({ where: { webhookId: webhook.id }, data: { nextAttemptAt: past } });

    const before = Date.now();
    const enabled = await h.call('patch', path, key, { enabled: true });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data.webhook).toEqual(
      expect.objectContaining({ status: 'active', failure_count: 0, disabled_at: null, disabled_reason: null }),
    );
    const log = await h.get(`${path}/deliveries`, key);
    expect(log.body.data.deliveries).toHaveLength(2);
    for (const d of log.body.data.deliveries as { status: string; next_attempt_at: string }[]) {
      expect(d.status).toBe('pending');
      expect(Date.parse(d.next_attempt_at)).toBeGreaterThanOrEqual(before - 1_000);
    }

    const disabled = await h.call('patch', path, key, { enabled: false });
    expect(disabled.body.data.webhook).toEqual(expect.objectContaining({ status: 'disabled', disabled_reason: 'disabled by a user' }));
  });
});

describe('test events, the delivery detail and replays', () => {
  it('queues a webhook.test delivery that shows in the log and in full', async () => {
    const { key } = await h.newKey();
    const { webhook } = await newWebhook(h, key);
    const sent = await h.call('post', `/v1/webhooks/${webhook.id}/test`, key);
    expect(sent.status).toBe(202);
    const delivery = sent.body.data.delivery;
    expect(delivery).toEqual(
      expect.objectContaining({
        id: expect.stringMatching(/^msg_/),
        event_type: 'webhook.test',
        status: 'pending',
        attempt_count: 0,
        replay_of: null,
        payload: expect.objectContaining({ id: expect.stringMatching(/^evt_/), kind: 'webhook.test', webhook_id: webhook.id }),
        attempts: [],
      }),
    );
    expect(sent.headers.location).toBe(`/v1/webhooks/${webhook.id}/deliveries/${delivery.id}`);
    const log = await h.get(`/v1/webhooks/${webhook.id}/deliveries`, key);
    expect(log.body.data.deliveries.map((d: { id: string }) => d.id)).toEqual([delivery.id]);
    const detail = await h.get(`/v1/webhooks/${webhook.id}/deliveries/${delivery.id}`, key);
    expect(detail.status).toBe(200);
    expect(detail.body.data.delivery).toEqual({ ...delivery, webhook_id: webhook.id });
  });

  it('shows each attempt in full: request as sent, response status, headers and capped body, timing', async () => {
    const { key } = await h.newKey();
    const { webhook, secret } = await newWebhook(h, key);
    const sent = await h.call('post', `/v1/webhooks/${webhook.id}/test`, key);
    const id = sent.body.data.delivery.id as string;
    // Two attempts as the worker records them (the worker's own tests send real ones).
    await h.db.prisma.deliveryAttempt.createMany({
      data: [
        {
          id: newId('att'),
          deliveryId: id,
          attemptNo: 1,
          startedAt: new Date(),
          durationMs: 10_000,
          statusCode: null,
          error: 'timed out after 10000 ms',
          requestHeaders: { 'webhook-id': id, 'webhook-signature': 'v1,abc=' },
          requestBody: '{"type":"webhook.test"}',
        },
        {
          id: newId('att'),
          deliveryId: id,
          attemptNo: 2,
          startedAt: new Date(),
          durationMs: 31,
          statusCode: 500,
          error: 'HTTP 500',
          requestHeaders: { 'webhook-id': id, 'webhook-signature': 'v1,def=' },
          requestBody: '{"type":"webhook.test"}',
          responseHeaders: { 'content-type': 'text/plain' },
          responseBody: 'x'.repeat(4096),
          responseBodyTruncated: true,
        },
      ],
    });
    await h.db.prisma.webhookDelivery.update({ where: { id }, data: { attempts: 2, lastStatus: 500, lastError: 'HTTP 500' } });
    const detail = await h.get(`/v1/webhooks/${webhook.id}/deliveries/${id}`, key);
    expect(detail.status).toBe(200);
    const [first, second] = detail.body.data.delivery.attempts;
    expect(first).toEqual(
      expect.objectContaining({
        attempt_no: 1,
        status_code: null,
        response: null,
        request: { headers: expect.objectContaining({ 'webhook-id': id }), body: '{"type":"webhook.test"}' },
      }),
    );
    expect(second).toEqual(
      expect.objectContaining({
        attempt_no: 2,
        duration_ms: 31,
        status_code: 500,
        response: { headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(4096), body_truncated: true },
      }),
    );
    expect(detail.body.data.delivery.next_attempt_at).toEqual(expect.any(String));
    expect(detail.text).not.toContain(secret);
    expect(detail.text).not.toContain(secret.slice(6));
  });

  it('replays any delivery as a new one; the original stays', async () => {
    const { key } = await h.newKey();
    const { webhook } = await newWebhook(h, key);
    await emitChange();
    const [original] = (await h.get(`/v1/webhooks/${webhook.id}/deliveries`, key)).body.data.deliveries;
    await h.db.prisma.webhookDelivery.update({ where: { id: original.id }, data: { status: 'failed', attempts: 8, lastStatus: 500 } });

    const replay = await h.call('post', `/v1/webhooks/${webhook.id}/deliveries/${original.id}/replay`, key);
    expect(replay.status).toBe(202);
    const copy = replay.body.data.delivery;
    expect(copy).toEqual(
      expect.objectContaining({
        event_type: original.event_type,
        payload: original.payload,
        replay_of: original.id,
        status: 'pending',
        attempt_count: 0,
      }),
    );
    expect(copy.id).not.toBe(original.id);
    expect(replay.headers.location).toBe(`/v1/webhooks/${webhook.id}/deliveries/${copy.id}`);
    const log = (await h.get(`/v1/webhooks/${webhook.id}/deliveries`, key)).body.data.deliveries;
    expect(log.map((d: { id: string }) => d.id)).toEqual([copy.id, original.id]); // newest first
    expect(log[1]).toEqual(expect.objectContaining({ status: 'failed', attempt_count: 8 }));
  });

  it('a disabled webhook gets neither a test event nor a replay: 409 conflict', async () => {
    const { key } = await h.newKey();
    const { webhook } = await newWebhook(h, key);
    const sent = await h.call('post', `/v1/webhooks/${webhook.id}/test`, key);
    await h.call('patch', `/v1/webhooks/${webhook.id}`, key, { enabled: false });
    const test = await h.call('post', `/v1/webhooks/${webhook.id}/test`, key);
    expect(test.status).toBe(409);
    expect(test.body.error).toEqual(expect.objectContaining({ code: 'conflict', details: { reason: 'webhook_disabled' } }));
    const replay = await h.call('post', `/v1/webhooks/${webhook.id}/deliveries/${sent.body.data.delivery.id}/replay`, key);
    expect(replay.status).toBe(409);
  });
});

describe('POST /v1/webhooks/{id}/rotate-secret', () => {
  it('returns a new secret once; the old one is kept for 24 hours and never shown', async () => {
    const { key } = await h.newKey();
    const { webhook, secret } = await newWebhook(h, key);
    const before = Date.now();
    const rotated = await h.call('post', `/v1/webhooks/${webhook.id}/rotate-secret`, key);
    expect(rotated.status).toBe(200);
    const { secret: next, webhook: after } = rotated.body.data;
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    const expires = Date.parse(after.previous_secret_expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 24 * 3_600_000 - 1_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000 + 1_000);
    expect(rotated.text).not.toContain(secret);
    const read = await h.get(`/v1/webhooks/${webhook.id}`, key);
    expect(read.body.data.webhook.previous_secret_expires_at).toBe(after.previous_secret_expires_at);
    expect(read.text).not.toContain(next);
    const row = await h.db.prisma.webhook.findUniqueOrThrow({ where: { id: webhook.id } });
    expect([row.secret, row.previousSecret]).toEqual([next, secret]);
  });
});

describe('the new operations: scope, isolation, metering', () => {
  it('another organization’s webhook or delivery is 404; read-only keys are 403; 0 units each', async () => {
    const a = await h.newKey();
    const b = await h.newKey();
    const { webhook } = await newWebhook(h, a.key);
    const { webhook: other } = await newWebhook(h, b.key);
    const sent = await h.call('post', `/v1/webhooks/${webhook.id}/test`, a.key);
    const did = sent.body.data.delivery.id as string;

    const foreign: [HarnessMethod, string, unknown?][] = [
      ['patch', `/v1/webhooks/${webhook.id}`, { enabled: false }],
      ['post', `/v1/webhooks/${webhook.id}/test`],
      ['post', `/v1/webhooks/${webhook.id}/rotate-secret`],
      ['get', `/v1/webhooks/${webhook.id}/deliveries/${did}`],
      ['post', `/v1/webhooks/${webhook.id}/deliveries/${did}/replay`],
      // Its own webhook id with the other organization's delivery id.
      ['get', `/v1/webhooks/${other.id}/deliveries/${did}`],
      ['post', `/v1/webhooks/${other.id}/deliveries/${did}/replay`],
    ];
    for (const [method, path, body] of foreign) {
      const res = await h.call(method, path, b.key, body);
      expect([method, path, res.status, res.body.error.code]).toEqual([method, path, 404, 'not_found']);
    }
    const untouched = await h.db.prisma.webhook.findUniqueOrThrow({ where: { id: webhook.id } });
    expect([untouched.status, untouched.previousSecret]).toEqual(['active', null]);
    expect(await h.db.prisma.webhookDelivery.count({ where: { webhookId: webhook.id } })).toBe(1);

    const readOnly = await h.newKey({ scopes: 'read' });
    for (const [method, path] of [
      ['post', `/v1/webhooks/${webhook.id}/test`],
      ['post', `/v1/webhooks/${webhook.id}/rotate-secret`],
      ['patch', `/v1/webhooks/${webhook.id}`],
      ['get', `/v1/webhooks/${webhook.id}/deliveries/${did}`],
    ] as const) {
      const res = await h.call(method, path, readOnly.key, method === 'patch' ? { enabled: true } : undefined);
      expect([path, res.status]).toEqual([path, 403]);
    }

    for (const [method, path, allow] of [
      ['get', `/v1/webhooks/${webhook.id}/test`, 'POST'],
      ['get', `/v1/webhooks/${webhook.id}/rotate-secret`, 'POST'],
      ['delete', `/v1/webhooks/${webhook.id}/deliveries/${did}`, 'GET'],
      ['get', `/v1/webhooks/${webhook.id}/deliveries/${did}/replay`, 'POST'],
    ] as const) {
      const r = await h.http[method](path).set('Authorization', `Bearer ${a.key}`);
      expect([path, r.status]).toEqual([path, 405]);
      expect(r.headers.allow).toContain(allow);
    }

    const usage = await h.get('/v1/usage', a.key);
    const manage = usage.body.data.by_operation.find((o: { operation: string }) => o.operation === 'webhooks.manage');
    expect(manage).toEqual(expect.objectContaining({ units: 0 }));
    expect(usage.body.data.units.used).toBe(0);
  });
});
