import express from 'express';
import {
  clientRateLimit,
  compressResponses,
  createLogger,
  appMetrics,
  errorHandler,
  httpLogger,
  notFoundHandler,
  operationsRoutes,
  parseTrustProxy,
  rejectUnsafeInput,
  requestIdMiddleware,
  sharedStateCheck,
  type Config,
  type Logger,
  type Metrics,
  type SharedState,
} from '@dp/core';
import { databaseCheck, type Database } from '@dp/db';
import { cookieSettings } from './auth/cookies';
import { checkCsrf, provideCsrfToken } from './auth/csrf-middleware';
import { loadSession } from './auth/session-middleware';
import { DEFAULT_LIMITS, type PortalContext, type PortalLimits } from './context';
import { createMailer } from './mail/create-mailer';
import { MailQueue } from './mail/mail-queue';
import type { Mailer } from './mail/mailer';
import { accountRouter } from './routes/account';
import { noStore, portalErrorHandler, portalNotFound, refuseBearer } from './routes/errors';
import { keysRouter } from './routes/keys';
import { staticRouter } from './routes/static';
import { usageRouter } from './routes/usage';
import { webhooksRouter } from './routes/webhooks';
import { securityHeaders } from './security-headers';

export interface PortalDeps {
  db: Database;
  state: SharedState;
  config: Config;
  logger?: Logger;
  /** Defaults to SMTP when SMTP_URL is set, else the MAIL_OUTBOX_DIR outbox. */
  mailer?: Mailer;
  /** Rate limits (tests tighten or relax them). */
  limits?: Partial<PortalLimits>;
  /** This instance's `/metrics` registry (default: a new one). */
  metrics?: Metrics;
  /** The mail outbox's retry schedule and polling (tests shorten them). */
  mail?: { retryScheduleMs?: number[]; pollMs?: number };
}

export interface Portal {
  app: express.Express;
  context: PortalContext;
  /** Waits until every queued mail is in the outbox and every due one has had its attempt. */
  mailSettled(): Promise<void>;
  close(): Promise<void>;
}

export function createPortal(deps: PortalDeps): Portal {
  const logger = deps.logger ?? createLogger({ name: 'portal', level: deps.config.LOG_LEVEL });
  const mailer = deps.mailer ?? createMailer(deps.config);
  const metrics = appMetrics('portal', deps.config, deps.metrics, { state: deps.state, database: deps.db });
  const mail = new MailQueue({ db: deps.db, mailer, logger, secret: deps.config.SESSION_SECRET, metrics, ...deps.mail });
  mail.start();
  const ctx: PortalContext = {
    db: deps.db,
    state: deps.state,
    config: deps.config,
    logger,
    mail,
    cookies: cookieSettings(deps.config),
    limits: { ...DEFAULT_LIMITS, ...deps.limits },
  };

  const app = express();
  app.disable('x-powered-by');
  // req.ip (the login limiter's key) must be the client, not the reverse proxy.
  app.set('trust proxy', parseTrustProxy(deps.config.TRUST_PROXY));
  app.set('query parser', 'simple');
  app.use(requestIdMiddleware);
  app.use(securityHeaders(ctx.cookies.secure));
  app.use(httpLogger(logger, metrics));
  // Every answer of the portal carries the rate-limit fields of its client address's window (spec 8).
  app.use(clientRateLimit(deps.state, deps.config.CLIENT_REQUESTS_PER_MINUTE));
  app.use(operationsRoutes({ checks: { database: () => databaseCheck(deps.db), redis: sharedStateCheck(deps.state) }, metrics }));
  // Only the static files are compressed: the pages carry the CSRF token (and, once, a new key or
  // webhook secret) beside what the user typed, sent with the session cookie, which is what BREACH
  // needs; the API's answers are not (its key travels in a header no browser sends by itself).
  app.use('/portal/static', compressResponses(), staticRouter());

  const portal = express.Router();
  portal.use(refuseBearer, noStore);
  portal.use(
    express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 }),
    express.json({ limit: '16kb' }),
    rejectUnsafeInput,
  );
  portal.use(loadSession(ctx), provideCsrfToken(ctx), checkCsrf(ctx));
  portal.use(accountRouter(ctx));
  portal.use(keysRouter(ctx));
  portal.use(webhooksRouter(ctx));
  portal.use(usageRouter(ctx));
  portal.use(portalNotFound);
  portal.use(portalErrorHandler(logger));
  app.use('/portal', portal);

  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  return {
    app,
    context: ctx,
    mailSettled: () => ctx.mail.drain(),
    close: async () => {
      await ctx.mail.stop();
      await mailer.close?.();
    },
  };
}
