import type { Server } from 'node:http';
import { createLogger, createSharedState, loadConfigOrExit } from '@dp/core';
import { createDatabase } from '@dp/db';
import { createGateway } from './app';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger({ name: 'x402-gateway', level: config.LOG_LEVEL });
  const db = await createDatabase({ url: config.DATABASE_URL, dataDir: config.PGLITE_DATA_DIR });
  const state = createSharedState(config.REDIS_URL, config.REDIS_KEY_PREFIX);
  const gateway = createGateway({ db, state, config, logger });

  const server: Server = gateway.app.listen(config.GATEWAY_PORT, () => {
    logger.info({ port: config.GATEWAY_PORT, x402Enabled: config.X402_ENABLED }, 'x402 gateway listening');
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight payments finish, then release storage.
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await gateway.close();
    await state.close();
    await db.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`x402 gateway failed to start: ${(err as Error).message}\n`);
  process.exit(1);
});
