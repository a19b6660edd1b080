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
  /** What the commands see: DATABASE_URL naming a schema of their own. */
  env: NodeJS.ProcessEnv;
  /** That schema, for the test's own checks. */
  pg: TestDatabase;
  dir: string;
  destroy(): Promise<void>;
}

export async function createCliTestEnv(prefix: string): Promise<CliTestEnv> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const pg = await createTestDatabase();
  return {
    env: { DATABASE_URL: pg.url },
    pg,
    dir,
    destroy: async () => {
      await pg.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
