import { createSharedState } from '@dp/core';
import { announce, DOCUMENTS_CHANGED, type Database } from '@dp/db';
import type { CliIo } from './command';

/**
 * Tells running api and gateway instances that documents changed (Redis when configured, and
 * PostgreSQL NOTIFY, which a running `start` hears without Redis), so they drop their cached
 * copies now rather than when their cache window ends. A failure is a warning: the data is written.
 */
export async function announceDocumentsChanged(io: CliIo, db: Database, count: number): Promise<void> {
  if (count === 0) return;
  const state = createSharedState(io.env.REDIS_URL, io.env.REDIS_KEY_PREFIX ?? 'dp:');
  try {
    await announce(state, db, DOCUMENTS_CHANGED, String(count));
  } catch (err) {
    io.stderr.write(
      `Warning: running instances were not told of the change (${err instanceof Error ? err.message : String(err)}); they serve it within 30 s.\n`,
    );
  } finally {
    await state.close();
  }
}
