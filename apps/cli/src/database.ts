import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { applyMigrations, createDatabase, type Database } from '@dp/db';

/** Where `start` keeps its embedded database and tells other processes how to reach it. */
export const DATA_DIR = process.env.DATA_DIR ?? join(process.cwd(), '.data');
export const PGLITE_DIR = process.env.PGLITE_DATA_DIR ?? join(DATA_DIR, 'pglite');
export const EMBEDDED_INFO_FILE = join(DATA_DIR, 'embedded-db.json');

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

/** The URL of the embedded server a running `start` serves, if one is up. */
export async function runningEmbeddedUrl(): Promise<string | undefined> {
  if (!existsSync(EMBEDDED_INFO_FILE)) return undefined;
  try {
    const info = JSON.parse(readFileSync(EMBEDDED_INFO_FILE, 'utf8')) as { url: string; port: number };
    return (await reachable(info.port)) ? info.url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The database a CLI command works on: DATABASE_URL; else the embedded server of a running
 * `start` (a PGlite data directory belongs to one process, so we must not open it beside it);
 * else the data directory itself.
 */
export async function openCliDatabase(env: NodeJS.ProcessEnv = process.env): Promise<Database> {
  const url = env.DATABASE_URL || (env.PGLITE_DATA_DIR ? undefined : await runningEmbeddedUrl());
  const db = url ? await createDatabase({ url }) : await createDatabase({ dataDir: env.PGLITE_DATA_DIR || PGLITE_DIR });
  await applyMigrations(db);
  return db;
}
