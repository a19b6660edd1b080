import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { assertPortFree, loadConfigOrExit } from '@dp/core';
import { applyMigrations, createDatabase } from '@dp/db';
import { UsageError, type Command } from '../command';
import { dataPaths, ensureDataDir } from '../database';
import { startPublicProxy, type Route } from '../start/public-proxy';
import { localSecrets } from '../start/secrets';
import { exitLine, Supervisor } from '../start/supervisor';
import { waitReady } from '../start/wait-ready';

const APPS_DIR = join(__dirname, '..', '..', '..');

interface Member {
  name: string;
  script: string;
  /** Arguments after the script (the CLI's `follow`). */
  args?: string[];
  port?: number;
  readyPath?: string;
  env?: NodeJS.ProcessEnv;
}

/** What the front routes where: the same table for Caddy and for the product's own proxy. */
export interface FrontRoutes {
  api: string[];
  gateway: string;
  portal: string;
  mcp: string;
}

/**
 * The Caddyfile of the front for this machine: the public routes of infra/Caddyfile over plain
 * HTTP on one port, the api instances balanced round robin with their readiness as health check.
 * `/internal/*` and `/metrics` are never routed.
 */
export function clusterCaddyfile(publicPort: number, routes: FrontRoutes): string {
  const api = routes.api.map((u) => new URL(u).host).join(' ');
  const balanced = `reverse_proxy ${api} {
			lb_policy round_robin
			lb_try_duration 2s
			health_uri /readyz
			health_interval 2s
		}`;
  return `{
	admin off
	auto_https off
}

http://:${publicPort} {
	handle /internal/* {
		respond 404
	}
	handle /metrics {
		respond 404
	}
	@api path /v1 /v1/* /docs /docs/* / /livez /readyz
	handle @api {
		${balanced}
	}
	handle /x402/* {
		reverse_proxy ${new URL(routes.gateway).host}
	}
	@portal path /portal /portal/*
	handle @portal {
		reverse_proxy ${new URL(routes.portal).host}
	}
	handle /mcp {
		reverse_proxy ${new URL(routes.mcp).host}
	}
	handle {
		respond 404
	}
}
`;
}

function frontRoutesForProxy(routes: FrontRoutes): Route[] {
  return [
    { prefix: '/v1', target: routes.api },
    { prefix: '/docs', target: routes.api },
    { prefix: '/', target: routes.api, exact: true },
    { prefix: '/x402', target: routes.gateway },
    { prefix: '/portal', target: routes.portal },
    { prefix: '/mcp', target: routes.mcp },
  ];
}

/** Whether a port can be bound on loopback right now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * Distinct free ports below Linux's ephemeral range (32768 and up): a port the kernel handed out
 * for binding to 0 may be taken again by any outgoing connection before the app binds it, while
 * ports below that range are only ever taken on purpose.
 */
async function clusterPorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (!ports.includes(port) && (await bindable(port))) ports.push(port);
  }
  return ports;
}

function caddyOnPath(): boolean {
  return spawnSync('sh', ['-c', 'command -v caddy'], { stdio: 'ignore' }).status === 0;
}

function parseInstances(args: string[], env: NodeJS.ProcessEnv): number {
  const i = args.indexOf('--instances');
  const raw = i >= 0 ? args[i + 1] : (env.API_INSTANCES ?? '2');
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new UsageError(`--instances must be a whole number from 1 to 16, not ${raw}`);
  return n;
}

/**
 * The production layout on one machine, without containers (infra/README.md): migrations once,
 * several api instances, the gateway, the portal, mcp-http, the webhook worker and (with
 * CORPUS_GIT_URL) the upstream follower as processes, and Caddy in front (Debian's package; the product's own proxy where it is absent). The
 * instances share PostgreSQL and, with REDIS_URL, Redis: limits, idempotency, revocations and the
 * webhook outbox hold across them.
 */
export const cluster: Command = {
  description:
    'Run the production layout on this machine: N api instances, gateway, portal, mcp-http, webhook worker, the upstream follower (with CORPUS_GIT_URL), Caddy in front.',
  usage: 'cluster [--instances N] [--front caddy|node]',
  async run(args, io): Promise<number> {
    const instances = parseInstances(args, io.env);
    const frontArg = args.includes('--front') ? args[args.indexOf('--front') + 1] : (io.env.CLUSTER_FRONT ?? 'auto');
    if (!['auto', 'caddy', 'node'].includes(frontArg)) throw new UsageError(`--front must be caddy or node, not ${frontArg}`);
    const databaseUrl = io.env.DATABASE_URL;
    if (!databaseUrl)
      throw new UsageError('cluster needs DATABASE_URL: its instances share one PostgreSQL (use `start` for the embedded default)');
    const useCaddy = frontArg === 'caddy' || (frontArg === 'auto' && caddyOnPath());
    if (frontArg === 'caddy' && !caddyOnPath()) throw new UsageError('--front caddy: no caddy on PATH (apt-get install caddy)');

    const config = loadConfigOrExit();
    const paths = dataPaths(io.env);
    ensureDataDir(paths);
    const log = (msg: string) => io.stdout.write(`[cluster] ${msg}\n`);

    const db = await createDatabase({ url: databaseUrl, queryTimeoutMs: 0 });
    try {
      await applyMigrations(db);
    } finally {
      await db.close();
    }

    await assertPortFree(config.PUBLIC_PORT, 'PUBLIC_PORT');
    const ports = await clusterPorts(instances + 6);
    const apiPorts = ports.slice(0, instances);
    const [gatewayPort, portalPort, mcpPort, internalPort, workerPort, followPort] = ports.slice(instances);
    const local = (port: number) => `http://127.0.0.1:${port}`;
    const routes: FrontRoutes = { api: apiPorts.map(local), gateway: local(gatewayPort), portal: local(portalPort), mcp: local(mcpPort) };

    const secrets = localSecrets(paths.dataDir);
    const env: NodeJS.ProcessEnv = {
      ...io.env,
      NODE_ENV: io.env.NODE_ENV ?? 'production',
      DATA_DIR: paths.dataDir,
      DATABASE_URL: databaseUrl,
      INTERNAL_API_SECRET: io.env.INTERNAL_API_SECRET ?? secrets.internal,
      SESSION_SECRET: io.env.SESSION_SECRET ?? secrets.session,
      PUBLIC_BASE_URL: io.env.PUBLIC_BASE_URL ?? `http://localhost:${config.PUBLIC_PORT}`,
      // The gateway and mcp-http reach the api through the private balancer, never the public port.
      INTERNAL_API_URL: local(internalPort),
      MCP_API_URL: local(internalPort),
      GATEWAY_PORT: String(gatewayPort),
      PORTAL_PORT: String(portalPort),
      MCP_HTTP_PORT: String(mcpPort),
    };
    const members: Member[] = [
      ...apiPorts.map((port, i) => ({
        name: `api-${i + 1}`,
        script: join(APPS_DIR, 'api', 'dist', 'index.js'),
        port,
        readyPath: '/readyz',
        env: { API_PORT: String(port) },
      })),
      { name: 'gateway', script: join(APPS_DIR, 'x402-gateway', 'dist', 'index.js'), port: gatewayPort, readyPath: '/readyz' },
      { name: 'portal', script: join(APPS_DIR, 'portal', 'dist', 'index.js'), port: portalPort, readyPath: '/readyz' },
      { name: 'mcp-http', script: join(APPS_DIR, 'mcp-http', 'dist', 'index.js'), port: mcpPort, readyPath: '/readyz' },
      {
        name: 'webhooks',
        script: join(APPS_DIR, 'webhook-worker', 'dist', 'index.js'),
        port: workerPort,
        readyPath: '/readyz',
        env: { WEBHOOK_WORKER_PORT: String(workerPort) },
      },
      // The upstream follower when CORPUS_GIT_URL names the repository to follow (as under `start`:
      // its default upstream is a network fetch of the whole collection, so it is asked for).
      ...(io.env.CORPUS_GIT_URL
        ? [
            {
              name: 'follower',
              script: join(__dirname, '..', 'index.js'),
              args: ['follow'],
              port: followPort,
              readyPath: '/readyz',
              env: { FOLLOW_PORT: String(followPort) },
            },
          ]
        : []),
    ].filter((m) => existsSync(m.script));

    // The private balancer: every path (prefix '') to the api instances, on loopback only.
    const internal = await startPublicProxy(internalPort, [{ prefix: '', target: routes.api }], undefined, [], '127.0.0.1');
    let stopping = false;
    let front: Server | undefined;
    let caddy: ChildProcess | undefined;
    // As start's: an exit before the cluster is up fails it; after, the app is restarted with backoff.
    const supervisor = new Supervisor(
      (event) => {
        io.stdout.write(`${exitLine(event, config.LOG_FORMAT, 'cluster')}\n`);
        if (!event.restart) void shutdown(1);
      },
      { logDir: join(paths.dataDir, 'logs', 'cluster'), out: (line) => io.stdout.write(`${line}\n`) },
    );
    const shutdown = async (code: number) => {
      if (stopping) return;
      stopping = true;
      front?.close();
      internal.close();
      caddy?.kill('SIGTERM');
      await supervisor.stopAll();
      process.exit(code);
    };
    process.on('SIGINT', () => void shutdown(0));
    process.on('SIGTERM', () => void shutdown(0));

    for (const m of members) supervisor.start({ name: m.name, script: m.script, args: m.args, env: { ...env, ...m.env } });

    if (useCaddy) {
      const dir = join(paths.dataDir, 'cluster');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, 'Caddyfile');
      writeFileSync(`${file}.tmp`, clusterCaddyfile(config.PUBLIC_PORT, routes));
      renameSync(`${file}.tmp`, file);
      caddy = spawn('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...io.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      });
      let caddyErr = '';
      caddy.stderr?.on('data', (d: Buffer) => (caddyErr = (caddyErr + d.toString()).slice(-4000)));
      caddy.on('exit', (code) => {
        if (!stopping) {
          log(`caddy exited (code ${code}): ${caddyErr.trim().split('\n').pop() ?? ''}`);
          void shutdown(1);
        }
      });
    } else {
      front = await startPublicProxy(
        config.PUBLIC_PORT,
        frontRoutesForProxy(routes),
        undefined,
        members.flatMap((m) => (m.readyPath && m.port ? [{ name: m.name, url: `${local(m.port)}${m.readyPath}` }] : [])),
        undefined,
        config.CLIENT_REQUESTS_PER_MINUTE,
      );
    }

    const ready = await Promise.all(
      members.map(async (m) => (m.readyPath ? waitReady(`${local(m.port!)}${m.readyPath}`) : supervisor.running(m.name))),
    );
    const notReady = members.filter((_, i) => !ready[i]).map((m) => m.name);
    if (notReady.length) {
      log(`${notReady.join(', ')} did not become ready in 60 s: see ${join(paths.dataDir, 'logs', 'cluster')}`);
      await shutdown(1);
      return 1;
    }
    if (!(await waitReady(`http://127.0.0.1:${config.PUBLIC_PORT}/readyz`))) {
      log('the front did not answer /readyz');
      await shutdown(1);
      return 1;
    }
    io.stdout.write(
      [
        '',
        `Cluster running at http://localhost:${config.PUBLIC_PORT} (front: ${useCaddy ? 'Caddy' : 'the product proxy'}; ${instances} api instance${instances > 1 ? 's' : ''}; ${io.env.REDIS_URL ? 'Redis' : 'no Redis: rate limits are per instance'})`,
        ...members.map((m) => `  ${m.name.padEnd(9)} ${m.port ? local(m.port) : '(no port)'}  (pid ${supervisor.pid(m.name) ?? '-'})`),
        '',
      ].join('\n'),
    );
    supervisor.supervise();
    // Runs until a signal (shutdown exits the process).
    await new Promise(() => {});
    return 0;
  },
};
