import type { Request, RequestHandler, Response } from 'express';
import pinoHttp from 'pino-http';
import type { Logger } from 'pino';

/** Request logs carry the request id; secret headers are redacted by the logger itself. */
export function httpLogger(logger: Logger): RequestHandler {
  // With request logging off, skip the per-request child logger and finish listener entirely.
  if (!logger.isLevelEnabled('info') && !logger.isLevelEnabled('error')) return (_req, _res, next) => next();
  return pinoHttp({
    logger,
    genReqId: (req) => (req as Request).requestId,
    customProps: (req) => ({ requestId: (req as Request).requestId }),
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({ method: req.method, url: redactUrl(req.url), id: req.id }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    // Client errors (4xx) are warnings: worth seeing, never a fault of ours, never with a stack.
    customLogLevel: (_req: unknown, res: Response, err?: Error) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
  });
}

/** Query strings may carry tokens (email verification links); log only the path. */
function redactUrl(url: string): string {
  const i = url.indexOf('?');
  return i === -1 ? url : `${url.slice(0, i)}?…`;
}
