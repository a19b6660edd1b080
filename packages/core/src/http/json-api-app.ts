import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import type { Metrics } from '../metrics/metrics';
import { chain } from './chain';
import { compressResponses } from './compression';
import { httpLogger } from './logging';
import { requestIdMiddleware } from './request-context';
import { jsonApiSecurityHeaders } from './security-headers';
import { parseTrustProxy } from './trust-proxy';

/**
 * The Express set-up every JSON app starts from (api, x402 gateway, remote MCP): no
 * `X-Powered-By`, no body-hash ETag, the configured proxy trust, simple query parsing (one value per name, no nested
 * objects), then on every request the request id, the JSON API security headers, the request
 * log line (and its `/metrics` observation, given `metrics`) and gzip/br compression when asked
 * (`compressResponses`), as one layer. `first`, when given, runs after them before Express's
 * router is entered at all (`frontDoor`): an app's hottest route, answered without the router's
 * per-request set-up and walk (it calls `next()` for requests that are not its own).
 */
export function createJsonApiApp(options: { trustProxy: string; logger: Logger; first?: RequestHandler; metrics?: Metrics }): Express {
  const app = express();
  app.disable('x-powered-by');
  // Express's default ETag hashes every body; every envelope carries its own request id, so no two
  // bodies' ETags ever match and the hash is work for nothing.
  app.set('etag', false);
  app.set('trust proxy', parseTrustProxy(options.trustProxy));
  app.set('query parser', 'simple');
  const everyRequest = chain(
    requestIdMiddleware,
    jsonApiSecurityHeaders(),
    httpLogger(options.logger, options.metrics),
    compressResponses(),
  );
  if (options.first) frontDoor(app, chain(everyRequest, options.first));
  else app.use(everyRequest);
  return app;
}

/**
 * Runs `front` on every request before Express's router: as Express's own `handle` starts (its
 * request and response prototypes, their links, `res.locals`) plus what the router would set
 * first (`originalUrl`, `baseUrl`). What `front` passes on goes to the router, whose first layer
 * hands on the error `front` passed, if any, so the app's error handlers answer it as before.
 * Express's `handle` is replaced rather than wrapped in another listener so that everything that
 * serves the app (`createHttpServer`, `app.listen`, supertest) takes the same path.
 */
function frontDoor(express_: Express, front: RequestHandler): void {
  // Express's `handle` is not in its types.
  const app = express_ as Express & { handle: ExpressHandle };
  const route = app.handle.bind(app);
  // The error `front` passed on, for the router's first layer; gone with the request.
  const passed = new WeakMap<Request, unknown>();
  app.use((req, _res, next) => next(passed.get(req)));
  app.handle = (req, res, done) => {
    req.res = res;
    res.req = req;
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    res.locals ??= Object.create(null) as Response['locals'];
    req.originalUrl ??= req.url;
    req.baseUrl = '';
    front(req, res, (err?: unknown) => {
      if (err !== undefined && err !== null) passed.set(req, err);
      route(req, res, done);
    });
  };
}

type ExpressHandle = (req: Request, res: Response, done?: (err?: unknown) => void) => void;
