import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { errorEnvelope } from '../envelope';
import { ApiError, ERROR_STATUS, type ErrorCode } from '../errors';

export function sendError(res: Response, err: ApiError): void {
  for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
  res.status(err.status).json(errorEnvelope(err.code, err.message, err.details, res.req.requestId ?? 'unknown'));
}

/** Storage errors that mean "the database is unreachable", whatever driver raised them. */
export function isStorageUnavailable(err: unknown): boolean {
  const e = err as { code?: string; name?: string; message?: string; cause?: unknown } | undefined;
  if (!e) return false;
  const codes = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03', '08006', '08001', '08003', 'P1001', 'P1017', 'P2024'];
  if (e.code && codes.includes(e.code)) return true;
  if (/Can't reach database|Connection terminated|connect ECONNREFUSED|Timed out fetching a new connection|server closed the connection|Query read timeout|timeout exceeded when trying to connect|canceling statement due to statement timeout/i.test(e.message ?? '')) return true;
  return e.cause !== undefined && e.cause !== err && isStorageUnavailable(e.cause);
}

/** Turns anything thrown into the error envelope; never leaks a stack trace. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    if (err instanceof ApiError) return sendError(res, err);
    const e = err as { type?: string; status?: number; statusCode?: number; expose?: boolean };
    // body-parser errors carry a `type`.
    if (e?.type === 'entity.too.large') return sendError(res, new ApiError('payload_too_large', 'The request body is too large.'));
    if (e?.type === 'entity.parse.failed') {
      return sendError(res, new ApiError('invalid_request', 'The request body is not valid JSON.', { errors: [{ field: 'body', problem: 'is not valid JSON' }] }));
    }
    if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') {
      return sendError(res, new ApiError('unsupported_media_type', 'The request body encoding is not supported.'));
    }
    if (isStorageUnavailable(err)) {
      logger.warn({ requestId: req.requestId, err: { message: (err as Error).message } }, 'storage unavailable');
      return sendError(res, new ApiError('unavailable', 'The service is temporarily unavailable. Retry shortly.', {}, { 'Retry-After': '5' }));
    }
    const status = e?.status ?? e?.statusCode;
    if (status && status >= 400 && status < 500 && e.expose) {
      const code = (Object.entries(ERROR_STATUS).find(([, s]) => s === status)?.[0] ?? 'invalid_request') as ErrorCode;
      return sendError(res, new ApiError(code, (err as Error).message));
    }
    logger.error({ requestId: req.requestId, err }, 'unhandled error');
    sendError(res, new ApiError('internal_error', 'An internal error occurred. Quote the request id when reporting it.'));
  };
}

export function notFoundHandler(req: Request, res: Response): void {
  sendError(res, new ApiError('not_found', `No route for ${req.method} ${req.path}.`));
}

/** Mount after a route's method handlers: any other method gets 405 with an Allow header. */
export function methodNotAllowed(allowed: string[]): RequestHandler {
  const allow = [...new Set([...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])])].join(', ');
  return (req, res) => {
    if (req.method === 'OPTIONS') {
      res.setHeader('Allow', `${allow}, OPTIONS`);
      res.status(204).end();
      return;
    }
    sendError(res, new ApiError('method_not_allowed', `Method ${req.method} is not allowed here.`, { allowed }, { Allow: allow }));
  };
}

/** State-changing endpoints take JSON only. */
export function requireJsonBody(req: Request, _res: Response, next: NextFunction): void {
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
  if (hasBody && !req.is('application/json')) {
    next(new ApiError('unsupported_media_type', 'The request body must be application/json.'));
    return;
  }
  next();
}
