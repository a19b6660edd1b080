import { createDatabase, deleteWebhook, getWebhook, listDeliveries, type Database } from '@dp/db';
import { eventually, type TestDatabase } from '@dp/testing';
import { CLAIM_SQL, claimDeliveries } from '../src/claim';
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

let db: TestDatabase;
let receiver: Receiver;
const fx = useWorkerFixture();
beforeAll(() => {
  ({ db, receiver } = fx);
});

const fast = { retry: { scheduleMs: [1_000, 60_000, 3_600_000], jitter: 0 } };
const worker = (o: Partial<WorkerOptions> = {}) => createWorker({ db, config: workerConfig(LOCAL_RECEIVERS), ...fast, ...o });
const hitsFor = (path: string) => receiver.hits.filter((h) => h.path === path);

describe('webhook delivery', () => {
  it('sends Standard Webhooks requests that the standardwebhooks package verifies', async () => {
    const hook = await newWebhook(db, receiver.url('/a'), ['document.created', 'document.version_added']);
    await emit(db, 2, 'document.created');
    await emit(db, 1, 'document.version_added');
    const w = worker();
    let total = 0;
    for (let i = 0; i < 5; i++) total += (await w.runOnce()).delivered;
    expect(total).toBe(3);
    const hits = hitsFor('/a');
    expect(hits).toHaveLength(3);
    const events = hits.map((h) => verifyHit(hook.secret, h));
    expect(events.map((e) => e.type)).toEqual(['document.created', 'document.created', 'document.version_added']);
    for (const [i, e] of events.entries()) {
      expect(e.data).toEqual(expect.objectContaining({ id: expect.stringMatching(/^chg_/), kind: e.type, document: expect.any(Object) }));
      expect(e.timestamp).toBe((e.data as unknown as { at: string }).at);
      expect(hits[i].headers['webhook-id']).toMatch(/^msg_/);
      expect(hits[i].headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(hits[i].headers['content-type']).toBe('application/json');
    }
    // A tampered body fails verification.
    expect(() => verifyHit(hook.secret, { ...hits[0], body: hits[0].body.replace('document', 'documenT') })).toThrow();
    // The delivery log shows every attempt.
    const log = await listDeliveries(db.prisma, hook.orgId, hook.id, { limit: 10 });
    expect(log.deliveries).toHaveLength(3);
    for (const d of log.deliveries) {
      expect(d.status).toBe('delivered');
      expect(d.attempts).toEqual([
        expect.objectContaining({ attempt_no: 1, status_code: 200, error: null, duration_ms: expect.any(Number) }),
      ]);
    }
  });

  it('a receiver that is down, then back, gets every event in order, none lost; other endpoints are not held up', async () => {
    const clock = manualClock();
    const down = await newWebhook(db, receiver.url('/down'));
    await newWebhook(db, receiver.url('/up'));
    receiver.respond = (hit) => (hit.path === '/down' ? { status: 503 } : { status: 200 });
    await emit(db, 3);
    await emit(db, 2);
    const w = worker({ now: clock.now });
    // While /down fails, only its oldest delivery is attempted; /up gets everything meanwhile
    // (one delivery per endpoint per round: the next one is due once the previous succeeded).
    for (let i = 0; i < 5; i++) {
      await w.runOnce();
      clock.advance(2_000);
    }
    expect(hitsFor('/up')).toHaveLength(5);
    const attempted = new Set(hitsFor('/down').map((h) => h.headers['webhook-id']));
    expect(attempted.size).toBe(1);
    const rows = await deliveryRows(db, down.id);
    expect(rows[0].attempts).toBeGreaterThanOrEqual(2);
    expect(rows.slice(1).every((r) => r.attempts === 0 && r.status === 'pending')).toBe(true);
    // The endpoint now refuses connections altogether for a while.
    await receiver.down();
    clock.advance(120_000);
    const r = await w.runOnce();
    expect(r.retrying).toBeGreaterThanOrEqual(1);
    // Back up: every event arrives, once each after its success, in the order the changes were written.
    await receiver.reopen();
    receiver.respond = () => ({ status: 200 });
    for (let i = 0; i < 10; i++) {
      clock.advance(3_600_000);
      await w.runOnce();
    }
    const delivered = await deliveryRows(db, down.id);
    expect(delivered.map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered', 'delivered', 'delivered']);
    const ok = hitsFor('/down').slice(-5);
    expect(ok.map((h) => h.headers['webhook-id'])).toEqual(delivered.map((d) => d.id));
    const changeIds = ok.map((h) => verifyHit(down.secret, h).data.id);
    const inFeedOrder = await db.query<{ id: string }>('SELECT id FROM "change" WHERE id = ANY($1::text[]) ORDER BY seq', [changeIds]);
    expect(changeIds).toEqual(inFeedOrder.map((c) => c.id));
    expect(new Set(changeIds).size).toBe(5);
  });

  it('a worker killed mid-delivery loses nothing: the claim expires and another worker delivers', async () => {
    const clock = manualClock();
    const hook = await newWebhook(db, receiver.url('/killed'));
    await emit(db, 1);
    // Worker A claims, then dies without sending or recording anything.
    const claimed = await claimDeliveries(db, { workerId: 'wkr_dead', now: clock.now(), lockMs: 60_000, limit: 10 });
    expect(claimed).toHaveLength(1);
    const b = worker({ now: clock.now, lockMs: 60_000 });
    expect((await b.runOnce()).claimed).toBe(0); // still claimed by A
    clock.advance(61_000);
    expect((await b.runOnce()).delivered).toBe(1);
    expect(hitsFor('/killed')).toHaveLength(1);
    verifyHit(hook.secret, hitsFor('/killed')[0]);
    const [row] = await deliveryRows(db, hook.id);
    expect(row).toEqual(expect.objectContaining({ status: 'delivered', attempts: 1, locked_by: null }));
  });

  it('two workers running concurrently never send the same attempt twice', async () => {
    const hooks = await Promise.all(['/c1', '/c2', '/c3', '/c4'].map((p) => newWebhook(db, receiver.url(p))));
    await emit(db, 10);
    await emit(db, 10);
    // On PostgreSQL each worker has its own connection pool, like two processes.
    const other: Database = db.url ? await createDatabase({ url: db.url }) : db;
    const a = createWorker({ db, config: workerConfig(LOCAL_RECEIVERS), batchSize: 2, pollMs: 5 });
    const b = createWorker({ db: other, config: workerConfig(LOCAL_RECEIVERS), batchSize: 2, pollMs: 5 });
    a.start();
    b.start();
    try {
      await eventually(() => (receiver.hits.length >= 80 ? true : undefined), { what: '80 deliveries', timeoutMs: 30_000, intervalMs: 20 });
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      if (other !== db) await other.close();
    }
    const perId = new Map<string, number>();
    for (const h of receiver.hits) perId.set(h.headers['webhook-id'], (perId.get(h.headers['webhook-id']) ?? 0) + 1);
    expect(perId.size).toBe(80);
    expect([...perId.values()].every((n) => n === 1)).toBe(true);
    for (const hook of hooks) {
      const rows = await deliveryRows(db, hook.id);
      expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
    }
    // Per endpoint, in order of creation.
    for (const [i, hook] of hooks.entries()) {
      const ids = receiver.hits.filter((h) => h.path === `/c${i + 1}`).map((h) => h.headers['webhook-id']);
      expect(ids).toEqual((await deliveryRows(db, hook.id)).map((r) => r.id));
    }
  });

  it('a deleted webhook gets no further deliveries', async () => {
    const hook = await newWebhook(db, receiver.url('/deleted'));
    await emit(db, 3);
    expect(await deleteWebhook(db.prisma, hook.orgId, hook.id)).toBe(true);
    expect(await deleteWebhook(db.prisma, hook.orgId, hook.id)).toBe(false);
    const r = await worker().runOnce();
    expect(r.claimed).toBe(0);
    expect(hitsFor('/deleted')).toHaveLength(0);
  });

  it('a webhook deleted after its delivery was claimed is not sent to', async () => {
    const hook = await newWebhook(db, receiver.url('/deleted-late'));
    await emit(db, 1);
    const w = worker({ workerId: 'wkr_late' });
    const claimed = await claimDeliveries(db, { workerId: 'wkr_late', now: new Date(), lockMs: 60_000, limit: 10 });
    expect(claimed).toHaveLength(1);
    await deleteWebhook(db.prisma, hook.orgId, hook.id);
    // The same worker id resumes; the re-check before sending sees the webhook gone.
    expect((await w.runOnce()).claimed).toBe(0);
    expect(hitsFor('/deleted-late')).toHaveLength(0);
  });

  it('410 Gone disables the endpoint; nothing more is sent', async () => {
    const hook = await newWebhook(db, receiver.url('/gone'));
    receiver.respond = () => ({ status: 410 });
    await emit(db, 2);
    const w = worker();
    expect((await w.runOnce()).failed).toBe(1);
    const view = await getWebhook(db.prisma, hook.orgId, hook.id);
    expect(view).toEqual(
      expect.objectContaining({ status: 'disabled', disabled_reason: expect.stringContaining('410'), disabled_at: expect.any(String) }),
    );
    await emit(db, 1);
    expect((await w.runOnce()).claimed).toBe(0);
    expect(hitsFor('/gone')).toHaveLength(1);
  });

  it('honours Retry-After (seconds and HTTP date) on 429 and 503', async () => {
    const clock = manualClock();
    const hook = await newWebhook(db, receiver.url('/busy'));
    let answer: { status: number; headers?: Record<string, string> } = { status: 429, headers: { 'retry-after': '120' } };
    receiver.respond = () => answer;
    await emit(db, 1);
    const w = worker({ now: clock.now });
    await w.runOnce();
    let [row] = await deliveryRows(db, hook.id);
    const wait = new Date(row.next_attempt_at).getTime() - clock.now().getTime();
    expect(wait).toBeGreaterThan(110_000);
    expect(wait).toBeLessThanOrEqual(120_000);
    clock.advance(60_000); // the schedule alone would retry after 1 s
    expect((await w.runOnce()).claimed).toBe(0);
    answer = { status: 503, headers: { 'retry-after': new Date(clock.now().getTime() + 3_600_000).toUTCString() } };
    clock.advance(61_000);
    expect((await w.runOnce()).retrying).toBe(1);
    [row] = await deliveryRows(db, hook.id);
    expect(new Date(row.next_attempt_at).getTime() - clock.now().getTime()).toBeGreaterThan(3_500_000);
    answer = { status: 200 };
    clock.advance(3_600_000);
    expect((await w.runOnce()).delivered).toBe(1);
    expect(hitsFor('/busy')).toHaveLength(3);
  });

  it('gives a delivery up after its schedule, moves on to the next, and disables after repeated failure', async () => {
    const clock = manualClock();
    const hook = await newWebhook(db, receiver.url('/broken'));
    receiver.respond = () => ({ status: 500 });
    await emit(db, 3);
    const w = worker({ now: clock.now, disableAfterFailures: 6 });
    for (let i = 0; i < 4; i++) {
      await w.runOnce();
      clock.advance(3_600_000);
    }
    let rows = await deliveryRows(db, hook.id);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['failed', 4],
      ['pending', 0],
      ['pending', 0],
    ]);
    for (let i = 0; i < 3; i++) {
      await w.runOnce();
      clock.advance(3_600_000);
    }
    const view = await getWebhook(db.prisma, hook.orgId, hook.id);
    expect(view).toEqual(
      expect.objectContaining({ status: 'disabled', failure_count: 6, disabled_reason: 'failed 6 consecutive delivery attempts' }),
    );
    rows = await deliveryRows(db, hook.id);
    expect(rows[1]).toEqual(expect.objectContaining({ status: 'pending', attempts: 2 }));
    const before = receiver.hits.length;
    clock.advance(24 * 3_600_000);
    await w.runOnce();
    expect(receiver.hits.length).toBe(before);
  });

  it('a success resets the consecutive failure count', async () => {
    const clock = manualClock();
    const hook = await newWebhook(db, receiver.url('/flaky'));
    let fail = true;
    receiver.respond = () => ({ status: fail ? 502 : 204 });
    await emit(db, 1);
    const w = worker({ now: clock.now });
    await w.runOnce();
    expect((await getWebhook(db.prisma, hook.orgId, hook.id))!.failure_count).toBe(1);
    fail = false;
    clock.advance(2_000);
    expect((await w.runOnce()).delivered).toBe(1);
    expect((await getWebhook(db.prisma, hook.orgId, hook.id))!.failure_count).toBe(0);
  });

  it('stop() finishes the attempt under way and releases unstarted claims', async () => {
    const hook = await newWebhook(db, receiver.url('/slow'));
    await emit(db, 1);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let sending!: () => void;
    const claimed = new Promise<void>((r) => (sending = r));
    const w = worker({
      pollMs: 5,
      sender: async () => {
        sending(); // the row is claimed: its send has begun
        await gate;
        return { status: 200 };
      },
    });
    w.start();
    await claimed;
    expect((await deliveryRows(db, hook.id))[0].locked_by).not.toBeNull();
    const stopping = w.stop();
    release();
    await stopping;
    const [row] = await deliveryRows(db, hook.id);
    expect(row).toEqual(expect.objectContaining({ status: 'delivered', locked_by: null }));
    // Claims never started are handed back.
    await emit(db, 1);
    await claimDeliveries(db, { workerId: w.id, now: new Date(), lockMs: 60_000, limit: 10 });
    await w.stop();
    expect((await deliveryRows(db, hook.id)).every((r) => r.locked_by === null)).toBe(true);
  });
});

describe('claim query plan', () => {
  it("finds each webhook's head, and the due out-of-band deliveries, through partial indexes of pending deliveries", async () => {
    const plan = await db.withSession(async (s) => {
      // Sequential scans, bitmap scans and sorts off: on a near-empty table the planner would scan,
      // or (with the rows earlier tests left) read another index and sort, whichever its statistics
      // of the moment favour; the question is only whether an index serves the pending queue in
      // (webhook_id, change_seq, id) order.
      await s.exec('BEGIN; SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off');
      try {
        const sql = CLAIM_SQL.replace(/\$1::timestamptz/g, "'2026-01-01'::timestamptz")
          .replace('$2::timestamptz', "'2026-01-01'::timestamptz")
          .replace('$3', "'w'")
          .replace('$4::int', '10');
        return (await s.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`)).map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await s.exec('ROLLBACK');
      }
    });
    expect(plan).toContain('webhook_delivery_pending_head_idx');
    // Test events and replays (out of band, never a head) are found by their own partial index.
    expect(plan).toContain('webhook_delivery_pending_out_of_band_idx');
  });
});
