import type { Server } from 'node:http';
import { closeServer, createHttpServer, createLogger, createSharedState, listen, loadConfigOrExit, onShutdown, runMain } from '@dp/core';
import { applyMigrations, createDatabase } from '@dp/db';
import { createPortal } from './app';
import { createMailer } from './mail/create-mailer';

/** Entry point: node apps/portal/dist/index.js (DATABASE_URL, REDIS_URL, PORTAL_PORT, SESSION_SECRET, …). */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger({ name: 'portal', level: config.LOG_LEVEL });
  const db = await createDatabase({ url: config.DATABASE_URL });
  await applyMigrations(db);
  const state = createSharedState(config.REDIS_URL, config.REDIS_KEY_PREFIX, logger);
  const mailer = createMailer(config);
  const portal = createPortal({ db, state, config, logger, mailer });

  const server: Server = await listen(createHttpServer(portal.app, logger), config.PORTAL_PORT, 'PORTAL_PORT');
  logger.info({ port: config.PORTAL_PORT, state: state.kind, mail: mailer.description }, 'portal listening');
  if (!config.SMTP_URL) {
    // Without SMTP, verification and reset links are only readable here: say where.
    process.stdout.write(`[portal] SMTP_URL is not set: mails are written to ${mailer.description.replace(/^outbox directory /, '')}\n`);
  }

  // Stop accepting, finish in-flight requests, send queued mail, then release storage.
  onShutdown(logger, [() => closeServer(server), () => portal.close(), () => state.close(), () => db.close()]);
}

runMain('portal', main);
