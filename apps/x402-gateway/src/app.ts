import express from 'express';
import {
  ApiError,
  clientRateLimit,
  createJsonApiApp,
  createLogger,
  appMetrics,
  errorHandler,
  notFoundHandler,
  operationsRoutes,
  rejectUnsafeInput,
  sendError,
  sharedStateCheck,
  type Config,
  type Logger,
  type Metrics,
  type SharedState,
} from '@dp/core';
import { announcementFeed, databaseCheck, DOCUMENTS_CHANGED, type Database } from '@dp/db';
import { cachedDocumentFetcher, createInternalDocumentFetcher, type DocumentFetcher } from './documents/document-fetcher';
import type { Facilitator } from './facilitator/facilitator';
import { createHttpFacilitator } from './facilitator/http-client';
import { createFacilitatorRouter } from './facilitator/router';
import { createSimulatedFacilitator } from './facilitator/simulated';
import { x402Cors } from './http/cors';
import {
  InvalidPaymentGuard,
  PILOT_CHALLENGE_LIMIT,
  PILOT_INVALID_PAYMENT_LIMIT,
  PILOT_PREFLIGHT_LIMIT,
  PILOT_RATE_LIMIT,
  type RateLimitSetting,
} from './payments/payer-limit';
import { createPaymentStore } from './payments/payment-store';
import { x402DocumentsRouter } from './routes/x402-documents';

export interface GatewayDeps {
  db: Database;
  state: SharedState;
  config: Config;
  logger?: Logger;
  /** Defaults to the remote facilitator at X402_FACILITATOR_URL, else the simulated one in process. */
  facilitator?: Facilitator;
  /** Defaults to the api's internal endpoint at INTERNAL_API_URL. */
  fetchDocument?: DocumentFetcher;
  now?: () => Date;
  /** Per-payer limit; the pilot's is 10/min (tests of concurrency raise it). */
  rateLimit?: RateLimitSetting;
  /** Unpaid requests (challenges, answers before a payer is known) per client IP; the pilot's is 10/min. */
  challengeLimit?: RateLimitSetting;
  /** CORS preflights per client IP. */
  preflightLimit?: RateLimitSetting;
  /** Refused payments per client IP. */
  invalidPaymentLimit?: RateLimitSetting;
  /** This instance's `/metrics` registry (default: a new one); `false` turns metrics off. */
  metrics?: Metrics | false;
}

export interface Gateway {
  app: express.Express;
  metrics?: Metrics;
  close(): Promise<void>;
}

export type { Facilitator, DocumentFetcher };

export function createGateway(deps: GatewayDeps): Gateway {
  const { config } = deps;
  const logger = deps.logger ?? createLogger({ name: 'x402-gateway', level: config.LOG_LEVEL });
  const now = deps.now ?? (() => new Date());
  const simulated = createSimulatedFacilitator({ now });
  const facilitator = deps.facilitator ?? (config.X402_FACILITATOR_URL ? createHttpFacilitator(config.X402_FACILITATOR_URL) : simulated);

  // The default fetcher caches bodies briefly; imports announce changes, which empty the cache.
  let fetchDocument = deps.fetchDocument;
  let unsubscribe: Promise<(() => Promise<void> | void) | undefined> = Promise.resolve(undefined);
  if (!fetchDocument && config.X402_ENABLED) {
    const cached = cachedDocumentFetcher(createInternalDocumentFetcher(config));
    unsubscribe = cached.listen(announcementFeed(deps.state, deps.db, DOCUMENTS_CHANGED, logger)).catch((err) => {
      // Without the subscription entries still expire at the end of their TTL; say so rather than fail startup.
      logger.warn({ reason: (err as Error)?.message }, 'document cache invalidation unavailable');
      return undefined;
    });
    fetchDocument = cached;
  }

  // The JSON API headers carry a cross-origin CORP: browsers on other origins must be able to
  // read this keyless endpoint.
  const metrics = appMetrics('x402-gateway', config, deps.metrics, { state: deps.state, database: deps.db });
  const app = createJsonApiApp({ trustProxy: config.TRUST_PROXY, logger, metrics });
  app.use(rejectUnsafeInput);
  // The rate-limit fields on every answer (spec 8): the pilot's own answers count in its windows;
  // the rest (health, the disabled pilot's 404, unknown paths) in the client address's.
  app.use(
    clientRateLimit(deps.state, config.CLIENT_REQUESTS_PER_MINUTE, { skip: (path) => config.X402_ENABLED && path.startsWith('/x402') }),
  );
  app.use(
    operationsRoutes({
      checks: {
        database: () => databaseCheck(deps.db),
        redis: sharedStateCheck(deps.state),
        x402: () => ({ status: 'ok', enabled: config.X402_ENABLED }),
      },
      metrics,
    }),
  );

  if (config.X402_ENABLED) {
    // The simulated facilitator over the x402 HTTP API, so X402_FACILITATOR_URL can point here.
    app.use('/facilitator', createFacilitatorRouter(simulated));
    const challengeLimit = deps.challengeLimit ?? PILOT_CHALLENGE_LIMIT;
    app.use(
      '/x402',
      x402Cors(deps.state, deps.preflightLimit ?? PILOT_PREFLIGHT_LIMIT),
      x402DocumentsRouter(
        {
          db: deps.db,
          state: deps.state,
          store: createPaymentStore(deps.db),
          facilitator,
          fetchDocument: fetchDocument ?? createInternalDocumentFetcher(config),
          capAtomic: config.x402DailyCapAtomic,
          rateLimit: deps.rateLimit ?? PILOT_RATE_LIMIT,
          challengeLimit,
          invalidPayments: new InvalidPaymentGuard(deps.state, deps.invalidPaymentLimit ?? PILOT_INVALID_PAYMENT_LIMIT),
          now,
          logger,
          metrics,
        },
        config,
      ),
    );
  } else {
    app.use('/x402', (req, res) => {
      sendError(
        res,
        new ApiError('not_found', `No route for ${req.method} ${req.originalUrl.split('?')[0]}: the x402 pilot is not enabled.`),
      );
    });
  }

  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  return {
    app,
    metrics,
    // db and state belong to the caller (index.ts closes them); only our subscription is ours.
    close: async () => {
      await (
        await unsubscribe
      )?.();
    },
  };
}
