import { createDatabase, createScratchDatabase, FIXTURE_CORPUS_PATH, importCorpusFile, type ScratchDatabase } from '@dp/db';
import { assertCleanImport, importTestRecords } from './corpus';
import type { TestRecordInput } from './records';
import { cloneTemplateDatabase, dropTestDatabase, TEMPLATE_DATABASE_ENV } from './template-database';

export type TestDatabase = ScratchDatabase;

export interface TestDatabaseOptions {
  /** Records imported through the real importer before the database is handed over (`testRecord`). */
  records?: readonly TestRecordInput[];
  /** Imports the fictional fixture corpus (packages/db/fixtures/corpus.jsonl) first. */
  fixtureCorpus?: boolean;
  queryTimeoutMs?: number;
}

/**
 * A fresh, migrated database for one test file: a clone of the run's template (jest's global
 * set-up migrates it once per run, on DATABASE_URL's server or the embedded one it started), or,
 * run outside jest's set-up, a schema of its own migrated here.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is unset: run tests through jest (its global set-up starts the embedded PostgreSQL)');
  const template = process.env[TEMPLATE_DATABASE_ENV];
  let db: TestDatabase;
  if (template) {
    const clone = await cloneTemplateDatabase(url, template);
    const handle = await createDatabase({ url: clone.url, queryTimeoutMs: options.queryTimeoutMs }).catch(async (err: unknown) => {
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
    db = await createScratchDatabase({ url, queryTimeoutMs: options.queryTimeoutMs });
  }
  try {
    if (options.fixtureCorpus) assertCleanImport(await importCorpusFile(db, FIXTURE_CORPUS_PATH), 'fixture corpus');
    if (options.records?.length) await importTestRecords(db, options.records);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return db;
}
