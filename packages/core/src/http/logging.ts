import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Metrics } from '../metrics/metrics';
import { installRouteTemplates, routeTemplateOf } from '../metrics/route-template';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * One log line per request, written when the response is done (or the client went away): the
 * request id, method, path, status and time taken; with `metrics`, the same moment observes the
 * request's time by route template, status and operation (one listener for both). Written straight through the app's logger
 * (no per-request child logger), since this runs on every request of every app. Secret headers
 * are never logged: only the method and the path are taken from the request. Failures are
 * logged by the error handler, with their reason, under the same request id.
 */
export function httpLogger(logger: Logger, metrics?: Metrics): RequestHandler {
  // With request logging and metrics off, skip the per-request listener entirely.
  if (!logger.isLevelEnabled('error') && !metrics) return (_req, _res, next) => next();
  if (metrics) installRouteTemplates();
  // The line is built from the method, path, status and id only, never from headers or bodies,
  // so the logger's redaction (a walk of every path per line) has nothing to find here.
  const requestLog = logger.child({}, { redact: { paths: [], censor: '[redacted]' } });
  return (req, res, next) => {
    const startedAt = process.hrtime.bigint();
    // `on`, not `once`: a response closes once, and once's wrapper is work on every request.
    res.on('close', () => {
      const status = res.statusCode;
      const responseTime = Number(process.hrtime.bigint() - startedAt) / 1e6;
      metrics?.observeRequest(
        METHODS.has(req.method) ? req.method : 'other',
        routeTemplateOf(req as Request),
        status,
        (req as Request).operation ?? 'none',
        responseTime / 1e3,
      );
      // Client errors (4xx) are the client's to act on, not the operator's: info, like any other
      // request line (in the app's log file, never on `start`'s terminal, which shows warnings and
      // errors). Server errors (5xx) are ours: error.
      const level = status >= 500 ? 'error' : 'info';
      if (!requestLog.isLevelEnabled(level)) return;
      requestLog[level](
        {
          requestId: (req as Request).requestId,
          req: { method: req.method, url: redactUrl(req.originalUrl) },
          res: { statusCode: status },
          responseTime,
        },
        res.writableFinished ? 'request completed' : 'request aborted',
      );
    });
    next();
  };
}

/** Query strings may carry tokens (email verification links); log only the path. */
function redactUrl(url: string): string {
  const i = url.indexOf('?');
  return i === -1 ? url : `${url.slice(0, i)}?…`;
}
