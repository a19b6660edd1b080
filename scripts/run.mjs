#!/usr/bin/env node
// The README's two commands end here: `npm start` and `npm test` on a machine with only Node 20
// and npm. It installs pnpm (pinned by package.json's packageManager) if it is missing, installs
// the workspace, builds it, then starts the product, runs every test, or (`check`, for CI) runs
// the code-health checks: typecheck, lint, format:check.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv[2] ?? 'setup';
const passthrough = process.argv.slice(3);
const pnpmVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (r.error) return { ok: false, error: r.error };
  return { ok: r.status === 0, status: r.status ?? 1 };
}

function step(title) {
  process.stdout.write(`\n▶ ${title}\n`);
}

function pnpmCommand() {
  const local = join(root, '.tools', 'node_modules', '.bin', 'pnpm');
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim() === pnpmVersion) return 'pnpm';
  if (existsSync(local)) return local;
  step(`Installing pnpm ${pnpmVersion} with npm`);
  // corepack's signature check fails on some machines, so npm installs pnpm itself.
  if (run('npm', ['install', '-g', `pnpm@${pnpmVersion}`, '--no-audit', '--no-fund']).ok) return 'pnpm';
  process.stdout.write('Global install not permitted; installing pnpm into .tools/ instead.\n');
  if (!run('npm', ['install', '--prefix', join(root, '.tools'), `pnpm@${pnpmVersion}`, '--no-audit', '--no-fund']).ok) {
    process.stderr.write('Could not install pnpm with npm.\n');
    process.exit(1);
  }
  return local;
}

/**
 * Debian packages the tests drive as users meet them: Chromium for the browser tests (no browser
 * download is possible here; they drive its headless shell, the full browser when only that is
 * installed) and Caddy for the cluster test's front (without it that test uses the
 * product's own proxy). Installed with apt-get when missing and we may; otherwise the tests say
 * what to install.
 */
function ensureDebianPackages() {
  const missing = [
    ['/usr/bin/chromium', 'chromium'],
    ['/usr/bin/chromium-headless-shell', 'chromium-headless-shell'],
    ['/usr/bin/caddy', 'caddy'],
  ].filter(([file]) => !existsSync(file));
  if (missing.length === 0) return;
  const names = missing.map(([, name]) => name);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    process.stdout.write(
      `Note: Debian's ${names.join(' and ')} package${names.length > 1 ? 's are' : ' is'} missing; install for the browser and cluster tests.\n`,
    );
    return;
  }
  step(`Installing ${names.join(' and ')} (Debian packages) for the browser and cluster tests`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], { env });
}

/**
 * The ports `start` listens on, from the settings' defaults in the config's one schema (read as
 * text: nothing is built yet) or the environment. Checked before the install and the build, so a
 * busy port costs seconds, not the minutes of a first build. The embedded database's port left
 * unset is not checked: `start` takes a free one when its default is busy.
 */
function portsStartNeeds(env = process.env) {
  const source = readFileSync(join(root, 'packages', 'core', 'src', 'config.ts'), 'utf8');
  const defaults = Object.fromEntries(
    [...source.matchAll(/^\s+(\w+_PORT): port\((\d+)\)/gm)].map(([, name, port]) => [name, Number(port)]),
  );
  const settings = ['PUBLIC_PORT', 'API_PORT', 'GATEWAY_PORT', 'PORTAL_PORT', 'MCP_HTTP_PORT', 'WEBHOOK_WORKER_PORT'];
  if (env.CORPUS_GIT_URL) settings.push('FOLLOW_PORT');
  const ports = settings.map((setting) => ({ setting, port: Number(env[setting] || defaults[setting]) }));
  if (!env.DATABASE_URL && env.EMBEDDED_DB_PORT)
    ports.push({ setting: 'EMBEDDED_DB_PORT', port: Number(env.EMBEDDED_DB_PORT), host: '127.0.0.1' });
  return ports;
}

function portBusy({ port, host }) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (err) => resolve(err.code ?? 'error'));
    probe.listen(port, host, () => probe.close(() => resolve(undefined)));
  });
}

if (mode === 'start') {
  for (const p of portsStartNeeds()) {
    const why = await portBusy(p);
    if (why) {
      const what = why === 'EADDRINUSE' ? 'is in use' : `cannot be listened on (${why})`;
      process.stderr.write(`start failed: port ${p.port} ${what}: set ${p.setting} to a free port\n`);
      process.exit(1);
    }
  }
}

const pnpm = pnpmCommand();
step('Installing dependencies (pnpm install)');
if (!run(pnpm, ['install', '--frozen-lockfile']).ok) process.exit(1);
step('Generating the Prisma client and building every package (turbo; the first build takes minutes, later ones reuse it)');
// A line per package as turbo takes it up (`cache miss, executing` while it builds, `cache hit` when
// reused), and the output of what it builds, errors included, so a long first build is not silent.
if (!run(pnpm, ['exec', 'turbo', 'run', 'build', '--output-logs=new-only']).ok) process.exit(1);

if (mode === 'start') {
  step('Starting the product on the embedded defaults');
  const r = run(process.execPath, [join(root, 'apps', 'cli', 'dist', 'index.js'), 'start', ...passthrough]);
  process.exit(r.ok ? 0 : (r.status ?? 1));
} else if (mode === 'test') {
  ensureDebianPackages();
  const backends = process.env.DATABASE_URL
    ? `PostgreSQL + ${process.env.REDIS_URL ? 'Redis' : 'in-process state'}`
    : 'embedded PostgreSQL + in-process state';
  step(`Running every test (${backends})`);
  const r = run(pnpm, ['run', 'test:only', ...passthrough]);
  process.exit(r.ok ? 0 : (r.status ?? 1));
} else if (mode === 'check') {
  // All three run, so one report shows every kind of failure.
  const failed = [];
  for (const script of ['typecheck', 'lint', 'format:check']) {
    step(`pnpm ${script}`);
    if (!run(pnpm, ['run', script]).ok) failed.push(script);
  }
  if (failed.length) process.stderr.write(`\nFailed: ${failed.join(', ')}\n`);
  process.exit(failed.length ? 1 : 0);
}
