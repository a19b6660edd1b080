import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURE_CORPUS_PATH } from '@dp/db';

const ROOT = join(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'apps', 'cli', 'dist', 'index.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * `start` as a user runs it, on the embedded defaults: every app in its own process, one port,
 * and the CLI used beside it while it runs (the data directory belongs to `start`).
 */
describe('npm start (embedded defaults)', () => {
  let child: ChildProcess;
  let output = '';
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let base: string;

  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build first (npm test builds everything before running jest)`);
    dataDir = mkdtempSync(join(tmpdir(), 'dp-start-'));
    const [pub, api, gw, portal, db] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
    base = `http://127.0.0.1:${pub}`;
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      CORPUS_PATH: FIXTURE_CORPUS_PATH,
      PUBLIC_PORT: String(pub),
      API_PORT: String(api),
      GATEWAY_PORT: String(gw),
      PORTAL_PORT: String(portal),
      EMBEDDED_DB_PORT: String(db),
    };
    child = spawn(process.execPath, [CLI, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (output += d.toString()));
    child.stderr!.on('data', (d) => (output += d.toString()));
    const deadline = Date.now() + 90_000;
    while (!/Demo API key.*: (dp_live_\w+)/.test(output)) {
      if (child.exitCode !== null) throw new Error(`start exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`start did not come up:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGINT');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints a demo key with both scopes that works through the one public port', async () => {
    const key = /Demo API key.*: (dp_live_\w+)/.exec(output)![1];
    const doc = await fetch(`${base}/v1/legal/documents/sb%2F2091%2F1`, { headers: { Authorization: `Bearer ${key}` } });
    expect(doc.status).toBe(200);
    expect(((await doc.json()) as { data: { document: { natural_key: string } } }).data.document.natural_key).toBe('sb/2091/1');
    const usage = await fetch(`${base}/v1/usage`, { headers: { Authorization: `Bearer ${key}` } });
    expect(usage.status).toBe(200);
    expect(usage.headers.get('x-ratelimit-limit')).toBeTruthy();
  });

  it('lets the CLI create and revoke keys while start is running', async () => {
    const created = spawnSync(process.execPath, [CLI, 'key:create', '--org', 'Acme', '--scopes', 'read'], { env, encoding: 'utf8' });
    expect(created.status).toBe(0);
    const json = JSON.parse(created.stdout.trim().split('\n').pop()!);
    expect(json.key).toMatch(/^dp_live_[0-9A-Za-z]{32}$/);
    expect(json.scopes).toEqual(['read']);
    const ok = await fetch(`${base}/v1/legal/documents/SB-2091-1`, { headers: { Authorization: `Bearer ${json.key}` } });
    expect(ok.status).toBe(200);

    const revoked = spawnSync(process.execPath, [CLI, 'key:revoke', json.id], { env, encoding: 'utf8' });
    expect(revoked.status).toBe(0);
    expect(JSON.parse(revoked.stdout.trim()).status).toBe('revoked');
  });

  it('stops cleanly on SIGINT', async () => {
    child.kill('SIGINT');
    const code = await new Promise((r) => child.once('exit', r));
    expect(code).toBe(0);
  });
});
