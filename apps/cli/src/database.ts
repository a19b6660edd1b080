import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { connect } from 'node:net';
import { totalmem } from 'node:os';
import { join } from 'node:path';
import { applyMigrations, createDatabase, startEmbeddedServer, type Database } from '@dp/db';

const MB = 1024 * 1024;

/**
 * The embedded server's buffer cache: a quarter of the machine's memory, at most 2 GB and at least
 * PostgreSQL's own default. At the default the provision search copies most of its pages from the
 * OS cache on every query (docs/operations.md); a quarter leaves the rest to the apps and the OS.
 * For `start` and the CLI commands, not the test kit's throwaway clusters.
 */
export function embeddedSharedBuffers(totalBytes: number = machineMemory()): string {
  const mb = Math.floor(totalBytes / 4 / MB);
  return `${Math.min(2048, Math.max(128, mb))}MB`;
}

/**
 * The memory this process may use: the machine's, or less under a container's limit (cgroups;
 * `process.constrainedMemory` reports none as 0, undefined or a huge number).
 */
export function machineMemory(total: number = totalmem(), constrained: number | undefined = process.constrainedMemory?.()): number {
  return constrained && constrained > 0 && constrained < total ? constrained : total;
}

/** Where `start` keeps its embedded database and tells other processes how to reach it. */
export interface DataPaths {
  dataDir: string;
  embeddedDir: string;
  /** The data directory's owner: who runs the embedded server on it, and its URL once it is up. */
  ownerFile: string;
  /** Whether DATA_DIR was set (then it must exist; the default `.data` is created on demand). */
  explicit: boolean;
}

export function dataPaths(env: NodeJS.ProcessEnv = process.env): DataPaths {
  const dataDir = env.DATA_DIR || join(process.cwd(), '.data');
  return { dataDir, embeddedDir: join(dataDir, 'postgres'), ownerFile: join(dataDir, 'embedded-db.json'), explicit: Boolean(env.DATA_DIR) };
}

/** Raised when the data directory cannot be used; `message` says what to change. */
export class DataDirError extends Error {
  override name = 'DataDirError';
}

export interface DataDirOwner {
  pid: number;
  /** `start` serves the server for everyone; a CLI command only for itself, until it ends. */
  owner: 'start' | 'cli';
  url?: string;
  port?: number;
}

function reachable(port: number, host = '127.0.0.1', timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates the data directory when it may be created, and says clearly when it cannot be used. */
export function ensureDataDir(paths: DataPaths): void {
  if (!existsSync(paths.dataDir)) {
    if (paths.explicit)
      throw new DataDirError(
        `the data directory ${paths.dataDir} (DATA_DIR) does not exist: create it or point DATA_DIR at an existing directory`,
      );
    try {
      mkdirSync(paths.dataDir, { recursive: true });
    } catch (err) {
      throw new DataDirError(
        `cannot create the data directory ${paths.dataDir} (${(err as NodeJS.ErrnoException).code}): set DATA_DIR to a writable directory`,
      );
    }
  }
  if (!statSync(paths.dataDir).isDirectory()) throw new DataDirError(`${paths.dataDir} is not a directory: set DATA_DIR to a directory`);
  try {
    accessSync(paths.dataDir, constants.W_OK | constants.X_OK);
  } catch {
    throw new DataDirError(
      `the data directory ${paths.dataDir} is not writable: fix its permissions or set DATA_DIR to a writable directory`,
    );
  }
}

function readOwner(file: string): DataDirOwner | undefined {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as DataDirOwner;
    return Number.isInteger(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
}

/** Replaces the owner file atomically (readers never see half a file). */
function writeOwner(file: string, info: DataDirOwner): void {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, JSON.stringify(info));
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

export interface DataDirLock {
  /** Records the server's URL, so CLI commands can use a running `start`'s server. */
  publish(url: string, port: number): void;
  release(): void;
}

/**
 * Takes the data directory for this process, or returns the live process that holds it. Creating
 * the owner file exclusively is the lock: only its holder starts (or stops) a server on the
 * directory, so a CLI command never kills the server of a live `start`, and two processes never
 * start one on the same directory. The file of a process that died is taken over.
 */
export function tryLockDataDir(paths: DataPaths, owner: DataDirOwner['owner']): DataDirLock | DataDirOwner {
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(paths.ownerFile, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new DataDirError(
          `cannot write in the data directory ${paths.dataDir} (${(err as NodeJS.ErrnoException).code}): set DATA_DIR to a writable directory`,
        );
      }
      const holder = readOwner(paths.ownerFile);
      if (holder && holder.pid !== process.pid && alive(holder.pid)) return holder;
      // A file half written this instant has no pid yet: only a dead holder's file is removed.
      const written = statSync(paths.ownerFile, { throwIfNoEntry: false });
      if (!holder && written && Date.now() - written.mtimeMs < 2_000) return { pid: 0, owner: 'cli' };
      rmSync(paths.ownerFile, { force: true });
      continue;
    }
    try {
      writeSync(fd, JSON.stringify({ pid: process.pid, owner }));
    } finally {
      closeSync(fd);
    }
    let released = false;
    return {
      publish: (url, port) => writeOwner(paths.ownerFile, { pid: process.pid, owner, url, port }),
      release: () => {
        if (released) return;
        released = true;
        if (readOwner(paths.ownerFile)?.pid === process.pid) rmSync(paths.ownerFile, { force: true });
      },
    };
  }
  throw new DataDirError(`could not take the data directory ${paths.dataDir}: remove ${paths.ownerFile} if no 'start' runs`);
}

const isLock = (v: DataDirLock | DataDirOwner): v is DataDirLock => 'release' in v;

/** The URL of the embedded server a running `start` serves, if one is up. */
export async function runningEmbeddedUrl(paths: DataPaths = dataPaths()): Promise<string | undefined> {
  const info = existsSync(paths.ownerFile) ? readOwner(paths.ownerFile) : undefined;
  if (!info || info.owner !== 'start' || !info.url || !info.port || !alive(info.pid)) return undefined;
  return (await reachable(info.port)) ? info.url : undefined;
}

async function migrated(url: string): Promise<Database> {
  const db = await createDatabase({ url, queryTimeoutMs: 0 });
  try {
    await applyMigrations(db);
    return db;
  } catch (err) {
    await db.close();
    throw err;
  }
}

/**
 * The database a CLI command works on: DATABASE_URL; else the embedded server of a running
 * `start`; else the embedded server of the data directory, started for this command and stopped
 * when its database is closed (while another command or a starting `start` holds the directory,
 * it waits). Bulk commands: no statement time limit.
 */
export async function openCliDatabase(env: NodeJS.ProcessEnv = process.env, waitMs = 60_000): Promise<Database> {
  if (env.DATABASE_URL) return migrated(env.DATABASE_URL);
  const paths = dataPaths(env);
  ensureDataDir(paths);
  const until = Date.now() + waitMs;
  for (;;) {
    const taken = tryLockDataDir(paths, 'cli');
    if (isLock(taken)) {
      try {
        const server = await startEmbeddedServer({ dataDir: paths.embeddedDir, settings: { shared_buffers: embeddedSharedBuffers() } });
        taken.publish(server.url, server.port);
        try {
          const db = await migrated(server.url);
          // Object.assign replaces db.close itself: keep the pool's own close to call.
          const closePool = db.close.bind(db);
          return Object.assign(db, {
            close: async () => {
              await closePool();
              await server.stop();
              taken.release();
            },
          });
        } catch (err) {
          await server.stop();
          throw err;
        }
      } catch (err) {
        taken.release();
        throw err;
      }
    }
    if (taken.owner === 'start' && taken.url && taken.port && (await reachable(taken.port))) return migrated(taken.url);
    if (Date.now() > until) {
      const who = taken.owner === 'start' ? `a 'start' (pid ${taken.pid}) that is not serving yet` : `another command (pid ${taken.pid})`;
      throw new DataDirError(`the data directory ${paths.dataDir} is held by ${who}: try again when it is up or has finished`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export { isLock };
