import express, { type RequestHandler } from 'express';
import {
  API_METHODS,
  chain,
  createJsonApiApp,
  createLogger,
  appMetrics,
  declaredQueryParameters,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  errorHandler,
  loadOpenApiDocument,
  notFoundHandler,
  operationsRoutes,
  rejectUndeclaredQuery,
  rejectUnsafeInput,
  requireJsonBody,
  sharedStateCheck,
  type Config,
  type Logger,
  type Metrics,
  type SharedState,
  type Unsubscribe,
} from '@dp/core';
import { announcementFeed, databaseCheck, deleteExpiredIdempotencyKeys, DOCUMENTS_CHANGED, type Database } from '@dp/db';
import { authenticate } from './auth/authenticate';
import { createKeyCache } from './auth/key-cache';
import { listenForRevocations } from './auth/revocation-listener';
import type { ApiContext } from './context';
import { DocumentCache } from './legal/documents/document-cache';
import { Meter } from './metering/meter';
import { QuotaGuard } from './metering/quota';
import { rateLimit, rateLimitHeadersOnError } from './metering/rate-limit';
import { internalRouter } from './routes/internal';
import { DOCUMENT_PATH, documentReadFirst, legalDocumentsRouter, readDocument } from './routes/legal-documents';
import { openApiRouter } from './routes/openapi';
import { referenceRouter } from './routes/reference';
import { usageRouter } from './routes/usage';
import { CITATIONS_BODY_LIMIT, CITATIONS_PATH } from './routes/citations';
import { v1Routers } from './routes/v1-routers';

export interface ApiDeps {
  db: Database;
  state: SharedState;
  config: Config;
  logger?: Logger;
  /** Flush interval of the usage meter (tests shorten it). */
  meterIntervalMs?: number;
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
/** What a browser may send: the key, a JSON body, its own request id, the conditional and idempotency fields. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'X-Request-Id', 'If-None-Match', IDEMPOTENCY_KEY_HEADER].join(', ');

/** Browsers may call the API with a key (no cookies are used), so any origin is fine. */
const cors: RequestHandler = (_req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  next();
};

/**
 * Answered after the rate limiter, so preflights carry X-RateLimit-* like every response. Every
 * OPTIONS ends here: a CORS preflight, or a plain OPTIONS (204 with `Allow`; Express's router
 * would answer it with a text/plain list instead).
 */
const preflight: RequestHandler = (req, res, next) => {
  if (req.method !== 'OPTIONS') return next();
  if (req.get('access-control-request-method')) {
    res.setHeader('Access-Control-Allow-Methods', API_METHODS);
    res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
    res.setHeader('Access-Control-Max-Age', '600');
  } else {
    res.setHeader('Allow', API_METHODS);
  }
  res.status(204).end();
};

const IDEMPOTENCY_SWEEP_MS = 60 * 60 * 1000;

/** The query parameters /v1's operations declare, from the OpenAPI document (read once per process). */
let declaredQuery: ReturnType<typeof declaredQueryParameters> | undefined;

/**
 * A query parameter the route does not declare is a 400 naming it, for every /v1 route, in this one
 * place (the declarations are the OpenAPI document's). A request whose parked 401 or 429 the route
 * will raise is left to it, as an unknown route is (routes are not revealed to anonymous callers).
 */
function rejectUndeclaredV1Query(): RequestHandler {
  const reject = rejectUndeclaredQuery((declaredQuery ??= declaredQueryParameters(loadOpenApiDocument())));
  return (req, res, next) => (req.authError || req.rateLimitError ? next() : reject(req, res, next));
}

export function createApi(deps: ApiDeps): Api {
  const logger = deps.logger ?? createLogger({ name: 'api', level: deps.config.LOG_LEVEL });
  const metrics = appMetrics('api', deps.config, deps.metrics, { state: deps.state, database: deps.db });
  const meter = new Meter(deps.db, logger, deps.meterIntervalMs, metrics);
  const keyCache = createKeyCache(deps.config.KEY_CACHE_TTL_SECONDS * 1000);
  const documents = new DocumentCache(deps.db, deps.documentCacheTtlMs);
  const ctx: ApiContext = { ...deps, logger, meter, quota: new QuotaGuard(deps.db, meter), keyCache, documents };
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

  const v1Entry = chain(
    cors,
    authenticate(deps.db, keyCache, logger),
    rateLimit(deps.state),
    preflight,
    rejectUnsafeInput,
    rejectUndeclaredV1Query(),
  );
  const read = readDocument(ctx);
  // Document reads are most of the traffic: their GET is taken in the app's first layer
  // (documentReadFirst), and what that leaves is matched here, at the top, instead of through the
  // /v1 router and a router of its own (each nested router costs every request a path match and
  // a prefix trim). Their errors still pass through /v1's error handling below.
  const app = createJsonApiApp({ trustProxy: deps.config.TRUST_PROXY, logger, metrics, first: documentReadFirst(chain(v1Entry, read)) });
  app.get(`/v1${DOCUMENT_PATH}`, v1Entry, read);

  const v1 = express.Router();
  v1.use(v1Entry);
  v1.use(legalDocumentsRouter());
  v1.use(openApiRouter(deps.config));
  // A citation check takes a text of up to 64,000 characters: its body may be larger than others'.
  v1.use(CITATIONS_PATH, requireJsonBody, express.json({ limit: CITATIONS_BODY_LIMIT }));
  v1.use(requireJsonBody, express.json({ limit: '64kb' }), rejectUnsafeInput);
  v1.use(usageRouter(ctx));
  for (const router of v1Routers(ctx)) v1.use(router);
  v1.use((req, _res, next) => next(req.authError ?? req.rateLimitError));
  app.use('/v1', v1);
  // Outside the router, so errors of the document route above (a malformed path among them,
  // raised while its parameters are decoded) get the headers too.
  app.use('/v1', rateLimitHeadersOnError(deps.state));
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
