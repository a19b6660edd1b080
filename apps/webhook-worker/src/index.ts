import { createLogger, loadConfigOrExit } from '@dp/core';
import { applyMigrations, createDatabase } from '@dp/db';
import { createWorker } from './worker';

/** Entry point: node apps/webhook-worker/dist/index.js (DATABASE_URL, NODE_ENV, LOG_LEVEL). */
async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger({ name: 'webhook-worker', level: config.LOG_LEVEL });
  const db = await createDatabase({ url: config.DATABASE_URL, dataDir: config.PGLITE_DATA_DIR });
  await applyMigrations(db); // serialised by an advisory lock, so racing the api is fine
  const worker = createWorker({ db, config, logger });
  worker.start();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Attempts under way finish and are recorded; unstarted claims are released for other workers.
    await worker.stop();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`webhook worker failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
