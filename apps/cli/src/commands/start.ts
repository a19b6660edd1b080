import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { assertPortFree, freePort, ListenError, loadConfigOrExit, type Config } from '@dp/core';
import { applyMigrations, createDatabase, startEmbeddedServer, withoutCredentials, type EmbeddedServer } from '@dp/db';
import type { Command } from '../command';
import { DataDirError, dataPaths, embeddedSharedBuffers, ensureDataDir, isLock, tryLockDataDir, type DataDirLock } from '../database';
import { ensureDemoKey, type DemoKey } from '../start/demo-key';
import { loadCorpus } from '../start/load-corpus';
import { localSecrets } from '../start/secrets';
import { startPublicProxy } from '../start/public-proxy';
import { exitLine, Supervisor } from '../start/supervisor';
import { waitReady } from '../start/wait-ready';

const APPS_DIR = join(__dirname, '..', '..', '..');
/** The setting that names each app's port, where it is not `<NAME>_PORT`. */
const PORT_SETTING: Record<string, string> = {
  gateway: 'GATEWAY_PORT',
  'mcp-http': 'MCP_HTTP_PORT',
  webhooks: 'WEBHOOK_WORKER_PORT',
  follower: 'FOLLOW_PORT',
};

interface AppSpec {
  name: string;
  script: string;
  args?: string[];
  port?: number;
  prefix?: string;
  /** The app's readiness check (answers 200 once it serves). */
  readyPath?: string;
}

/** Everything started so far, stopped in reverse order on failure or on a signal. */
interface Started {
  embedded?: EmbeddedServer;
  lock?: DataDirLock;
  proxy?: Server;
  supervisor?: Supervisor;
}

type Log = (msg: string) => void;

export const start: Command = {
  description: 'Start the whole product on one port: embedded database (or DATABASE_URL), corpus, api, gateway, portal, MCP.',
  usage: 'start [--new-demo-key]',
  async run(args, io): Promise<number> {
    const unknown = args.filter((a) => a !== '--new-demo-key');
    if (unknown.length) {
      io.stderr.write(`start failed: unknown argument ${unknown[0]} (usage: start [--new-demo-key])\n`);
      return 1;
    }
    const config = loadConfigOrExit();
    const paths = dataPaths();
    const log: Log = (msg) => process.stdout.write(`[start] ${msg}\n`);

    const started: Started = {};
    let stopping = false;
    const shutdown = async (code: number, why?: string) => {
      if (stopping) return;
      stopping = true;
      if (why) io.stderr.write(`start failed: ${why}\n`);
      else log('stopping…');
      await stopAll(started);
      process.exit(code);
    };
    process.on('SIGINT', () => void shutdown(0));
    process.on('SIGTERM', () => void shutdown(0));

    try {
      ensureDataDir(paths);
      const apps = appSpecs(config);
      await assertPortsFree(config, apps);
      const databaseUrl = process.env.DATABASE_URL || (await startEmbedded(config, paths, log, started));
      const demoKey = await prepareDatabase(databaseUrl, config, paths, args.includes('--new-demo-key'), log);

      const env = appEnv(config, paths, databaseUrl);
      const logDir = config.LOG_FORMAT === 'json' ? undefined : join(paths.dataDir, 'logs');
      // Until the banner an app that exits fails start as a whole (its reason is on the terminal);
      // after it, the supervisor restarts it with backoff and says so.
      const supervisor = new Supervisor(
        (event) => {
          process.stdout.write(`${exitLine(event, config.LOG_FORMAT, 'start')}\n`);
          if (!event.restart) void shutdown(1);
        },
        { logDir },
      );
      started.supervisor = supervisor;
      for (const app of apps) supervisor.start({ name: app.name, script: app.script, args: app.args, env });
      started.proxy = await startProxy(config, apps);

      await waitAllReady(apps, supervisor, logDir);
      if (stopping) return 1;
      for (const app of apps) log(`${app.name} started (${app.port ? `port ${app.port}, ` : ''}pid ${supervisor.pid(app.name) ?? '-'})`);
      supervisor.supervise();
      process.stdout.write(banner(config, apps, logDir, demoKey));
    } catch (err) {
      await shutdown(1, err instanceof Error ? err.message : String(err));
      return 1;
    }
    await new Promise(() => {}); // runs until a signal arrives
    return 0;
  },
};

async function stopAll(started: Started): Promise<void> {
  started.proxy?.close();
  await started.supervisor?.stopAll();
  await started.embedded?.stop();
  started.lock?.release();
}

/** The apps this checkout has built, each with its port, public prefix and readiness check. */
function appSpecs(config: Config): AppSpec[] {
  return [
    { name: 'api', script: join(APPS_DIR, 'api', 'dist', 'index.js'), port: config.API_PORT, prefix: '/v1', readyPath: '/readyz' },
    {
      name: 'gateway',
      script: join(APPS_DIR, 'x402-gateway', 'dist', 'index.js'),
      port: config.GATEWAY_PORT,
      prefix: '/x402',
      readyPath: '/readyz',
    },
    {
      name: 'portal',
      script: join(APPS_DIR, 'portal', 'dist', 'index.js'),
      port: config.PORTAL_PORT,
      prefix: '/portal',
      readyPath: '/readyz',
    },
    {
      name: 'mcp-http',
      script: join(APPS_DIR, 'mcp-http', 'dist', 'index.js'),
      port: config.MCP_HTTP_PORT,
      prefix: '/mcp',
      readyPath: '/readyz',
    },
    // Started but not routed by the proxy: its port has only /livez, /readyz and /metrics.
    {
      name: 'webhooks',
      script: join(APPS_DIR, 'webhook-worker', 'dist', 'index.js'),
      port: config.WEBHOOK_WORKER_PORT,
      readyPath: '/readyz',
    },
    // The upstream follower only when CORPUS_GIT_URL names a repository to follow (off by
    // default: its default upstream is the public repository, a network fetch of the whole
    // collection on the first round; docs/operations.md).
    ...(config.CORPUS_GIT_URL
      ? [
          {
            name: 'follower',
            script: join(__dirname, '..', 'index.js'),
            args: ['follow'],
            port: config.FOLLOW_PORT,
            readyPath: '/readyz',
          },
        ]
      : []),
  ].filter((a) => existsSync(a.script));
}

/** Every port first, so a busy one stops start before anything runs (one line, exit 1). */
async function assertPortsFree(config: Config, apps: AppSpec[]): Promise<void> {
  await assertPortFree(config.PUBLIC_PORT, 'PUBLIC_PORT');
  for (const app of apps)
    if (app.port !== undefined) await assertPortFree(app.port, PORT_SETTING[app.name] ?? `${app.name.toUpperCase()}_PORT`);
}

/** The embedded PostgreSQL in the data directory (taken for this start): returns its URL. */
async function startEmbedded(config: Config, paths: ReturnType<typeof dataPaths>, log: Log, started: Started): Promise<string> {
  const embeddedPort = await embeddedDbPort(config.EMBEDDED_DB_PORT, Boolean(process.env.EMBEDDED_DB_PORT), log);
  const taken = await takeDataDir(paths, log);
  started.lock = taken;
  const embedded = await startEmbeddedServer({
    dataDir: paths.embeddedDir,
    port: embeddedPort,
    settings: { shared_buffers: embeddedSharedBuffers() },
  });
  started.embedded = embedded;
  taken.publish(embedded.url, embedded.port);
  log(`embedded PostgreSQL (data in ${paths.embeddedDir}) on 127.0.0.1:${embedded.port}`);
  return embedded.url;
}

/** Migrations, the corpus and the demo key, on one connection closed before the apps start. */
async function prepareDatabase(
  databaseUrl: string,
  config: Config,
  paths: ReturnType<typeof dataPaths>,
  renewDemoKey: boolean,
  log: Log,
): Promise<DemoKey> {
  const db = await createDatabase({ url: databaseUrl, queryTimeoutMs: 0 });
  try {
    await applyMigrations(db);
    if (config.CORPUS_GIT_DIR) log(`syncing ${config.CORPUS_GIT_DIR} (the first time takes a while: see docs/sync.md)`);
    for (const line of await loadCorpus(db, { gitDir: config.CORPUS_GIT_DIR, jsonl: config.CORPUS_PATH })) log(line);
    return await ensureDemoKey(db, paths.dataDir, { renew: renewDemoKey });
  } finally {
    await db.close();
  }
}

/** The apps' environment: start's database, secrets and addresses over the caller's own. */
function appEnv(config: Config, paths: ReturnType<typeof dataPaths>, databaseUrl: string): NodeJS.ProcessEnv {
  const secrets = localSecrets(paths.dataDir);
  return {
    ...process.env,
    // The apps' files (the portal's mail outbox) go where start's own do, whatever their cwd.
    DATA_DIR: paths.dataDir,
    DATABASE_URL: databaseUrl,
    INTERNAL_API_SECRET: process.env.INTERNAL_API_SECRET ?? secrets.internal,
    SESSION_SECRET: process.env.SESSION_SECRET ?? secrets.session,
    PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? `http://localhost:${config.PUBLIC_PORT}`,
    INTERNAL_API_URL: `http://127.0.0.1:${config.API_PORT}`,
  };
}

/** The one public port: each app under its prefix, its readiness in the proxy's own. */
function startProxy(config: Config, apps: AppSpec[]): Promise<Server> {
  return startPublicProxy(
    config.PUBLIC_PORT,
    [
      ...apps.flatMap((a) => (a.prefix ? [{ prefix: a.prefix, target: `http://127.0.0.1:${a.port}` }] : [])),
      // The api also serves the rendered reference and the landing page.
      { prefix: '/docs', target: `http://127.0.0.1:${config.API_PORT}` },
      { prefix: '/', target: `http://127.0.0.1:${config.API_PORT}`, exact: true },
    ],
    undefined,
    apps.flatMap((a) => (a.readyPath ? [{ name: a.name, url: `http://127.0.0.1:${a.port}${a.readyPath}` }] : [])),
    undefined,
    config.CLIENT_REQUESTS_PER_MINUTE,
  );
}

/** Waits for every app's readiness check (or, without one, for it to run); throws naming those that failed. */
async function waitAllReady(apps: AppSpec[], supervisor: Supervisor, logDir: string | undefined): Promise<void> {
  const waits = await Promise.all(
    apps.map(async (app) => ({
      app,
      ready: app.readyPath ? await waitReady(`http://127.0.0.1:${app.port}${app.readyPath}`) : supervisor.running(app.name),
    })),
  );
  const notReady = waits.filter((w) => !w.ready).map((w) => w.app.name);
  if (notReady.length) throw new Error(`${notReady.join(', ')} did not become ready in 60 s${logDir ? `: see ${logDir}` : ''}`);
}

/** What runs where, and the demo key (shown once, when made). */
function banner(config: Config, apps: AppSpec[], logDir: string | undefined, demoKey: DemoKey): string {
  const base = `http://localhost:${config.PUBLIC_PORT}`;
  const has = (name: string) => apps.some((a) => a.name === name);
  return [
    '',
    `Legal Documents Data API is running at ${base}`,
    `  API:      ${base}/v1   (reference: ${base}/docs; OpenAPI: ${base}/v1/openapi.json)`,
    `  x402:     ${base}/x402/legal/documents/{id}   (${config.X402_ENABLED ? 'enabled' : 'disabled; set X402_ENABLED=true to try it'})`,
    ...(has('portal') ? [`  Portal:   ${base}/portal`] : []),
    ...(has('mcp-http') ? [`  MCP:      ${base}/mcp   (Streamable HTTP; header Authorization: Bearer <API key>)`] : []),
    ...(has('webhooks')
      ? [
          config.WEBHOOK_ALLOW_PRIVATE_TARGETS
            ? '  Webhooks: private and loopback targets ALLOWED (WEBHOOK_ALLOW_PRIVATE_TARGETS=true): for local receivers only'
            : '  Webhooks: public https targets only (WEBHOOK_ALLOW_PRIVATE_TARGETS=true allows local receivers)',
        ]
      : []),
    ...(has('follower')
      ? [
          `  Follower: ${withoutCredentials(config.CORPUS_GIT_URL!)} every ${config.FOLLOW_INTERVAL_SECONDS} s (status: http://127.0.0.1:${config.FOLLOW_PORT}/readyz)`,
        ]
      : []),
    ...(logDir ? [`  Logs:     ${logDir}/<app>.log   (LOG_FORMAT=json prints them here instead)`] : []),
    '',
    ...(demoKey.created
      ? [
          `Demo API key (scopes read, manage; shown this once, only its hash is kept): ${demoKey.key}`,
          `  curl -H "Authorization: Bearer ${demoKey.key}" ${base}/v1/legal/documents/sb%2F2012%2F89`,
        ]
      : [`Demo API key: the one shown when it was made (${demoKey.id}; only its hash is kept). A new one: npm start -- --new-demo-key`]),
    '',
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}

/**
 * The embedded database's port: the one set, which must be free; unset, the default, or a free
 * port when the default is busy (only the CLI, told through `.data/embedded-db.json`, connects to
 * it), said in the terminal.
 */
async function embeddedDbPort(port: number, set: boolean, log: Log): Promise<number> {
  try {
    await assertPortFree(port, 'EMBEDDED_DB_PORT', '127.0.0.1');
    return port;
  } catch (err) {
    if (set || !(err instanceof ListenError)) throw err;
    const free = await freePort();
    log(`port ${port} (EMBEDDED_DB_PORT's default) is in use: the embedded PostgreSQL takes port ${free} instead`);
    return free;
  }
}

/** The data directory for this `start`: waits for a CLI command that holds it, refuses a second `start`. */
async function takeDataDir(paths: ReturnType<typeof dataPaths>, log: Log): Promise<DataDirLock> {
  const until = Date.now() + 60_000;
  let said = false;
  for (;;) {
    const taken = tryLockDataDir(paths, 'start');
    if (isLock(taken)) return taken;
    if (taken.owner === 'start')
      throw new DataDirError(
        `another 'start' (pid ${taken.pid}) is running on ${paths.dataDir}: stop it, or set DATA_DIR to another directory`,
      );
    if (Date.now() > until)
      throw new DataDirError(`a command (pid ${taken.pid}) still holds ${paths.dataDir}; try again when it has finished`);
    if (!said) log(`waiting for a command (pid ${taken.pid}) to finish with ${paths.dataDir}`);
    said = true;
    await new Promise((r) => setTimeout(r, 200));
  }
}
