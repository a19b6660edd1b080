import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMigrations, createDatabase, readMigrations, type Database } from '@dp/db';

export interface TestDatabase extends Database {
  /** Drops the test's schema (PostgreSQL) and closes the connections. */
  destroy(): Promise<void>;
  /** URL other processes can use to reach this database (PostgreSQL only). */
  url?: string;
}

function migrationsFingerprint(): string {
  const h = createHash('sha256');
  for (const m of readMigrations()) h.update(m.name).update(m.checksum);
  return h.digest('hex').slice(0, 16);
}

/**
 * A migrated PGlite, restored from a data-dir dump cached per migration set: booting and migrating
 * from scratch costs seconds, restoring a dump well under one.
 */
async function migratedPglite(): Promise<Database> {
  const dir = join(tmpdir(), 'dp-test-snapshots');
  const file = join(dir, `migrated-${migrationsFingerprint()}.tar`);
  if (existsSync(file)) {
    return createDatabase({ snapshot: new Blob([readFileSync(file)]) });
  }
  const db = await createDatabase();
  await applyMigrations(db);
  const dump = await db.pglite!.dumpDataDir('none');
  mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, file); // atomic: parallel workers never read half a file
  return db;
}

/**
 * A fresh, migrated database for one test file: its own schema on PostgreSQL (DATABASE_URL set),
 * its own in-memory PGlite otherwise.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await migratedPglite();
    return Object.assign(db, { destroy: () => db.close() });
  }
  const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const db = await createDatabase({ url, schema });
  await applyMigrations(db);
  const u = new URL(url);
  u.searchParams.set('schema', schema);
  return Object.assign(db, {
    url: u.toString(),
    destroy: async () => {
      await db.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
      await db.close();
    },
  });
}
