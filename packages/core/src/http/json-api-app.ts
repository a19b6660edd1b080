import express, { type Express, type RequestHandler } from 'express';
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
 * (`compressResponses`), as one layer. `first`, when given, runs in that same layer after them: an app's
 * hottest route, answered without a walk through Express's router (it calls `next()` for
 * requests that are not its own).
 */
export function createJsonApiApp(options: { trustProxy: string; logger: Logger; first?: RequestHandler; metrics?: Metrics }): Express {
  const app = express();
  app.disable('x-powered-by');
  // Express's default ETag hashes every body; every envelope carries its own request id, so no two
  // bodies' ETags ever match and the hash is work for nothing.
  app.set('etag', false);
  app.set('trust proxy', parseTrustProxy(options.trustProxy));
  app.set('query parser', 'simple');
  const everyRequest = [requestIdMiddleware, jsonApiSecurityHeaders(), httpLogger(options.logger, options.metrics), compressResponses()];
  app.use(chain(...everyRequest, ...(options.first ? [options.first] : [])));
  return app;
}
