import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { errorEnvelope } from '../envelope';
import { ApiError, type ErrorCode } from '../errors';
import { undecodablePath } from './input';
import { sendJson } from './respond';

/** RFC 6750 section 3: the Bearer challenge, with `error=` only when a credential was presented. */
function bearerChallenge(err: ApiError): string | undefined {
  const realm = 'Bearer realm="legal-data-api"';
  if (err.code === 'missing_key') return realm;
  if (err.code === 'invalid_key')
    return `${realm}, error="invalid_token", error_description="The API key is malformed, unknown or revoked"`;
  if (err.code === 'insufficient_scope') {
    const scope = typeof err.details.required_scope === 'string' ? `, scope="${err.details.required_scope}"` : '';
    return `${realm}, error="insufficient_scope"${scope}`;
  }
  return undefined;
}

export function sendError(res: Response, err: ApiError): void {
  const challenge = bearerChallenge(err);
  if (challenge && !err.headers['WWW-Authenticate']) res.setHeader('WWW-Authenticate', challenge);
  for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
  sendJson(res, err.status, errorEnvelope(err.code, err.message, err.details, res.req.requestId ?? 'unknown'));
}

/** Storage errors that mean "the database is unreachable", whatever driver raised them. */
export function isStorageUnavailable(err: unknown): boolean {
  const e = err as { code?: string; name?: string; message?: string; cause?: unknown } | undefined;
  if (!e) return false;
  const codes = [
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    '57P01',
    '57P03',
    '08006',
    '08001',
    '08003',
    'P1001',
    'P1017',
    'P2024',
    // A transaction that found no connection, or ran past its bound, in time: a busy server.
    'P2028',
  ];
  if (e.code && codes.includes(e.code)) return true;
  if (
    /Can't reach database|database not answering|Connection terminated|connect ECONNREFUSED|Timed out fetching a new connection|server closed the connection|Query read timeout|timeout exceeded when trying to connect|canceling statement due to statement timeout/i.test(
      e.message ?? '',
    )
  )
    return true;
  return e.cause !== undefined && e.cause !== err && isStorageUnavailable(e.cause);
}

/** Generic messages for client errors whose own message is not meant for the client. */
const CLIENT_ERROR_MESSAGES: Partial<Record<ErrorCode, string>> = {
  invalid_request: 'The request could not be read: check the path, query and body.',
  payload_too_large: 'The request body is too large.',
  unsupported_media_type: 'The request body encoding is not supported.',
};

/** Statuses a library may raise → the generic code for each (never an auth or payment code). */
const LIBRARY_STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  431: 'headers_too_large',
};

/**
 * Anything thrown → the ApiError to answer with. Client errors (the router's undecodable path,
 * body-parser refusals, any 4xx raised by a library) never become 500 and are logged at info
 * without a stack; only real faults log at error. Shared by every app's error handler.
 */
export function toApiError(err: unknown, logger: Logger, req: Request): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { type?: string; status?: number; statusCode?: number; expose?: boolean; message?: string } | undefined;
  // body-parser errors carry a `type`.
  if (e?.type === 'entity.too.large') return new ApiError('payload_too_large', 'The request body is too large.');
  if (e?.type === 'entity.parse.failed') {
    return new ApiError('invalid_request', 'The request body is not valid JSON.', {
      errors: [{ field: 'body', problem: 'is not valid JSON' }],
    });
  }
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') {
    return new ApiError('unsupported_media_type', 'The request body encoding is not supported.');
  }
  if (err instanceof URIError) {
    logger.info({ requestId: req.requestId, reason: e?.message }, 'client error: undecodable path');
    return undecodablePath();
  }
  if (isStorageUnavailable(err)) {
    logger.warn({ requestId: req.requestId, err: { message: (err as Error).message } }, 'storage unavailable');
    return new ApiError('unavailable', 'The service is temporarily unavailable. Retry shortly.', {}, { 'Retry-After': '5' });
  }
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // The router marks its own decode failures 400 without `expose`: still the client's fault.
    const code = LIBRARY_STATUS_CODES[status] ?? 'invalid_request';
    logger.info({ requestId: req.requestId, status, reason: e?.message }, 'client error');
    return new ApiError(code, e?.expose && e.message ? e.message : (CLIENT_ERROR_MESSAGES[code] ?? `The request was refused (${status}).`));
  }
  logger.error({ requestId: req.requestId, err }, 'unhandled error');
  return new ApiError('internal_error', 'An internal error occurred. Quote the request id when reporting it.');
}

/** Turns anything thrown into the error envelope; never leaks a stack trace. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    sendError(res, toApiError(err, logger, req));
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
