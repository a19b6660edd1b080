import type { TestDatabase } from '@dp/testing';
import { guardedLookup, type Resolver } from '../src/safe-lookup';
import { deliveryUrlProblem } from '../src/send';
import { createWorker } from '../src/worker';
import { deliveryRows, emit, LOCAL_RECEIVERS, newWebhook, workerConfig, verifyHit, type Receiver, useWorkerFixture } from './helpers';

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

/** The lookup's decision for a name, without connecting anywhere. */
const lookupError = (resolve: Resolver, checkAddresses: boolean) =>
  new Promise<Error | null>((done) => guardedLookup(resolve, checkAddresses)('target.example.com', { all: true }, (e) => done(e)));

// Every mode refuses private targets; only WEBHOOK_ALLOW_PRIVATE_TARGETS=true allows them. The
// refusals below are all of loopback targets (the test's receiver), so even a worker that failed
// to refuse would send nothing beyond this machine; the other classes are checked on the decision.
describe.each(['development', 'test', 'production'])('SSRF protection at delivery (NODE_ENV=%s)', (mode) => {
  const config = () => workerConfig({ NODE_ENV: mode });

  it('refuses a host name that resolves to 127.0.0.1, at connect time', async () => {
    const hook = await newWebhook(db, `https://rebind.example.com:${receiver.port}/hook`);
    await emit(db, 1);
    const w = createWorker({ db, config: config(), resolve: dnsAnswers('127.0.0.1'), retry: { scheduleMs: [1_000], jitter: 0 } });
    const r = await w.runOnce();
    expect(r).toEqual(expect.objectContaining({ claimed: 1, retrying: 1 }));
    expect(await lastAttemptError(hook.id)).toMatch(/refused: rebind\.example\.com resolves to a loopback address \(127\.0\.0\.1\)/);
    expect(receiver.hits).toHaveLength(0);
  });

  it.each(['::ffff:127.0.0.1', '::ffff:0:7f00:1', '64:ff9b::7f00:1'])('refuses a name resolving to %s', async (address) => {
    const hook = await newWebhook(db, `https://hooks.example.com:${receiver.port}/x`);
    await emit(db, 1);
    await createWorker({ db, config: config(), resolve: dnsAnswers(address) }).runOnce();
    expect(await lastAttemptError(hook.id)).toContain('loopback address');
    expect(receiver.hits).toHaveLength(0);
  });

  it('refuses IP literals and plain http before connecting', async () => {
    const hook = await newWebhook(db, receiver.url('/literal'));
    await emit(db, 1);
    const w = createWorker({ db, config: config(), retry: { scheduleMs: [0, 0], jitter: 0 } });
    await w.runOnce();
    expect(await lastAttemptError(hook.id)).toMatch(/only https/);
    await setUrl(hook.id, `https://127.0.0.1:${receiver.port}/literal`);
    await w.runOnce();
    expect(await lastAttemptError(hook.id)).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(receiver.hits).toHaveLength(0);
  });
});

describe('the delivery decision (nothing connects)', () => {
  it.each([
    ['169.254.169.254', 'link-local'],
    ['192.168.1.1', 'private'],
    ['10.0.0.7', 'private'],
    ['100.100.100.200', 'shared'],
    ['168.63.129.16', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['fd00::1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:0:a9fe:a9fe', 'link-local'],
    ['64:ff9b::c0a8:101', 'private'],
    ['::127.0.0.1', 'loopback'],
  ])('a name resolving to %s is refused (%s)', async (address, cls) => {
    expect((await lookupError(dnsAnswers(address), true))?.message).toContain(`${cls} address (${address})`);
    // Allowed only with WEBHOOK_ALLOW_PRIVATE_TARGETS=true (the lookup then checks nothing).
    expect(await lookupError(dnsAnswers(address), false)).toBeNull();
  });

  it.each([
    ['https://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is a link-local address/],
    ['https://192.168.1.1/hook', /is a private address/],
    ['https://[::ffff:0:127.0.0.1]/hook', /is a loopback address/],
    ['https://[fd00:ec2::254]/hook', /is a metadata address/],
    ['http://hooks.example.com/hook', /only https/],
    ['https://metadata.google.internal/computeMetadata/v1/', /refused: metadata\.google\.internal is an internal host name/],
    ['https://instance-data/latest/meta-data/', /refused: instance-data is a single-label \(internal\) host name/],
    ['https://nas.local/hook', /refused: nas\.local is an internal host name/],
  ])('%s is refused before connecting', (url, problem) => {
    expect(deliveryUrlProblem(new URL(url), false)).toMatch(problem);
    expect(deliveryUrlProblem(new URL(url), true)).toBeNull();
  });

  it('a public https URL is not refused', () => {
    expect(deliveryUrlProblem(new URL('https://93.184.216.34/hook'), false)).toBeNull();
    expect(deliveryUrlProblem(new URL('https://hooks.example.com/hook'), false)).toBeNull();
  });

  it('refuses a mixed answer (one public, one private address)', async () => {
    expect((await lookupError(dnsAnswers('93.184.216.34', '127.0.0.1'), true))?.message).toMatch(/loopback/);
    // A public-only answer is handed to the socket as resolved (no connection is made here).
    const ok = guardedLookup(dnsAnswers('93.184.216.34'), true);
    const addr = await new Promise<unknown>((resolve) => ok('public.example.com', {}, (_e, a) => resolve(a)));
    expect(addr).toBe('93.184.216.34');
  });
});

describe('WEBHOOK_ALLOW_PRIVATE_TARGETS=true', () => {
  it('delivers to a local receiver through the same resolver, to the address it returned', async () => {
    const hook = await newWebhook(db, receiver.url('/dev'));
    await setUrl(hook.id, `http://receiver.example.test:${receiver.port}/dev`);
    await emit(db, 1);
    const r = await createWorker({ db, config: workerConfig(LOCAL_RECEIVERS), resolve: dnsAnswers('127.0.0.1') }).runOnce();
    expect(r.delivered).toBe(1);
    expect(receiver.hits[0].headers.host).toBe(`receiver.example.test:${receiver.port}`);
    verifyHit(hook.secret, receiver.hits[0]);
    expect((await deliveryRows(db, hook.id))[0].status).toBe('delivered');
  });
});
