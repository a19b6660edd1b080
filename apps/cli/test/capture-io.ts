import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@dp/testing';
import type { CliIo } from '../src/command';

/** A CliIo that records what a command writes, with the environment a test gives it. */
export function captureIo(env: NodeJS.ProcessEnv): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: { write: (s: string) => (out += s), isTTY: false },
    stderr: { write: (s: string) => (err += s) },
    env,
    out: () => out,
    err: () => err,
  };
}

export interface CliTestEnv {
  /** What the commands see: their own schema on PostgreSQL, or their own PGlite data directory. */
  env: NodeJS.ProcessEnv;
  /** The PostgreSQL test database, when the suite runs on PostgreSQL. */
  pg?: TestDatabase;
  dir: string;
  destroy(): Promise<void>;
}

export async function createCliTestEnv(prefix: string): Promise<CliTestEnv> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const pg = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  return {
    env: pg ? { DATABASE_URL: pg.url } : { PGLITE_DATA_DIR: join(dir, 'pglite') },
    pg,
    dir,
    destroy: async () => {
      await pg?.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
