import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './client';
import { DB_PACKAGE_ROOT } from './package-root';

/** packages/db/prisma/migrations, from src/, dist/ or dist-bench/src/ alike. */
export const MIGRATIONS_DIR = join(DB_PACKAGE_ROOT, 'prisma', 'migrations');

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, 'migration.sql')))
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      // Prisma's checksum is the sha256 hex of the file's bytes.
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

// Prisma Migrate's own bookkeeping table, column for column.
const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrateResult {
  applied: string[];
  alreadyApplied: string[];
}

/**
 * Applies pending migrations, each in its own transaction, recording them as Prisma does.
 * A database-wide advisory lock serialises concurrent migrators (several processes or test
 * workers starting at once); a changed, already-applied migration is refused.
 */
export async function applyMigrations(db: Database, migrations = readMigrations()): Promise<MigrateResult> {
  const result: MigrateResult = { applied: [], alreadyApplied: [] };
  return db.withSession(async (s) => {
    await s.exec('BEGIN');
    try {
      await s.exec('SELECT pg_advisory_xact_lock(7268123)');
      await s.exec(`CREATE SCHEMA IF NOT EXISTS "${db.schema}"`);
      await s.exec(CREATE_TABLE);
      const rows = await s.query<{ migration_name: string; checksum: string }>(
        'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
      );
      const done = new Map(rows.map((r) => [r.migration_name, r.checksum]));
      for (const m of migrations) {
        const checksum = done.get(m.name);
        if (checksum !== undefined) {
          if (checksum !== m.checksum) throw new Error(`migration ${m.name} was modified after it was applied`);
          result.alreadyApplied.push(m.name);
          continue;
        }
        await s.exec(m.sql);
        await s.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
         VALUES ($1, $2, $3, now(), now(), 1)`,
          [randomUUID(), m.checksum, m.name],
        );
        result.applied.push(m.name);
      }
      await s.exec('COMMIT');
    } catch (e) {
      await s.exec('ROLLBACK').catch(() => {});
      throw e;
    }
    return result;
  });
}
