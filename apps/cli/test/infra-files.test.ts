import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dockerignore from '@balena/dockerignore';
import { parse } from 'yaml';
import { clusterCaddyfile } from '../src/commands/cluster';

const INFRA = join(__dirname, '..', '..', '..', 'infra');

/** Caddy's own parser on a Caddyfile (Debian's caddy, which `npm test` installs). */
function adapt(caddyfile: string, env: Record<string, string> = {}): { status: number | null; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), 'dp-caddyfile-'));
  try {
    const file = join(dir, 'Caddyfile');
    writeFileSync(file, caddyfile);
    const r = spawnSync('caddy', ['adapt', '--config', file, '--adapter', 'caddyfile'], {
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });
    return { status: r.status, stderr: r.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('infra/: the deployment files', () => {
  it('compose.yaml brings up PostgreSQL, Redis, two api instances, every app and the follower, Caddy in front', () => {
    // Compose reads YAML merge keys (`<<: *app`), as yaml does with merge: true.
    const compose = parse(readFileSync(join(INFRA, 'compose.yaml'), 'utf8'), { merge: true }) as {
      services: Record<string, { command?: string[]; environment?: Record<string, string | null>; ports?: string[] }>;
    };
    expect(Object.keys(compose.services).sort()).toEqual(
      ['api-1', 'api-2', 'caddy', 'follower', 'mcp-http', 'portal', 'postgres', 'redis', 'webhook-worker', 'x402-gateway'].sort(),
    );
    for (const name of ['api-1', 'api-2', 'x402-gateway', 'portal', 'mcp-http', 'webhook-worker', 'follower']) {
      const service = compose.services[name];
      expect(service.environment).toMatchObject({
        NODE_ENV: 'production',
        DATABASE_URL: expect.any(String),
        REDIS_URL: expect.any(String),
      });
      expect(service.command?.[1]).toMatch(/^apps\/[a-z0-9-]+\/dist\/index\.js$/);
    }
    // The follower is the CLI's `follow` on its operations port; its upstream comes from the
    // operator's environment (a key without a value), unset meaning the public repository.
    expect(compose.services.follower.command).toEqual(['node', 'apps/cli/dist/index.js', 'follow']);
    expect(compose.services.follower.environment).toMatchObject({ FOLLOW_PORT: '3006', CORPUS_GIT_URL: null });
    expect(compose.services.caddy.ports).toEqual(['8080:8080']);
  });

  it("Caddy accepts infra/Caddyfile and the cluster's generated one", () => {
    expect(adapt(readFileSync(join(INFRA, 'Caddyfile'), 'utf8'), { SITE_ADDRESS: ':8080' })).toMatchObject({ status: 0 });
    const generated = clusterCaddyfile(8080, {
      api: ['http://127.0.0.1:4001', 'http://127.0.0.1:4002'],
      gateway: 'http://127.0.0.1:4003',
      portal: 'http://127.0.0.1:4004',
      mcp: 'http://127.0.0.1:4005',
    });
    expect(generated).toContain('reverse_proxy 127.0.0.1:4001 127.0.0.1:4002');
    expect(adapt(generated)).toMatchObject({ status: 0 });
  });

  it('the image is built from sources only: no secret, data directory, node_modules or .git enters the build context', () => {
    const root = join(INFRA, '..');
    const ignored = dockerignore().add(readFileSync(join(root, '.dockerignore'), 'utf8'));
    const secrets = [
      '.data/demo-key.json',
      '.data/secrets.json',
      '.data/postgres/base/1/1259',
      '.data/logs/api.log',
      'apps/cli/.data/secrets.json',
      '.env',
      '.env.production',
      'apps/api/.env',
      'infra/tls/server.key',
      'infra/tls/server.pem',
      'node_modules/pnpm/package.json',
      'apps/api/node_modules/express/package.json',
      'apps/api/dist/index.js',
      'packages/db/src/generated/kysely/types.ts',
      '.git/config',
      '.turbo/cache/x',
      'npm-debug.log',
    ];
    expect(secrets.filter((path) => !ignored.ignores(path))).toEqual([]);
    const sources = [
      'package.json',
      'pnpm-lock.yaml',
      'apps/api/src/index.ts',
      'packages/core/src/config.ts',
      'docs/openapi.yaml',
      'scripts/run.mjs',
    ];
    expect(sources.filter((path) => ignored.ignores(path))).toEqual([]);

    // The Dockerfile names what it copies (never the whole context), and each of those exists.
    const dockerfile = readFileSync(join(INFRA, 'Dockerfile'), 'utf8');
    const copies = [...dockerfile.matchAll(/^COPY\s+(.+)$/gm)].map(([, args]) => args.trim().split(/\s+/).slice(0, -1));
    expect(copies.length).toBeGreaterThan(0);
    for (const from of copies.flat()) {
      expect(from).not.toMatch(/^\.\/?$/);
      expect(existsSync(join(root, from))).toBe(true);
      expect(ignored.ignores(from)).toBe(false);
    }
  });
});
