import { closeServer, createLogger, createMetrics, loadConfigOrExit, onShutdown, runMain, serveOperations } from '@dp/core';
import { applyMigrations, createDatabase, databaseCheck } from '@dp/db';
import { createWorker } from './worker';

/** Entry point: node apps/webhook-worker/dist/index.js (DATABASE_URL, WEBHOOK_ALLOW_PRIVATE_TARGETS, WEBHOOK_WORKER_PORT, LOG_LEVEL). */
async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger({ name: 'webhook-worker', level: config.LOG_LEVEL });
  const db = await createDatabase({ url: config.DATABASE_URL });
  await applyMigrations(db); // serialised by an advisory lock, so racing the api is fine
  const metrics = createMetrics('webhook-worker', { database: db });
  const worker = createWorker({ db, config, logger, metrics });
  worker.start();
  // The worker serves no HTTP of its own: a small port for the operator's paths only.
  const server = await serveOperations({
    port: config.WEBHOOK_WORKER_PORT,
    setting: 'WEBHOOK_WORKER_PORT',
    logger,
    metrics,
    checks: {
      database: () => databaseCheck(db),
      worker: () => {
        const s = worker.status();
        if (!s.running) return { status: 'down', reason: 'the delivery loop is not running' };
        return s.lastRoundError ? { status: 'degraded', last_round_error: s.lastRoundError } : { status: 'ok' };
      },
    },
  });
  logger.info({ port: config.WEBHOOK_WORKER_PORT }, 'webhook worker operations port listening');

  // Attempts under way finish and are recorded; unstarted claims are released for other workers.
  onShutdown(logger, [() => closeServer(server), () => worker.stop(), () => db.close()]);
}

runMain('webhook worker', main);
