import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@dp/core';
import {
  createOrgWithKey,
  createTestDatabase,
  eventually,
  listenOnLoopback,
  scaledBound,
  closeServer,
  type TestDatabase,
} from '@dp/testing';
import { CLI, runCli } from './run-process';
import { commitBootstrap, createTinyRepo, type TinyRepo } from './tiny-repo';

const withRedis = Boolean(process.env.REDIS_URL);
const hasCaddy = spawnSync('sh', ['-c', 'command -v caddy'], { stdio: 'ignore' }).status === 0;

/**
 * The production layout on one machine (`cli cluster`, infra/README.md): two api instances behind
 * Caddy (Debian's package; the product's own proxy where it is absent), the webhook worker, the
 * upstream follower (CORPUS_GIT_URL: a local bare repository) and the other apps, on this run's
 * PostgreSQL (and Redis when the run has it). What must hold across instances is checked by
 * talking to each instance and to the front.
 */
describe(`cli cluster: two api instances behind ${hasCaddy ? 'Caddy' : 'the product proxy'}`, () => {
  let db: TestDatabase;
  let child: ChildProcess;
  let output = '';
  let front: string;
  let instances: string[];
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let upstream: TinyRepo;
  let bare: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'dp-cluster-'));
    upstream = createTinyRepo();
    commitBootstrap(upstream, { id: 'SB-2000-7' }, '# Zákon 7\n\n§ 1\n\nText.\n');
    bare = `${dataDir}-upstream.git`;
    execFileSync('git', ['clone', '-q', '--bare', upstream.dir, bare], { stdio: 'pipe' });
    const publicPort = await freePort();
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      PUBLIC_PORT: String(publicPort),
      // The test's webhook receiver listens on loopback.
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      KEY_CACHE_TTL_SECONDS: '60',
      CORPUS_GIT_URL: bare,
      FOLLOW_INTERVAL_SECONDS: '2',
      // Production asks for its secrets, as an operator gives them.
      INTERNAL_API_SECRET: randomBytes(32).toString('hex'),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ...(withRedis ? { REDIS_URL: process.env.REDIS_URL } : {}),
    };
    child = spawn(process.execPath, [CLI, 'cluster', '--instances', '2'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await eventually(
      () => {
        if (child.exitCode !== null) throw new Error(`cluster exited early:\n${output}`);
        return /Cluster running at/.test(output) ? true : undefined;
      },
      { what: () => `the cluster to come up:\n${output}`, timeoutMs: 90_000, intervalMs: 200 },
    );
    front = `http://127.0.0.1:${publicPort}`;
    instances = [...output.matchAll(/api-\d+\s+(http:\/\/127\.0\.0\.1:\d+)/g)].map((m) => m[1]);
  }, scaledBound(120_000));

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await db?.destroy();
    upstream?.destroy();
    rmSync(bare, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the public routes on one port and never /metrics or /internal', async () => {
    expect(instances).toHaveLength(2);
    expect((await fetch(`${front}/readyz`)).status).toBe(200);
    expect((await fetch(`${front}/docs`)).status).toBe(200);
    for (const hidden of ['/metrics', '/internal/legal/documents/x']) expect((await fetch(`${front}${hidden}`)).status).toBe(404);
  });

  it('runs the upstream follower: it answers its readiness check and what it synced is served through the front', async () => {
    const follower = /follower\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    expect(follower).toBeDefined();
    expect((await fetch(`${follower}/readyz`)).status).toBe(200);
    const { key } = await createOrgWithKey(db);
    await eventually(
      async () => {
        const res = await fetch(`${front}/v1/legal/documents/sb%2F2000%2F7`, { headers: { authorization: `Bearer ${key}` } });
        return res.status === 200 ? true : undefined;
      },
      { what: 'the followed document through the front', timeoutMs: 30_000 },
    );
  });

  it(
    withRedis
      ? 'one rate limit for an organization whichever instance answers (Redis)'
      : 'without Redis each instance keeps its own rate limit (documented)',
    async () => {
      const { key } = await createOrgWithKey(db, { requestsPerMinute: 4 });
      const usage = async (base: string) => (await fetch(`${base}/v1/usage`, { headers: { authorization: `Bearer ${key}` } })).status;
      const fourTimes = async (base: string) => {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) statuses.push(await usage(base));
        return statuses;
      };
      // Straight to each instance, so which instance the balancer picks does not decide the count
      // (an instance its health check found slow on a loaded machine took every request).
      expect(await fourTimes(instances[0])).toEqual([200, 200, 200, 200]);
      expect(await fourTimes(instances[1])).toEqual(withRedis ? [429, 429, 429, 429] : [200, 200, 200, 200]);
      // Through the front too, whichever instance answers: both have spent their four.
      expect(await usage(front)).toBe(429);
    },
  );

  it('a key revoked with the CLI is refused by both instances at once, though each had it cached', async () => {
    const { key, id } = await createOrgWithKey(db);
    for (const base of instances)
      expect((await fetch(`${base}/v1/usage`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    const revoked = await runCli(['key:revoke', id], env);
    expect(revoked.code).toBe(0);
    for (const base of instances)
      await eventually(
        async () => ((await fetch(`${base}/v1/usage`, { headers: { authorization: `Bearer ${key}` } })).status === 401 ? true : undefined),
        { what: `${base} to refuse the revoked key`, timeoutMs: 10_000 },
      );
  });

  it('a webhook created on one instance gets the test event asked for on the other, from the worker', async () => {
    const received: IncomingHttpHeaders[] = [];
    const receiver: Server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push(req.headers);
        res.statusCode = 204;
        res.end();
      });
    });
    const receiverUrl = await listenOnLoopback(receiver);
    try {
      const { key } = await createOrgWithKey(db);
      const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      const created = await fetch(`${instances[0]}/v1/webhooks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: `${receiverUrl}/hook`, events: ['document.created'] }),
      });
      expect(created.status).toBe(201);
      const webhookId = ((await created.json()) as { data: { webhook: { id: string } } }).data.webhook.id;
      const test = await fetch(`${instances[1]}/v1/webhooks/${webhookId}/test`, { method: 'POST', headers, body: '{}' });
      expect(test.status).toBeLessThan(300);
      await eventually(() => (received.length > 0 ? true : undefined), { what: 'the test event to arrive', timeoutMs: 20_000 });
      expect(received[0]['webhook-signature']).toMatch(/^v1,/);
    } finally {
      await closeServer(receiver);
    }
  });

  it('one Idempotency-Key across instances: the second POST, on the other instance, replays the first answer', async () => {
    const { key } = await createOrgWithKey(db);
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': `cluster-${Date.now()}` };
    const body = JSON.stringify({ url: 'https://hooks.example.com/legal', events: ['document.created'] });
    const first = await fetch(`${instances[0]}/v1/webhooks`, { method: 'POST', headers, body });
    const second = await fetch(`${instances[1]}/v1/webhooks`, { method: 'POST', headers, body });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const id = (r: unknown) => (r as { data: { webhook: { id: string } } }).data.webhook.id;
    expect(id(await second.json())).toBe(id(await first.json()));
    const list = await fetch(`${instances[1]}/v1/webhooks`, { headers: { authorization: `Bearer ${key}` } });
    expect(((await list.json()) as { data: { webhooks: unknown[] } }).data.webhooks).toHaveLength(1);
  });

  it('an instance killed while the cluster runs is restarted (one line says so) and answers again', async () => {
    const pid = Number(/api-1\s+http:\/\/127\.0\.0\.1:\d+\s+\(pid (\d+)\)/.exec(output)?.[1]);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, 'SIGKILL');
    await eventually(
      () => (/app exited unexpectedly; restarting: app=api-1 code=- signal=SIGKILL restart=1/.test(output) ? true : undefined),
      {
        what: () => `the restart line:\n${output}`,
      },
    );
    await eventually(
      async () => {
        const res = await fetch(`${instances[0]}/readyz`).catch(() => undefined);
        await res?.arrayBuffer();
        return res?.status === 200 ? true : undefined;
      },
      { what: () => `api-1 to answer again:\n${output}`, timeoutMs: 60_000, intervalMs: 300 },
    );
    expect(child.exitCode).toBeNull();
  });
});
