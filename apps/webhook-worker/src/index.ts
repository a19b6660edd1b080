import { createLogger, loadConfigOrExit, onShutdown, runMain } from '@dp/core';
import { applyMigrations, createDatabase } from '@dp/db';
import { createWorker } from './worker';

/** Entry point: node apps/webhook-worker/dist/index.js (DATABASE_URL, WEBHOOK_ALLOW_PRIVATE_TARGETS, LOG_LEVEL). */
async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger({ name: 'webhook-worker', level: config.LOG_LEVEL });
  const db = await createDatabase({ url: config.DATABASE_URL });
  await applyMigrations(db); // serialised by an advisory lock, so racing the api is fine
  const worker = createWorker({ db, config, logger });
  worker.start();

  // Attempts under way finish and are recorded; unstarted claims are released for other workers.
  onShutdown(logger, [() => worker.stop(), () => db.close()]);
}

runMain('webhook worker', main);
