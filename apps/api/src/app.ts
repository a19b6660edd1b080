import express, { type RequestHandler } from 'express';
import {
  clientRateLimit,
  createJsonApiApp,
  createLogger,
  appMetrics,
  IDEMPOTENT_REPLAYED_HEADER,
  errorHandler,
  notFoundHandler,
  operationsRoutes,
  rejectUnsafeInput,
  sharedStateCheck,
  type Config,
  type Logger,
  type Metrics,
  type SharedState,
  type Unsubscribe,
} from '@dp/core';
import { announcementFeed, databaseCheck, deleteExpiredIdempotencyKeys, DOCUMENTS_CHANGED, type Database } from '@dp/db';
import { createKeyCache } from './auth/key-cache';
import { listenForRevocations } from './auth/revocation-listener';
import type { ApiContext } from './context';
import { DocumentCache } from './legal/documents/document-cache';
import { Meter } from './metering/meter';
import { QuotaGuard } from './metering/quota';
import { rateLimitHeadersOnError } from './metering/rate-limit';
import { createPipeline } from './pipeline';
import { internalRouter } from './routes/internal';
import { referenceRouter } from './routes/reference';
import { declaredFirst, declaredRouter } from './routes/define-route';
import { declaredRoutes } from './routes/v1-routers';

export interface ApiDeps {
  db: Database;
  state: SharedState;
  config: Config;
  logger?: Logger;
  /** Flush interval of the usage meter (tests shorten it). */
  meterIntervalMs?: number;
  /** The meter's log directory (main.ts: DATA_DIR/meter); without it, counts not yet written die with the process. */
  meterSpoolDir?: string;
  /** How long document metadata may be served from memory (default 30 s; 0 disables). */
  documentCacheTtlMs?: number;
  /** This instance's `/metrics` registry (default: a new one); `false` turns metrics off (benchmarks). */
  metrics?: Metrics | false;
}

export interface Api {
  app: express.Express;
  context: ApiContext;
  metrics?: Metrics;
  /** Resolves once this instance listens for key revocations from other instances. */
  ready: Promise<void>;
  /** Stops background work and writes every pending usage count. */
  close(): Promise<void>;
}

/** What a browser's script may read of a /v1 response: every header the API documents. */
const EXPOSED_HEADERS = [
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit',
  'RateLimit-Policy',
  'Retry-After',
  'WWW-Authenticate',
  'ETag',
  'Location',
  IDEMPOTENT_REPLAYED_HEADER,
].join(', ');
/** Browsers may call the API with a key (no cookies are used), so any origin is fine. */
const cors: RequestHandler = (_req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  next();
};

const IDEMPOTENCY_SWEEP_MS = 60 * 60 * 1000;

export function createApi(deps: ApiDeps): Api {
  const logger = deps.logger ?? createLogger({ name: 'api', level: deps.config.LOG_LEVEL });
  const metrics = appMetrics('api', deps.config, deps.metrics, { state: deps.state, database: deps.db });
  const meter = new Meter(deps.db, logger, deps.meterIntervalMs, metrics, deps.meterSpoolDir);
  const keyCache = createKeyCache(deps.config.KEY_CACHE_TTL_SECONDS * 1000);
  const documents = new DocumentCache(deps.db, deps.documentCacheTtlMs);
  const quota = new QuotaGuard(deps.db, meter);
  const pipeline = createPipeline({ db: deps.db, state: deps.state, logger, meter, quota, keyCache });
  const ctx: ApiContext = { ...deps, logger, meter, quota, keyCache, documents, pipeline };
  meter.start();
  // Expired idempotency keys are never answered; this only keeps the table small. Every instance
  // sweeps (the DELETE is idempotent), so none needs electing.
  const sweep = setInterval(() => {
    deleteExpiredIdempotencyKeys(deps.db).catch((err: Error) =>
      logger.warn({ err: { message: err.message } }, 'idempotency key sweep failed'),
    );
  }, IDEMPOTENCY_SWEEP_MS);
  sweep.unref();
  const unsubscribers: Unsubscribe[] = [];
  const ready = Promise.all([
    listenForRevocations(deps.state, deps.db, keyCache, logger),
    documents.listen(announcementFeed(deps.state, deps.db, DOCUMENTS_CHANGED, logger)),
  ]).then(
    (u) => {
      unsubscribers.push(...u);
    },
    (err: Error) => logger.warn({ err: { message: err.message } }, 'pub/sub listeners unavailable; cache TTLs bound propagation'),
  );

  // Every /v1 request runs through `pipeline.ts` (key verdict, rate limit, input, count, scope,
  // quota, handler, envelope): routes declare what they need and hand their handler to it.
  const declared = declaredRouter(pipeline, declaredRoutes(ctx));
  // Document reads are most of the traffic: their GET is taken before Express's router is entered
  // (declaredFirst, core's front door); what that leaves (another case, a malformed escape) the
  // /v1 router matches as any declared route.
  const app = createJsonApiApp({ trustProxy: deps.config.TRUST_PROXY, logger, metrics, first: declaredFirst(declared.spanning, cors) });

  const v1 = express.Router();
  v1.use(cors, pipeline.preflight);
  v1.use(declared.router);
  v1.use(pipeline.unrouted);
  app.use('/v1', v1);
  // Outside the router, so errors of the /v1 routes (a malformed path among them, raised while
  // its parameters are decoded) get the headers too.
  app.use('/v1', rateLimitHeadersOnError(deps.state));
  // What follows answers outside /v1 (health, reference, landing page, 404s): the client
  // address's window gives their answers the rate-limit fields (spec 8). /internal is not public.
  app.use(clientRateLimit(deps.state, deps.config.CLIENT_REQUESTS_PER_MINUTE, { skip: (path) => path.startsWith('/internal') }));
  app.use(operationsRoutes({ checks: { database: () => databaseCheck(deps.db), redis: sharedStateCheck(deps.state) }, metrics }));
  app.use(referenceRouter());
  app.use('/internal', rejectUnsafeInput, internalRouter(ctx));

  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  return {
    app,
    context: ctx,
    metrics,
    ready,
    close: async () => {
      clearInterval(sweep);
      for (const u of unsubscribers) await u();
      await meter.close();
    },
  };
}
