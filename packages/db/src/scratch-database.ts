import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type Database, type DatabaseOptions } from './client';
import { startEmbeddedServer } from './embedded-server';
import { applyMigrations } from './migrate';

export interface ScratchDatabase extends Database {
  /** URL other processes can use to reach it (its schema selected). */
  readonly url: string;
  /** Drops it (the schema, or the whole throwaway server) and closes the connections. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database that is thrown away afterwards (tests, benchmarks, the search
 * evaluation): a schema of its own on `url`, or, without one, a throwaway embedded PostgreSQL.
 */
export async function createScratchDatabase(
  options: {
    url?: string;
    queryTimeoutMs?: number;
    /** The schema's name (default: a random `t_…`). */ schema?: string;
    sessionSettings?: DatabaseOptions['sessionSettings'];
  } = {},
): Promise<ScratchDatabase> {
  let url = options.url;
  let cleanUp = async () => {};
  if (!url) {
    const dataDir = mkdtempSync(join(tmpdir(), 'dp-scratch-pg-'));
    const server = await startEmbeddedServer({ dataDir });
    url = server.url;
    cleanUp = async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const schema = options.schema ?? `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const db = await createDatabase({ url, schema, queryTimeoutMs: options.queryTimeoutMs, sessionSettings: options.sessionSettings });
  try {
    // Without IF NOT EXISTS: a scratch schema is new, never one left behind with another's rows.
    await db.exec(`CREATE SCHEMA "${schema}"`);
    await applyMigrations(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  const withSchema = new URL(url);
  withSchema.searchParams.set('schema', schema);
  return Object.assign(db, {
    url: withSchema.toString(),
    destroy: async () => {
      await db.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
      await db.close();
      await cleanUp();
    },
  });
}
