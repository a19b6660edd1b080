import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { applyMigrations, createDatabase, startEmbeddedServer, type Database } from '@dp/db';

/** Where `start` keeps its embedded database and tells other processes how to reach it. */
export const DATA_DIR = process.env.DATA_DIR ?? join(process.cwd(), '.data');
export const EMBEDDED_DIR = join(DATA_DIR, 'postgres');
export const EMBEDDED_INFO_FILE = join(DATA_DIR, 'embedded-db.json');

interface EmbeddedInfo {
  url: string;
  port: number;
  /** The process that started the server and stops it (a running `start`). */
  pid: number;
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
  } catch {
    return false;
  }
}

/** Tells other processes (the CLI) how to reach the embedded server this process runs. */
export function writeEmbeddedInfo(info: EmbeddedInfo): void {
  const tmp = `${EMBEDDED_INFO_FILE}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(info), { mode: 0o600 });
  renameSync(tmp, EMBEDDED_INFO_FILE);
}

export function removeEmbeddedInfo(): void {
  rmSync(EMBEDDED_INFO_FILE, { force: true });
}

/** The URL of the embedded server a running `start` serves, if one is up. */
export async function runningEmbeddedUrl(): Promise<string | undefined> {
  if (!existsSync(EMBEDDED_INFO_FILE)) return undefined;
  try {
    const info = JSON.parse(readFileSync(EMBEDDED_INFO_FILE, 'utf8')) as EmbeddedInfo;
    return alive(info.pid) && (await reachable(info.port)) ? info.url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The database a CLI command works on: DATABASE_URL; else the embedded server of a running
 * `start`; else the embedded server of the data directory, started for this command and stopped
 * when its database is closed. Bulk commands: no statement time limit.
 */
export async function openCliDatabase(env: NodeJS.ProcessEnv = process.env): Promise<Database> {
  const url = env.DATABASE_URL || (await runningEmbeddedUrl());
  if (url) {
    const db = await createDatabase({ url, queryTimeoutMs: 0 });
    await applyMigrations(db);
    return db;
  }
  const server = await startEmbeddedServer({ dataDir: EMBEDDED_DIR });
  try {
    const db = await createDatabase({ url: server.url, queryTimeoutMs: 0 });
    await applyMigrations(db);
    return Object.assign(db, {
      close: async () => {
        await db.close();
        await server.stop();
      },
    });
  } catch (err) {
    await server.stop();
    throw err;
  }
}
