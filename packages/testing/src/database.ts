import { createScratchDatabase, type ScratchDatabase } from '@dp/db';

export type TestDatabase = ScratchDatabase;

/**
 * A fresh, migrated database for one test file: its own schema on the run's PostgreSQL
 * (DATABASE_URL, or the embedded server jest's global set-up started when it is unset).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is unset: run tests through jest (its global set-up starts the embedded PostgreSQL)');
  return createScratchDatabase({ url });
}
