import { createDatabase, createScratchDatabase, type ScratchDatabase } from '@dp/db';
import { importTestRecords } from './corpus';
import type { TestRecordInput } from './records';
import {
  cloneTemplateDatabase,
  dropTestDatabase,
  nextTestDatabaseName,
  TEMPLATE_DATABASE_ENV,
  TEST_RUN_ENV,
  TEST_SESSION_SETTINGS,
} from './test-run';

export type TestDatabase = ScratchDatabase;

export interface TestDatabaseOptions {
  /** Records imported through the real importer before the database is handed over (`testRecord`). */
  records?: readonly TestRecordInput[];
  /**
   * A bulk job's database, as the CLI opens it for a sync or an import (no statement time limit,
   * so no liveness guard): what a long transaction on a loaded machine needs. Default: a service's.
   */
  bulk?: boolean;
}

/**
 * A fresh, migrated database for one test file, named for the run jest's global set-up started
 * (test-run.ts): a schema of its own on DATABASE_URL (the embedded server the set-up started when
 * it is unset) with every migration replayed, or a clone of the run's template (strategy `clone`).
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is unset: run tests through jest (its global set-up starts the embedded PostgreSQL)');
  const stem = process.env[TEST_RUN_ENV];
  const template = process.env[TEMPLATE_DATABASE_ENV];
  let db: TestDatabase;
  if (stem && template) {
    const clone = await cloneTemplateDatabase(url, template, nextTestDatabaseName(stem));
    const handle = await createDatabase({
      url: clone.url,
      sessionSettings: TEST_SESSION_SETTINGS,
      ...(options.bulk ? { queryTimeoutMs: 0 } : {}),
    }).catch(async (err: unknown) => {
      await dropTestDatabase(url, clone.name);
      throw err;
    });
    db = Object.assign(handle, {
      url: clone.url,
      destroy: async () => {
        await handle.close();
        await dropTestDatabase(url, clone.name);
      },
    });
  } else {
    // Outside a run (a script), a random schema name; inside, one the run's teardown finds.
    db = await createScratchDatabase({
      url,
      schema: stem ? nextTestDatabaseName(stem) : undefined,
      sessionSettings: TEST_SESSION_SETTINGS,
      ...(options.bulk ? { queryTimeoutMs: 0 } : {}),
    });
  }
  try {
    if (options.records?.length) await importTestRecords(db, options.records);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return db;
}
