import { closeServer, createHttpServer, createLogger, createSharedState, listen, loadConfigOrExit, onShutdown, runMain } from '@dp/core';
import { applyMigrations, createDatabase } from '@dp/db';
import { createApi } from './app';

/** Entry point: node apps/api/dist/index.js (DATABASE_URL, REDIS_URL, API_PORT, …). */
async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger({ name: 'api', level: config.LOG_LEVEL });
  const db = await createDatabase({ url: config.DATABASE_URL });
  await applyMigrations(db);
  const state = createSharedState(config.REDIS_URL, config.REDIS_KEY_PREFIX, logger);
  const api = createApi({ db, state, config, logger });
  const server = await listen(createHttpServer(api.app, logger), config.API_PORT, 'API_PORT');
  logger.info({ port: config.API_PORT, state: state.kind }, 'api listening');

  // Stop taking requests, let in-flight ones finish, then write the last usage counts.
  onShutdown(logger, [() => closeServer(server), () => api.close(), () => state.close(), () => db.close()]);
}

runMain('api', main);
