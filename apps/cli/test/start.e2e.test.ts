import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { FIXTURE_CORPUS_PATH } from '@dp/db';
import { TOOL_NAMES } from '@dp/mcp';
import {
  createTestDatabase,
  DEMO_KEY_LINE,
  eventually,
  scaledBound,
  send,
  startEnv,
  startProduct,
  type StartEnv,
  type StartedProduct,
} from '@dp/testing';
import { CLI, runCli } from './run-process';

const ROOT = join(__dirname, '..', '..', '..');

/** Binds a port the way the apps do (every interface), so `start` finds it busy. */
function occupy(port: number, host?: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(port, host, () => resolve(srv));
  });
}

/** Whether the port can be bound now (nothing left listening on it). */
function isFree(port: number, host?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, host, () => srv.close(() => resolve(true)));
  });
}

/**
 * `start` as a user runs it, on the embedded defaults: every app in its own process, one port,
 * and the CLI used beside it while it runs (the data directory belongs to `start`).
 */
describe('npm start (embedded defaults)', () => {
  let product: StartedProduct;
  let dataDir: string;
  let env: StartEnv;
  let base: string;

  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build first (npm test builds everything before running jest)`);
    dataDir = mkdtempSync(join(tmpdir(), 'dp-start-'));
    env = await startEnv({ dataDir, corpusPath: FIXTURE_CORPUS_PATH });
    base = `http://127.0.0.1:${env.PUBLIC_PORT}`;
    product = startProduct(CLI, env, { timeoutMs: 90_000 });
    await product.banner;
  }, scaledBound(120_000));

  afterAll(async () => {
    await product?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints a demo key with both scopes that works through the one public port', async () => {
    const key = product.demoKey();
    const doc = await fetch(`${base}/v1/legal/documents/sb%2F2091%2F1`, { headers: { Authorization: `Bearer ${key}` } });
    expect(doc.status).toBe(200);
    expect(((await doc.json()) as { data: { document: { natural_key: string } } }).data.document.natural_key).toBe('sb/2091/1');
    const usage = await fetch(`${base}/v1/usage`, { headers: { Authorization: `Bearer ${key}` } });
    expect(usage.status).toBe(200);
    expect(usage.headers.get('x-ratelimit-limit')).toBeTruthy();
  });

  it('lets the CLI create and revoke keys while start is running', async () => {
    const created = await runCli(['key:create', '--org', 'Acme', '--scopes', 'read'], env);
    expect(created.code).toBe(0);
    const json = JSON.parse(created.stdout.trim().split('\n').pop()!);
    expect(json.key).toMatch(/^dp_live_[0-9A-Za-z]{32}$/);
    expect(json.scopes).toEqual(['read']);
    const ok = await fetch(`${base}/v1/legal/documents/SB-2091-1`, { headers: { Authorization: `Bearer ${json.key}` } });
    expect(ok.status).toBe(200);

    const revoked = await runCli(['key:revoke', json.id], env);
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.stdout.trim()).status).toBe('revoked');
  });

  it('prints the banner only once every app answers its readiness check', async () => {
    const banner = product.output().indexOf('Legal Documents Data API is running');
    for (const app of ['api', 'gateway', 'portal', 'mcp-http', 'webhooks']) {
      const started = product.output().indexOf(`[start] ${app} started`);
      expect(started).toBeGreaterThan(-1);
      expect(started).toBeLessThan(banner);
    }
    // Webhook targets: public only unless WEBHOOK_ALLOW_PRIVATE_TARGETS=true (guides.e2e turns it on).
    expect(product.output()).toContain('Webhooks: public https targets only (WEBHOOK_ALLOW_PRIVATE_TARGETS=true allows local receivers)');
    // Straight after the banner, every routed app answers through the public port.
    expect((await fetch(`${base}/portal/`)).status).toBeLessThan(500);
    expect((await fetch(`${base}/x402/legal/documents/sb%2F2091%2F1`)).status).not.toBe(502);
  });

  it('every answer of the public origin carries X-RateLimit-* (spec 8), whichever app or the proxy gives it', async () => {
    const answers: Array<[string, string, Record<string, string>?]> = [
      ['POST', '/mcp', { 'content-type': 'application/json' }], // 401 without a key
      ['GET', '/mcp', { authorization: `Bearer ${product.demoKey()}` }], // 405
      ['GET', '/x402/legal/documents/sb%2F2091%2F1'], // the disabled pilot's 404
      ['GET', '/docs'],
      ['GET', '/'],
      ['GET', '/livez'],
      ['GET', '/readyz'],
      ['GET', '/portal/'],
      ['GET', '/portal/login'],
      ['GET', '/nowhere'], // the proxy's own 404
      ['GET', '/v1/usage'], // 401 from the api
    ];
    const missing: string[] = [];
    for (const [method, path, headers] of answers) {
      const res = await fetch(`${base}${path}`, { method, headers, redirect: 'manual' });
      await res.arrayBuffer();
      const fields = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'].map((h) => res.headers.get(h));
      if (!fields.every((f) => f !== null && /^\d+$/.test(f))) missing.push(`${method} ${path} → ${res.status}`);
    }
    expect(missing).toEqual([]);
  });

  it('a GET with a JSON body through the public port is answered at once, not held until the proxy gives up', async () => {
    const json = '{"a":1}';
    const res = await send(Number(env.PUBLIC_PORT), {
      method: 'GET',
      path: '/v1/legal/search?q=zakon',
      headers: { authorization: `Bearer ${product.demoKey()}`, 'content-type': 'application/json', 'content-length': String(json.length) },
      body: json,
    });
    expect(res.status).toBe(200);
  });

  it('restarts an app that crashed (with a line saying so), which then serves through the public port again', async () => {
    const pid = Number(/\[start\] api started \(port \d+, pid (\d+)\)/.exec(product.output())?.[1]);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, 'SIGKILL');
    await eventually(
      () => (/app exited unexpectedly; restarting: app=api code=- signal=SIGKILL restart=1/.test(product.output()) ? true : undefined),
      {
        what: () => `the restart line:\n${product.output()}`,
      },
    );
    await eventually(
      async () => {
        const res = await fetch(`${base}/v1/legal/documents/sb%2F2091%2F1`, { headers: { Authorization: `Bearer ${product.demoKey()}` } });
        await res.arrayBuffer();
        return res.status === 200 ? true : undefined;
      },
      { what: () => `the api to serve again:\n${product.output()}`, timeoutMs: 60_000, intervalMs: 300 },
    );
    expect(product.child.exitCode).toBeNull();
  });

  it('answers /livez and /readyz on the public port (every app asked), never /metrics', async () => {
    expect((await fetch(`${base}/livez`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    const { data } = (await ready.json()) as { data: { status: string; apps: Record<string, { status: string }> } };
    expect(data.status).toBe('ready');
    expect(Object.keys(data.apps).sort()).toEqual(['api', 'gateway', 'mcp-http', 'portal', 'webhooks']);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    // On each app's own port it is there.
    const metrics = await fetch(`http://127.0.0.1:${env.WEBHOOK_WORKER_PORT}/metrics`);
    expect(await metrics.text()).toContain('dp_webhook_outbox_pending{app="webhook-worker"} 0');
  });

  it('serves remote MCP at /mcp through the public port, with the demo key, listed in the banner', async () => {
    const key = product.demoKey();
    expect(product.output()).toContain(`MCP:      http://localhost:${env.PUBLIC_PORT}/mcp`);
    const client = new Client({ name: 'start-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }),
    );
    try {
      expect((await client.listTools()).tools).toHaveLength(TOOL_NAMES.length);
      const result = await client.callTool({ name: 'legal_get_document', arguments: { id: 'sb/2091/1' } });
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { document: { natural_key: string } }).document.natural_key).toBe('sb/2091/1');
    } finally {
      await client.close();
    }
    const keyless = await fetch(`${base}/mcp`, { method: 'POST' });
    expect(keyless.status).toBe(401);
    expect(keyless.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('writes request logs to .data/logs/<app>.log, not to the terminal', async () => {
    const key = product.demoKey();
    const res = await fetch(`${base}/v1/legal/documents/sb%2F2091%2F1`, { headers: { Authorization: `Bearer ${key}` } });
    const requestId = res.headers.get('x-request-id')!;
    const file = join(dataDir, 'logs', 'api.log');
    const logged = (id: string) => (existsSync(file) && readFileSync(file, 'utf8').includes(id) ? true : undefined);
    await eventually(() => logged(requestId), { what: `${requestId} in ${file}`, timeoutMs: 5_000 });
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { requestId?: string; msg?: string });
    expect(lines.some((l) => l.requestId === requestId)).toBe(true);
    expect(readFileSync(file, 'utf8')).not.toContain(key);
    expect(product.output()).not.toContain(requestId);
    expect(product.output()).not.toMatch(/"msg":"request completed"/);

    // A client error is the client's to act on: in the file (info), not on the terminal.
    const missing = await fetch(`${base}/v1/legal/documents/no-such-document`, { headers: { Authorization: `Bearer ${key}` } });
    expect(missing.status).toBe(404);
    const missingId = missing.headers.get('x-request-id')!;
    await eventually(() => logged(missingId), { what: `${missingId} in ${file}`, timeoutMs: 5_000 });
    const line = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { level: number; requestId?: string; res?: { statusCode?: number } })
      .find((l) => l.requestId === missingId && l.res?.statusCode === 404);
    expect(line?.level).toBe(30);
    await new Promise((r) => setTimeout(r, 300)); // the terminal's pipe would have carried it by now
    expect(product.output()).not.toContain(missingId);
  });

  it('stops cleanly on SIGINT, leaving no port bound', async () => {
    expect(await product.stop()).toBe(0);
    for (const name of ['PUBLIC_PORT', 'API_PORT', 'GATEWAY_PORT', 'PORTAL_PORT', 'MCP_HTTP_PORT'])
      expect(await isFree(Number(env[name]))).toBe(true);
    expect(await isFree(Number(env.EMBEDDED_DB_PORT), '127.0.0.1')).toBe(true);
  });

  it(
    "shows the demo key once and keeps only its hash; a later start does not print it (and, the embedded database's default port busy and EMBEDDED_DB_PORT unset, takes a free one and says so); --new-demo-key makes a new one",
    async () => {
      const first = product.demoKey();
      const read = (key: string) => fetch(`${base}/v1/legal/documents/sb%2F2091%2F1`, { headers: { Authorization: `Bearer ${key}` } });
      // No file of the data directory (the database's own files aside) holds the key in plaintext.
      // A usage spool file may be flushed and removed between the listing and the read: a file
      // gone by then holds nothing.
      const contentOf = (f: string): string => {
        try {
          return readFileSync(f, 'utf8');
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === 'ENOENT') return '';
          throw e;
        }
      };
      const plaintextIn = () =>
        readdirSync(dataDir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile() && !join(e.parentPath, e.name).startsWith(join(dataDir, 'postgres')))
          .map((e) => join(e.parentPath, e.name))
          .filter((f) => contentOf(f).includes(first));
      expect(plaintextIn()).toEqual([]);
      expect(existsSync(join(dataDir, 'demo-key.json'))).toBe(false);

      // The later start also runs with the embedded database's default port busy and
      // EMBEDDED_DB_PORT unset: the port is chosen before the data directory is looked at, so a
      // later start takes the same path as a first one, without a second initdb of its own.
      const laterEnv: NodeJS.ProcessEnv = { ...env };
      delete laterEnv.EMBEDDED_DB_PORT;
      // Busy either way: held here, or by whatever already holds the default.
      const blocker = await occupy(54329, '127.0.0.1').catch(() => undefined);
      const again = startProduct(CLI, laterEnv);
      try {
        const banner = await again.banner;
        expect(banner).not.toContain(first);
        expect(banner).not.toMatch(DEMO_KEY_LINE);
        expect(banner).toMatch(/Demo API key: the one shown when it was made .*npm start -- --new-demo-key/);
        expect(again.output()).toMatch(
          /port 54329 \(EMBEDDED_DB_PORT's default\) is in use: the embedded PostgreSQL takes port \d+ instead/,
        );
        expect((await read(first)).status).toBe(200);
        const usage = await fetch(`${base}/v1/usage`, { headers: { Authorization: `Bearer ${first}` } });
        expect(usage.status).toBe(200);
      } finally {
        expect(await again.stop()).toBe(0);
        if (blocker) await new Promise((r) => blocker.close(r));
      }

      const third = startProduct(CLI, env, { args: ['--new-demo-key'] });
      await third.banner;
      const renewed = third.demoKey();
      expect(renewed).not.toBe(first);
      expect((await read(renewed)).status).toBe(200);
      expect((await read(first)).status).toBe(401);
      expect(plaintextIn()).toEqual([]);
      expect(await third.stop()).toBe(0);
    },
    scaledBound(180_000),
  );
});

describe('npm start with a busy port', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'dp-start-busy-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  for (const setting of ['PUBLIC_PORT', 'API_PORT', 'PORTAL_PORT', 'MCP_HTTP_PORT'] as const) {
    it(`${setting} in use: one line naming the setting, exit 1, nothing left running`, async () => {
      const env = await startEnv({ dataDir, corpusPath: FIXTURE_CORPUS_PATH });
      const port = Number(env[setting]);
      const blocker = await occupy(port);
      try {
        const run = startProduct(CLI, env);
        const code = await Promise.race([run.exit, new Promise((r) => setTimeout(() => r('timeout'), 30_000))]);
        if (code === 'timeout') await run.stop();
        expect(code).toBe(1);
        expect(run.output().trim()).toBe(`start failed: port ${port} is in use: set ${setting} to a free port`);
      } finally {
        await new Promise((r) => blocker.close(r));
      }
      for (const name of ['PUBLIC_PORT', 'API_PORT', 'GATEWAY_PORT', 'PORTAL_PORT', 'MCP_HTTP_PORT', 'WEBHOOK_WORKER_PORT'] as const)
        expect(await isFree(Number(env[name]))).toBe(true);
      expect(await isFree(Number(env.EMBEDDED_DB_PORT), '127.0.0.1')).toBe(true);
    });
  }

  it('npm start (scripts/run.mjs) checks the ports before installing or building anything', async () => {
    const env = await startEnv({ dataDir, corpusPath: FIXTURE_CORPUS_PATH });
    const port = Number(env.GATEWAY_PORT);
    const blocker = await occupy(port);
    try {
      const ran = spawnSync(process.execPath, [join(ROOT, 'scripts', 'run.mjs'), 'start'], {
        env,
        encoding: 'utf8',
        timeout: scaledBound(30_000),
      });
      expect(ran.status).toBe(1);
      expect(ran.stderr.trim()).toBe(`start failed: port ${port} is in use: set GATEWAY_PORT to a free port`);
      expect(ran.stdout).not.toMatch(/Installing|pnpm install|Generating/);
    } finally {
      await new Promise((r) => blocker.close(r));
    }
  });

  it('an app whose port is taken says so in one line and exits 1 (it never claims to listen)', async () => {
    const env = await startEnv({ dataDir, corpusPath: FIXTURE_CORPUS_PATH });
    const port = Number(env.API_PORT);
    const blocker = await occupy(port);
    const pg = await createTestDatabase();
    try {
      const app = spawnSync(process.execPath, [join(ROOT, 'apps', 'api', 'dist', 'index.js')], {
        env: { ...env, DATABASE_URL: pg.url, LOG_LEVEL: 'info' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(app.status).toBe(1);
      expect(app.stderr.trim()).toBe(`api failed to start: port ${port} is in use: set API_PORT to a free port`);
      expect(app.stdout).not.toMatch(/listening/);
    } finally {
      await pg.destroy();
      await new Promise((r) => blocker.close(r));
    }
  });
});
