import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfigOrExit } from '@dp/core';
import {
  applyMigrations,
  createApiKey,
  createDatabase,
  createOrganization,
  FIXTURE_CORPUS_PATH,
  importCorpusFile,
  sharedCorpusPath,
  startEmbeddedServer,
  type EmbeddedServer,
} from '@dp/db';
import type { Command } from '../command';
import { DATA_DIR, EMBEDDED_DIR, removeEmbeddedInfo, runningEmbeddedUrl, writeEmbeddedInfo } from '../database';
import { startPublicProxy } from '../start/public-proxy';
import { Supervisor } from '../start/supervisor';
import { waitReady } from '../start/wait-ready';

const APPS_DIR = join(__dirname, '..', '..', '..');

/** Secrets that must survive restarts (sessions, internal tokens), generated once per machine. */
function localSecrets(): { internal: string; session: string } {
  const file = join(DATA_DIR, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { internal: string; session: string };
  const secrets = { internal: randomBytes(32).toString('hex'), session: randomBytes(32).toString('hex') };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

export const start: Command = {
  description: 'Start the whole product on one port: embedded database (or DATABASE_URL), corpus, api, gateway, portal.',
  usage: 'start',
  async run(): Promise<number> {
    const config = loadConfigOrExit();
    mkdirSync(DATA_DIR, { recursive: true });
    const log = (msg: string) => process.stdout.write(`[start] ${msg}\n`);

    let embedded: EmbeddedServer | undefined;
    let databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) {
      if (await runningEmbeddedUrl()) throw new Error(`another 'start' is already serving ${EMBEDDED_DIR}`);
      embedded = await startEmbeddedServer({ dataDir: EMBEDDED_DIR, port: Number(process.env.EMBEDDED_DB_PORT ?? 54329) });
      databaseUrl = embedded.url;
      writeEmbeddedInfo({ url: embedded.url, port: embedded.port, pid: process.pid });
      log(`embedded PostgreSQL (data in ${EMBEDDED_DIR}) on 127.0.0.1:${embedded.port}`);
    }

    const db = await createDatabase({ url: databaseUrl, queryTimeoutMs: 0 });
    await applyMigrations(db);
    const corpus = config.CORPUS_PATH ?? sharedCorpusPath() ?? FIXTURE_CORPUS_PATH;
    log(`importing ${corpus}${corpus === FIXTURE_CORPUS_PATH ? ' (our small fictional fixture corpus)' : ''}`);
    const report = await importCorpusFile(db, corpus);
    log(`corpus: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ${report.failed.length} failed, ${report.warnings.length} date warnings`);

    const org = (await db.prisma.organization.findFirst({ where: { name: 'Demo' } })) ?? (await createOrganization(db.prisma, { name: 'Demo', plan: 'pro' }));
    const demoKey = await createApiKey(db.prisma, { orgId: org.id, scopes: ['read', 'manage'], name: 'demo (npm start)' });
    await db.close();

    const secrets = localSecrets();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      INTERNAL_API_SECRET: process.env.INTERNAL_API_SECRET ?? secrets.internal,
      SESSION_SECRET: process.env.SESSION_SECRET ?? secrets.session,
      PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? `http://localhost:${config.PUBLIC_PORT}`,
      INTERNAL_API_URL: `http://127.0.0.1:${config.API_PORT}`,
    };
    let shuttingDown = false;
    const supervisor = new Supervisor((name, code) => {
      log(`${name} exited unexpectedly (code ${code}); stopping`);
      void shutdown(1);
    });
    // Entries without a prefix (the webhook worker) are started but not routed by the proxy.
    const apps: { name: string; script: string; port?: number; prefix?: string }[] = [
      { name: 'api', script: join(APPS_DIR, 'api', 'dist', 'index.js'), port: config.API_PORT, prefix: '/v1' },
      { name: 'gateway', script: join(APPS_DIR, 'x402-gateway', 'dist', 'index.js'), port: config.GATEWAY_PORT, prefix: '/x402' },
      { name: 'portal', script: join(APPS_DIR, 'portal', 'dist', 'index.js'), port: config.PORTAL_PORT, prefix: '/portal' },
      { name: 'webhooks', script: join(APPS_DIR, 'webhook-worker', 'dist', 'index.js') },
    ].filter((a) => existsSync(a.script));
    for (const app of apps) supervisor.start({ name: app.name, script: app.script, env });
    const proxy = await startPublicProxy(
      config.PUBLIC_PORT,
      apps.flatMap((a) => (a.prefix ? [{ prefix: a.prefix, target: `http://127.0.0.1:${a.port}` }] : [])),
    );
    const ready = await waitReady(`http://127.0.0.1:${config.API_PORT}/readyz`);
    if (!ready) log('the api did not become ready in 60 s; see its log lines above');

    const base = `http://localhost:${config.PUBLIC_PORT}`;
    process.stdout.write(
      [
        '',
        `Legal Documents Data API is running at ${base}`,
        `  API:      ${base}/v1   (OpenAPI: ${base}/v1/openapi.json)`,
        `  x402:     ${base}/x402/legal/documents/{id}   (${config.X402_ENABLED ? 'enabled' : 'disabled; set X402_ENABLED=true to try it'})`,
        ...(apps.some((a) => a.name === 'portal') ? [`  Portal:   ${base}/portal`] : []),
        '',
        `Demo API key (scopes read, manage; shown once): ${demoKey.key}`,
        `  curl -H "Authorization: Bearer ${demoKey.key}" ${base}/v1/legal/documents/sb%2F2012%2F89`,
        '',
        'Press Ctrl+C to stop.',
        '',
      ].join('\n'),
    );

    const shutdown = async (code: number) => {
      if (shuttingDown) return;
      shuttingDown = true;
      log('stopping…');
      proxy.close();
      await supervisor.stopAll();
      if (embedded) {
        removeEmbeddedInfo();
        await embedded.stop();
      }
      process.exit(code);
    };
    process.on('SIGINT', () => void shutdown(0));
    process.on('SIGTERM', () => void shutdown(0));
    await new Promise(() => {}); // runs until a signal arrives
    return 0;
  },
};
