import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '@dp/core';
import { createOrganization, createWebhook } from '@dp/db';
import { createTestDatabase, eventually, metricValue, scaledBound, testConfig, type TestDatabase } from '@dp/testing';
import { createWorker, type Worker } from '@dp/webhook-worker/worker';
import { CLI } from './run-process';
import { commitBootstrap, createTinyRepo, type TinyRepo } from './tiny-repo';

const INTERVAL_S = 2;

/**
 * `follow` as an operator runs it: the built CLI against an upstream bare repository that gains
 * commits while it runs, the webhook worker delivering to a receiver. A new upstream commit must
 * reach the receiver within the bound the operations issue sets (the timeout asserted below); a
 * broken upstream shows in /readyz and
 * /metrics and the follower carries on.
 */
describe('pnpm cli follow', () => {
  let pg: TestDatabase;
  let dir: string;
  let work: TinyRepo;
  let bare: string;
  let receiver: Server;
  const received: string[] = [];
  let worker: Worker;
  let child: ChildProcess;
  let output = '';
  let opsPort: number;

  const push = () => execFileSync('git', ['-C', work.dir, 'push', '-q', bare, 'main'], { stdio: 'pipe' });
  const ops = (path: string) => fetch(`http://127.0.0.1:${opsPort}${path}`);

  beforeAll(async () => {
    pg = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'dp-follow-'));
    work = createTinyRepo();
    commitBootstrap(work, { id: 'SB-2000-1' }, '# Zákon 1\n\n§ 1\n\nText.\n');
    bare = join(dir, 'upstream.git');
    execFileSync('git', ['clone', '-q', '--bare', work.dir, bare], { stdio: 'pipe' });

    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push(body);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    const org = await createOrganization(pg.prisma, { name: 'Follower org' });
    await createWebhook(
      pg.prisma,
      { orgId: org.id, url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, events: ['document.created'] },
      { allowPrivateTargets: true },
    );
    worker = createWorker({ db: pg, config: testConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', LOG_LEVEL: 'silent' }), pollMs: 200 });
    worker.start();

    opsPort = await freePort();
    child = spawn(process.execPath, [CLI, 'follow'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: pg.url,
        DATA_DIR: join(dir, 'data'),
        CORPUS_GIT_URL: bare,
        FOLLOW_INTERVAL_SECONDS: String(INTERVAL_S),
        FOLLOW_PORT: String(opsPort),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await worker?.stop();
    await new Promise((r) => receiver?.close(r));
    work?.destroy();
    rmSync(dir, { recursive: true, force: true });
    await pg?.destroy();
  });

  const deliveredFor = (id: string) => received.some((b) => b.includes(id));

  it('syncs what upstream has, then a new commit reaches the webhook receiver within 2 × interval + 5 s', async () => {
    await eventually(() => (deliveredFor('SB-2000-1') ? true : undefined), {
      what: () => `the first document's webhook (${output})`,
      timeoutMs: 60_000,
    });

    commitBootstrap(work, { id: 'SB-2000-2' }, '# Zákon 2\n\n§ 1\n\nNový text.\n', '2000-02-01');
    push();
    const pushedAt = Date.now();
    await eventually(() => (deliveredFor('SB-2000-2') ? true : undefined), {
      what: () => `the new commit's webhook (${output})`,
      timeoutMs: (2 * INTERVAL_S + 5) * 1000,
      intervalMs: 50,
    });
    // The idle machine's bound, stretched by the load as the wait above is (a loaded machine failed it, not the follower).
    expect(Date.now() - pushedAt).toBeLessThanOrEqual(scaledBound((2 * INTERVAL_S + 5) * 1000));

    // The webhook goes out when the documents' transaction commits; the follower records the synced
    // commit when the whole sync (its later phases too) has ended, a moment after.
    type Ready = { data: { status: string; checks: { upstream: Record<string, unknown> } } };
    const ready = await eventually(
      async () => {
        const body = (await (await ops('/readyz')).json()) as Ready;
        return body.data.checks.upstream.synced_commit === work.rev('HEAD') ? body : undefined;
      },
      { what: () => `the follower's synced commit (${output})`, timeoutMs: (INTERVAL_S + 5) * 1000 },
    );
    expect(ready.data.status).toBe('ready');
    expect(ready.data.checks.upstream).toMatchObject({
      status: 'ok',
      role: 'leader',
      upstream_commit: work.rev('HEAD'),
      synced_commit: work.rev('HEAD'),
    });
    const metrics = await (await ops('/metrics')).text();
    expect(metricValue(metrics, 'dp_sync_commits_applied_total', { app: 'follower' })).toBe(2);
    expect(metricValue(metrics, 'dp_sync_upstream_commit_info', { commit: work.rev('HEAD') })).toBe(1);
    expect(metricValue(metrics, 'dp_sync_lag_seconds')).toBeLessThan(60);
  }, 90_000);

  it('an upstream that fails shows in /readyz and /metrics, never ends the follower, and it recovers', async () => {
    const away = `${bare}.away`;
    renameSync(bare, away);
    const degraded = await eventually(
      async () => {
        const res = await ops('/readyz');
        const body = (await res.json()) as {
          data?: { status: string; checks: { upstream: { consecutive_failures?: number; last_error?: string } } };
        };
        return body.data?.status === 'degraded' ? body.data.checks.upstream : undefined;
      },
      { what: () => `a degraded /readyz (${output})`, timeoutMs: 20_000, intervalMs: 200 },
    );
    expect(degraded.consecutive_failures).toBeGreaterThanOrEqual(1);
    expect(degraded.last_error).toMatch(/git fetch failed/);
    const metrics = await (await ops('/metrics')).text();
    expect(metricValue(metrics, 'dp_follow_failures_total', { stage: 'fetch' })).toBeGreaterThanOrEqual(1);
    expect(metricValue(metrics, 'dp_follow_consecutive_failures')).toBeGreaterThanOrEqual(1);
    expect(child.exitCode).toBeNull();

    renameSync(away, bare);
    commitBootstrap(work, { id: 'SB-2000-3' }, '# Zákon 3\n\n§ 1\n\nTřetí.\n', '2000-03-01');
    push();
    await eventually(() => (deliveredFor('SB-2000-3') ? true : undefined), {
      what: () => `the webhook after recovery (${output})`,
      timeoutMs: 30_000,
    });
    await eventually(
      async () => {
        const body = (await (await ops('/readyz')).json()) as { data?: { status: string } };
        return body.data?.status === 'ready' ? true : undefined;
      },
      { what: 'ready again', timeoutMs: 20_000 },
    );
  }, 90_000);

  it('stops on SIGTERM with exit 0', async () => {
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);
});
