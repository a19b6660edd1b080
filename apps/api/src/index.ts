import { createSharedState, createLogger, loadConfigOrExit } from '@dp/core';
import { applyMigrations, createDatabase } from '@dp/db';
import { createApi } from './app';

/** Entry point: node apps/api/dist/index.js (DATABASE_URL, REDIS_URL, API_PORT, …). */
async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger({ name: 'api', level: config.LOG_LEVEL });
  const db = await createDatabase({ url: config.DATABASE_URL, dataDir: config.PGLITE_DATA_DIR });
  await applyMigrations(db);
  const state = createSharedState(config.REDIS_URL, config.REDIS_KEY_PREFIX);
  const api = createApi({ db, state, config, logger });
  const server = api.app.listen(config.API_PORT, () => logger.info({ port: config.API_PORT, storage: db.kind, state: state.kind }, 'api listening'));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Stop taking requests, let in-flight ones finish, then write the last usage counts.
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await api.close();
    await state.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`api failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
