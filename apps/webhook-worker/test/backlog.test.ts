import { sendTestEvent } from '@dp/db';
import { eventually, type TestDatabase } from '@dp/testing';
import { claimDeliveries } from '../src/claim';
import { createWorker } from '../src/worker';
import { deliveryRows, emit, LOCAL_RECEIVERS, newWebhook, workerConfig, type Receiver, useWorkerFixture } from './helpers';

let db: TestDatabase;
let receiver: Receiver;
const fx = useWorkerFixture();
beforeAll(() => {
  ({ db, receiver } = fx);
});

/*
 * Fault test (issue 38 item 3): a receiver refuses (503) long enough for the head of its queue to
 * be put back by a long backoff step, then accepts. A test event (the probe a person sends from
 * the portal or the API) succeeds, and the backlog behind the head drains at once instead of
 * waiting out the step. The figures of a run are printed for docs/BENCHMARKS.md.
 */
describe('a backlog behind a refused head', () => {
  it('drains promptly after the first success to the endpoint, whatever the head was refused with', async () => {
    const hook = await newWebhook(db, receiver.url('/backlog'));
    let refusing = true;
    receiver.respond = () => (refusing ? { status: 503 } : { status: 200 });
    const BACKLOG = 35;
    await emit(db, BACKLOG);
    // The second failure puts the head back by 5 minutes (the default schedule's second step).
    const worker = createWorker({
      db,
      config: workerConfig(LOCAL_RECEIVERS),
      pollMs: 50,
      retry: { scheduleMs: [200, 300_000], jitter: 0 },
    });
    worker.start();
    try {
      await eventually(async () => ((await deliveryRows(db, hook.id))[0].attempts >= 2 ? true : undefined), {
        what: 'two refused attempts at the head',
        timeoutMs: 30_000,
      });
      const [head] = await deliveryRows(db, hook.id);
      expect(head.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 60_000);

      refusing = false;
      const recovered = performance.now();
      await sendTestEvent(db.prisma, hook.orgId, hook.id);
      await eventually(
        async () => {
          const rows = await deliveryRows(db, hook.id);
          return rows.every((r) => r.status === 'delivered') ? rows : undefined;
        },
        { what: 'every event delivered', timeoutMs: 60_000 },
      );
      const drainedMs = performance.now() - recovered;
      console.log(
        `webhook backlog: ${BACKLOG} events behind a refused head delivered ${Math.round(drainedMs)} ms after the receiver recovered`,
      );
      const accepted = receiver.hits.filter(
        (h) => h.path === '/backlog' && (JSON.parse(h.body) as { type: string }).type !== 'webhook.test',
      );
      // Two refused attempts at the head, then the whole backlog once.
      expect(accepted).toHaveLength(BACKLOG + 2);
      expect(drainedMs).toBeLessThan(300_000);
    } finally {
      await worker.stop();
    }
  }, 120_000);
});

describe('a claim held by a killed worker', () => {
  it('is a lease of a few seconds, renewed while the attempt runs', async () => {
    const hook = await newWebhook(db, receiver.url('/lease'));
    await emit(db, 1);
    // A worker that claimed and died (its default lease, never renewed).
    const [claimed] = await claimDeliveries(db, { workerId: 'wkr_killed', now: new Date(), lockMs: 5_000, limit: 1 });
    expect(claimed).toBeDefined();
    const started = performance.now();
    const other = createWorker({ db, config: workerConfig(LOCAL_RECEIVERS), pollMs: 100 });
    other.start();
    try {
      await eventually(async () => ((await deliveryRows(db, hook.id))[0].status === 'delivered' ? true : undefined), {
        what: 'the delivery taken over',
        timeoutMs: 30_000,
      });
    } finally {
      await other.stop();
    }
    console.log(`webhook lease: a killed worker's claim taken over after ${Math.round(performance.now() - started)} ms`);

    // A slow receiver: the attempt outlasts the lease, which is renewed, so no second worker sends it.
    receiver.hits.length = 0;
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    receiver.respond = () => ({ status: 200 });
    await emit(db, 1);
    const slow = createWorker({
      db,
      config: workerConfig(LOCAL_RECEIVERS),
      lockMs: 600,
      timeoutMs: 10_000,
      sender: async () => {
        await answered;
        return { status: 200 };
      },
    });
    const second = createWorker({ db, config: workerConfig(LOCAL_RECEIVERS), lockMs: 600 });
    const run = slow.runOnce();
    await eventually(async () => ((await deliveryRows(db, hook.id)).some((r) => r.locked_by === slow.id) ? true : undefined), {
      what: 'the slow worker holds the claim',
    });
    // The lease is renewed past several of its lengths while the attempt runs; the claim still holds.
    const lockedAt = Date.now();
    await eventually(
      async () => {
        const [row] = await db.query<{ until: Date }>(
          `SELECT locked_until AS until FROM "webhook_delivery" WHERE webhook_id = $1 AND status = 'pending'`,
          [hook.id],
        );
        return row && row.until.getTime() > lockedAt + 4 * 600 ? true : undefined;
      },
      { what: 'the lease renewed several times' },
    );
    expect((await second.runOnce()).claimed).toBe(0);
    release();
    expect((await run).delivered).toBe(1);
    expect(receiver.hits.filter((h) => h.path === '/lease')).toHaveLength(0); // only the slow sender "sent" it
  }, 90_000);
});
