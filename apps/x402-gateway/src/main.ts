import type { Server } from 'node:http';
import { closeServer, createHttpServer, createLogger, createSharedState, listen, loadConfigOrExit, onShutdown, runMain } from '@dp/core';
import { applyMigrations, createDatabase } from '@dp/db';
import { createGateway } from './app';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger({ name: 'x402-gateway', level: config.LOG_LEVEL });
  const db = await createDatabase({ url: config.DATABASE_URL });
  await applyMigrations(db); // serialised by an advisory lock, so starting beside the api is fine
  const state = createSharedState(config.REDIS_URL, config.REDIS_KEY_PREFIX, logger);
  const gateway = createGateway({ db, state, config, logger });

  const server: Server = await listen(createHttpServer(gateway.app, logger), config.GATEWAY_PORT, 'GATEWAY_PORT');
  logger.info({ port: config.GATEWAY_PORT, x402Enabled: config.X402_ENABLED }, 'x402 gateway listening');

  // Stop accepting, let in-flight payments finish, then release storage.
  onShutdown(logger, [() => closeServer(server), () => gateway.close(), () => state.close(), () => db.close()]);
}

runMain('x402 gateway', main);
