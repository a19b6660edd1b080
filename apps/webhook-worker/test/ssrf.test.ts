import type { TestDatabase } from '@dp/testing';
import { guardedLookup, type Resolver } from '../src/safe-lookup';
import { createWorker } from '../src/worker';
import { deliveryRows, emit, newWebhook, workerConfig, verifyHit, type Receiver, useWorkerFixture } from './helpers';

let db: TestDatabase;
let receiver: Receiver;
const fx = useWorkerFixture();
beforeAll(() => {
  ({ db, receiver } = fx);
});

/** DNS as the test wants it: every name resolves to the given addresses. */
const dnsAnswers =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function lastAttemptError(webhookId: string): Promise<string | null> {
  const rows = await db.query<{ error: string | null }>(
    `SELECT a.error FROM "delivery_attempt" a JOIN "webhook_delivery" d ON d.id = a.delivery_id WHERE d.webhook_id = $1 ORDER BY a.started_at DESC LIMIT 1`,
    [webhookId],
  );
  return rows[0]?.error ?? null;
}

/** Points a webhook somewhere create-time validation would refuse (it was created earlier, say). */
async function setUrl(id: string, url: string) {
  await db.prisma.webhook.update({ where: { id }, data: { url } });
}

describe('SSRF protection at delivery (production policy)', () => {
  it('refuses a host name that resolves to 127.0.0.1, at connect time', async () => {
    const hook = await newWebhook(db, 'https://rebind.example.com/hook');
    await emit(db, 1);
    const w = createWorker({ db, config: workerConfig(true), resolve: dnsAnswers('127.0.0.1'), retry: { scheduleMs: [1_000], jitter: 0 } });
    const r = await w.runOnce();
    expect(r).toEqual(expect.objectContaining({ claimed: 1, retrying: 1 }));
    expect(await lastAttemptError(hook.id)).toMatch(/refused: rebind\.example\.com resolves to a loopback address \(127\.0\.0\.1\)/);
    expect(receiver.hits).toHaveLength(0);
  });

  it.each([
    ['169.254.169.254', 'link-local'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['fd00::1', 'private'],
    ['10.0.0.7', 'private'],
  ])('refuses a name resolving to %s', async (address, cls) => {
    const hook = await newWebhook(db, 'https://hooks.example.com/x');
    await emit(db, 1);
    await createWorker({ db, config: workerConfig(true), resolve: dnsAnswers(address) }).runOnce();
    expect(await lastAttemptError(hook.id)).toContain(`${cls} address`);
  });

  it('refuses a mixed answer (one public, one private address)', async () => {
    const lookup = guardedLookup(dnsAnswers('93.184.216.34', '127.0.0.1'), true);
    const err = await new Promise<Error | null>((resolve) => lookup('mixed.example.com', { all: true }, (e) => resolve(e)));
    expect(err?.message).toMatch(/loopback/);
    // A public-only answer is handed to the socket as resolved (no connection is made here).
    const ok = guardedLookup(dnsAnswers('93.184.216.34'), true);
    const addr = await new Promise<unknown>((resolve) => ok('public.example.com', {}, (_e, a) => resolve(a)));
    expect(addr).toBe('93.184.216.34');
  });

  it('refuses IP literals and plain http before connecting', async () => {
    const hook = await newWebhook(db, receiver.url('/literal'));
    await emit(db, 1);
    const w = createWorker({ db, config: workerConfig(true), retry: { scheduleMs: [0, 0], jitter: 0 } });
    await w.runOnce();
    expect(await lastAttemptError(hook.id)).toMatch(/only https/);
    await setUrl(hook.id, `https://127.0.0.1:${receiver.port}/literal`);
    await w.runOnce();
    expect(await lastAttemptError(hook.id)).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(receiver.hits).toHaveLength(0);
  });

  it('development delivers through the same resolver, to the address it returned', async () => {
    const hook = await newWebhook(db, receiver.url('/dev'));
    await setUrl(hook.id, `http://receiver.example.test:${receiver.port}/dev`);
    await emit(db, 1);
    const r = await createWorker({ db, config: workerConfig(false), resolve: dnsAnswers('127.0.0.1') }).runOnce();
    expect(r.delivered).toBe(1);
    expect(receiver.hits[0].headers.host).toBe(`receiver.example.test:${receiver.port}`);
    verifyHit(hook.secret, receiver.hits[0]);
    expect((await deliveryRows(db, hook.id))[0].status).toBe('delivered');
  });
});
