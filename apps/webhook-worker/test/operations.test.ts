import { Webhook } from 'standardwebhooks';
import {
  getDelivery,
  getWebhook,
  listDeliveries,
  replayDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
  WEBHOOK_RESPONSE_BODY_LIMIT,
} from '@dp/db';
import type { TestDatabase } from '@dp/testing';
import { createWorker, type WorkerOptions } from '../src/worker';
import {
  deliveryRows,
  emit,
  LOCAL_RECEIVERS,
  manualClock,
  newWebhook,
  workerConfig,
  verifyHit,
  type Receiver,
  useWorkerFixture,
} from './helpers';

/**
 * The operations of issue #16 through the real worker: test events, the delivery detail the
 * worker records, replays, secret rotation (both signatures for 24 h) and re-enabling.
 */
let db: TestDatabase;
let receiver: Receiver;
const fx = useWorkerFixture();
beforeAll(() => {
  ({ db, receiver } = fx);
});

const fast = { retry: { scheduleMs: [1_000, 60_000], jitter: 0 } };
const worker = (o: Partial<WorkerOptions> = {}) => createWorker({ db, config: workerConfig(LOCAL_RECEIVERS), ...fast, ...o });
const hitsFor = (path: string) => receiver.hits.filter((h) => h.path === path);

describe('test events and the delivery detail', () => {
  it('a test event is signed, sent by the worker and recorded in full: request, response, timing', async () => {
    const hook = await newWebhook(db, receiver.url('/test'));
    receiver.respond = () => ({ status: 202, headers: { 'content-type': 'text/plain', 'x-receiver': 'ok' }, body: 'thanks' });
    const queued = await sendTestEvent(db.prisma, hook.orgId, hook.id);
    expect(queued).toEqual(expect.objectContaining({ event_type: 'webhook.test', status: 'pending' }));
    expect(await worker().runOnce()).toEqual(expect.objectContaining({ delivered: 1 }));

    const [hit] = hitsFor('/test');
    const event = verifyHit(hook.secret, hit);
    expect(event.type).toBe('webhook.test');
    expect(event.data).toEqual(expect.objectContaining({ id: expect.stringMatching(/^evt_/), kind: 'webhook.test', webhook_id: hook.id }));
    expect(hit.headers['webhook-id']).toBe(queued!.id);

    const detail = (await getDelivery(db.prisma, hook.orgId, hook.id, queued!.id))!;
    expect(detail.status).toBe('delivered');
    expect(detail.next_attempt_at).toBeNull();
    expect(detail.attempts).toHaveLength(1);
    const [attempt] = detail.attempts;
    expect(attempt.attempt_no).toBe(1);
    expect(attempt.duration_ms).toBeGreaterThanOrEqual(0);
    expect(attempt.request).toEqual({
      headers: expect.objectContaining({
        'webhook-id': hit.headers['webhook-id'],
        'webhook-timestamp': hit.headers['webhook-timestamp'],
        'webhook-signature': hit.headers['webhook-signature'],
        'content-type': 'application/json',
      }),
      body: hit.body,
    });
    expect(attempt.response).toEqual({
      headers: expect.objectContaining({ 'content-type': 'text/plain', 'x-receiver': 'ok' }),
      body: 'thanks',
      body_truncated: false,
    });
    expect(JSON.stringify(detail)).not.toContain(hook.secret.slice(6));
    // Another organization's ids find nothing.
    expect(await getDelivery(db.prisma, 'org_other', hook.id, queued!.id)).toBeNull();
  });

  it('keeps the first 4 KB of an answer, says it was cut, and stores NUL bytes safely', async () => {
    const hook = await newWebhook(db, receiver.url('/big'));
    receiver.respond = () => ({ status: 500, body: Buffer.concat([Buffer.from('a\u0000b'), Buffer.alloc(10_000, 0x7a)]) });
    const queued = (await sendTestEvent(db.prisma, hook.orgId, hook.id))!;
    expect(await worker().runOnce()).toEqual(expect.objectContaining({ retrying: 1 }));
    const detail = (await getDelivery(db.prisma, hook.orgId, hook.id, queued.id))!;
    const response = detail.attempts[0].response!;
    expect(response.body_truncated).toBe(true);
    expect(Buffer.byteLength(response.body)).toBeLessThanOrEqual(WEBHOOK_RESPONSE_BODY_LIMIT + 2); // U+FFFD is 3 bytes for 1
    expect(response.body.startsWith('a\uFFFDb')).toBe(true);
    expect(detail.attempts[0].status_code).toBe(500);
    expect(detail.status).toBe('pending');
    expect(Date.parse(detail.next_attempt_at!)).toBeGreaterThan(Date.parse(detail.attempts[0].started_at));
  });

  it('an attempt with no answer has a request and no response', async () => {
    const hook = await newWebhook(db, receiver.url('/down'));
    await receiver.down();
    try {
      const queued = (await sendTestEvent(db.prisma, hook.orgId, hook.id))!;
      await worker().runOnce();
      const [attempt] = (await getDelivery(db.prisma, hook.orgId, hook.id, queued.id))!.attempts;
      expect(attempt.status_code).toBeNull();
      expect(attempt.error).toMatch(/ECONNREFUSED/);
      expect(attempt.response).toBeNull();
      expect(attempt.request?.headers['webhook-id']).toBe(queued.id);
    } finally {
      await receiver.reopen();
    }
  });
});

describe('replays', () => {
  it('sends the same event again under a new webhook-id; the original keeps its log', async () => {
    const hook = await newWebhook(db, receiver.url('/replay'));
    await emit(db, 1);
    const w = worker();
    await w.runOnce();
    const [original] = (await listDeliveries(db.prisma, hook.orgId, hook.id, { limit: 10 })).deliveries;
    expect(original.status).toBe('delivered');

    const copy = (await replayDelivery(db.prisma, hook.orgId, hook.id, original.id))!;
    expect(copy.replay_of).toBe(original.id);
    await w.runOnce();
    const hits = hitsFor('/replay');
    expect(hits).toHaveLength(2);
    const [first, second] = hits.map((h) => verifyHit(hook.secret, h));
    expect(second.data).toEqual(first.data);
    expect(hits[1].headers['webhook-id']).toBe(copy.id);
    expect(hits[1].headers['webhook-id']).not.toBe(hits[0].headers['webhook-id']);
    const log = (await listDeliveries(db.prisma, hook.orgId, hook.id, { limit: 10 })).deliveries;
    expect(log.map((d) => [d.id, d.status, d.attempt_count])).toEqual([
      [copy.id, 'delivered', 1],
      [original.id, 'delivered', 1],
    ]);
    expect(await replayDelivery(db.prisma, 'org_other', hook.id, original.id)).toBeNull();
  });
});

describe('test events and replays are out of band', () => {
  const typeOf = (body: string) => (JSON.parse(body) as { type: string }).type;

  it('go out at once while the endpoint’s oldest change event waits on its backoff; the change events keep their order', async () => {
    const clock = manualClock();
    const hook = await newWebhook(db, receiver.url('/backoff'));
    await emit(db, 2);
    const [head, second] = await deliveryRows(db, hook.id);
    // The endpoint refuses the first change's delivery (a replay of it has a webhook-id of its own).
    receiver.respond = (hit) => (hit.headers['webhook-id'] === head.id ? { status: 503 } : { status: 200 });
    const w = worker({ now: clock.now, retry: { scheduleMs: [1_000, 3_600_000], jitter: 0 } });
    await w.runOnce();
    clock.advance(2_000);
    await w.runOnce();
    // The head failed twice and now waits an hour; the second change waits behind it.
    expect((await deliveryRows(db, hook.id)).map((r) => [r.id, r.status, r.attempts])).toEqual([
      [head.id, 'pending', 2],
      [second.id, 'pending', 0],
    ]);

    const test = (await sendTestEvent(db.prisma, hook.orgId, hook.id, clock.now()))!;
    const replay = (await replayDelivery(db.prisma, hook.orgId, hook.id, head.id, clock.now()))!;
    expect(await w.runOnce()).toEqual(expect.objectContaining({ claimed: 2, delivered: 2 }));
    const sent = hitsFor('/backoff').map((h) => h.headers['webhook-id']);
    expect(sent.slice(2).sort()).toEqual([test.id, replay.id].sort());
    // Delivered: the endpoint answers again (issue 38 item 3), so its head is due at once rather
    // than after its hour, and the change events go out in their order.
    receiver.respond = () => ({ status: 200 });
    await w.runOnce();
    await w.runOnce();
    expect(
      hitsFor('/backoff')
        .map((h) => h.headers['webhook-id'])
        .slice(-2),
    ).toEqual([head.id, second.id]);
  });

  it('an endpoint back after an outage: a delivered test event makes its waiting backlog due at once', async () => {
    const clock = manualClock();
    const hook = await newWebhook(db, receiver.url('/comeback'));
    await emit(db, 2);
    const [head, second] = await deliveryRows(db, hook.id);
    const w = worker({ now: clock.now, retry: { scheduleMs: [3_600_000, 3_600_000], jitter: 0 } });
    await receiver.down();
    try {
      expect(await w.runOnce()).toEqual(expect.objectContaining({ retrying: 1 })); // refused: no answer
    } finally {
      await receiver.reopen();
    }
    // The receiver is back; its operator sends a test event, which is delivered.
    const test = (await sendTestEvent(db.prisma, hook.orgId, hook.id, clock.now()))!;
    expect(await w.runOnce()).toEqual(expect.objectContaining({ delivered: 1 }));
    // No hour's wait: the change events go out now, in their order.
    await w.runOnce();
    await w.runOnce();
    expect(hitsFor('/comeback').map((h) => h.headers['webhook-id'])).toEqual([test.id, head.id, second.id]);
  });

  it('a failing test event does not hold up the change events written after it', async () => {
    const clock = manualClock();
    const hook = await newWebhook(db, receiver.url('/test-fails'));
    receiver.respond = (hit) => (typeOf(hit.body) === 'webhook.test' ? { status: 500 } : { status: 200 });
    const test = (await sendTestEvent(db.prisma, hook.orgId, hook.id, clock.now()))!;
    const w = worker({ now: clock.now, retry: { scheduleMs: [3_600_000], jitter: 0 } });
    expect(await w.runOnce()).toEqual(expect.objectContaining({ retrying: 1 }));
    await emit(db, 2);
    await w.runOnce();
    await w.runOnce();
    const changes = hitsFor('/test-fails').filter((h) => typeOf(h.body) === 'document.created');
    expect(changes).toHaveLength(2);
    const rows = await deliveryRows(db, hook.id);
    expect(changes.map((h) => h.headers['webhook-id'])).toEqual(rows.filter((r) => r.id !== test.id).map((r) => r.id));
    expect(rows.find((r) => r.id === test.id)).toEqual(expect.objectContaining({ status: 'pending', attempts: 1 }));
  });
});

describe('secret rotation', () => {
  it('signs with both secrets for 24 hours, so a receiver holding either verifies; then only the new one', async () => {
    const hook = await newWebhook(db, receiver.url('/rotate'));
    const clock = manualClock();
    const rotated = (await rotateWebhookSecret(db.prisma, hook.orgId, hook.id, clock.now()))!;
    expect(rotated.secret).not.toBe(hook.secret);
    const w = worker({ now: clock.now });

    await emit(db, 1);
    await w.runOnce();
    const [during] = hitsFor('/rotate');
    const signatures = during.headers['webhook-signature'].split(' ');
    expect(signatures).toHaveLength(2);
    for (const s of signatures) expect(s).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    // Receivers with the old and with the new secret both verify, with the official package.
    expect(new Webhook(hook.secret).verify(during.body, during.headers)).toEqual(expect.objectContaining({ type: 'document.created' }));
    expect(new Webhook(rotated.secret).verify(during.body, during.headers)).toEqual(expect.objectContaining({ type: 'document.created' }));

    // A day later the old secret no longer signs.
    clock.advance(24 * 3_600_000 + 1_000);
    await emit(db, 1);
    await w.runOnce();
    const after = hitsFor('/rotate')[1];
    expect(after.headers['webhook-signature'].split(' ')).toHaveLength(1);
    expect(new Webhook(rotated.secret).verify(after.body, after.headers)).toEqual(expect.objectContaining({ type: 'document.created' }));
    expect(() => new Webhook(hook.secret).verify(after.body, after.headers)).toThrow();
    expect((await getWebhook(db.prisma, hook.orgId, hook.id))!.previous_secret_expires_at).not.toBeNull(); // real clock: still within 24 h
  });
});

describe('re-enabling', () => {
  it('a webhook disabled by a 410 resumes its pending deliveries at once, in order, none due in the past', async () => {
    const hook = await newWebhook(db, receiver.url('/gone'));
    const clock = manualClock();
    const w = worker({ now: clock.now });
    await emit(db, 3);
    receiver.respond = () => ({ status: 410 });
    await w.runOnce();
    expect((await getWebhook(db.prisma, hook.orgId, hook.id))!.status).toBe('disabled');
    // Days pass while it is disabled.
    clock.advance(3 * 24 * 3_600_000);
    receiver.respond = () => ({ status: 200 });

    const at = clock.now();
    const webhook = (await updateWebhook(db.prisma, hook.orgId, hook.id, { enabled: true }, { allowPrivateTargets: true }, at))!;
    expect(webhook).toEqual(expect.objectContaining({ status: 'active', failure_count: 0, disabled_reason: null }));
    const pending = (await deliveryRows(db, hook.id)).filter((d) => d.status === 'pending');
    expect(pending).toHaveLength(2);
    for (const d of pending) expect(d.next_attempt_at.getTime()).toBe(at.getTime()); // due now, not days ago
    const log = (await listDeliveries(db.prisma, hook.orgId, hook.id, { limit: 10 })).deliveries;
    for (const d of log.filter((x) => x.status === 'pending'))
      expect(Date.parse(d.next_attempt_at!)).toBeGreaterThanOrEqual(Date.now() - 1_000);

    await w.runOnce();
    await w.runOnce();
    const seqs = hitsFor('/gone').map((h) => verifyHit(hook.secret, h).data.id);
    expect(seqs).toHaveLength(3); // the 410'd one, then the two that waited
    expect((await deliveryRows(db, hook.id)).map((d) => d.status)).toEqual(['failed', 'delivered', 'delivered']);
  });

  it('a test event or replay for a disabled webhook is refused until it is re-enabled', async () => {
    const hook = await newWebhook(db, receiver.url('/off'));
    await updateWebhook(db.prisma, hook.orgId, hook.id, { enabled: false }, { allowPrivateTargets: true });
    await expect(sendTestEvent(db.prisma, hook.orgId, hook.id)).rejects.toMatchObject({ code: 'conflict' });
    await updateWebhook(db.prisma, hook.orgId, hook.id, { enabled: true }, { allowPrivateTargets: true });
    expect(await sendTestEvent(db.prisma, hook.orgId, hook.id)).toEqual(expect.objectContaining({ event_type: 'webhook.test' }));
  });
});
