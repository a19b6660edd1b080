import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { ApiError, sendError, toApiError, type Logger } from '@dp/core';
import { errorPage } from '../views/error-page';
import { sendPage } from './render';

/** Scripts (fetch with X-CSRF-Token, or Accept: application/json) get the JSON envelope; people get a page. */
export function wantsJson(req: Request): boolean {
  return req.get('x-csrf-token') !== undefined || req.accepts(['html', 'json']) === 'json';
}

/** The shared classification (core), with wording for people filling in forms. */
function toPortalError(err: unknown, logger: Logger, req: Request): ApiError {
  const e = err as { type?: string } | undefined;
  if (e?.type === 'entity.too.large') return new ApiError('payload_too_large', 'The form is too large.');
  if (e?.type === 'entity.parse.failed')
    return new ApiError('invalid_request', 'The form could not be read. Reload the page and try again.');
  const apiError = toApiError(err, logger, req);
  if (apiError.code === 'unavailable')
    return new ApiError('unavailable', 'The portal is briefly unavailable. Try again in a moment.', {}, { 'Retry-After': '5' });
  if (apiError.code === 'internal_error') {
    return new ApiError('internal_error', 'Something went wrong on our side. Try again; if it keeps happening, quote the reference below.');
  }
  return apiError;
}

export function portalErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    const apiError = toPortalError(err, logger, req);
    if (wantsJson(req)) return sendError(res, apiError);
    for (const [name, value] of Object.entries(apiError.headers)) res.setHeader(name, value);
    const retry = Number(apiError.details.retry_after_seconds ?? 0) || undefined;
    sendPage(
      res,
      errorPage({
        status: apiError.status,
        message: apiError.message,
        requestId: req.requestId,
        retryAfterSeconds: retry,
        session: req.portalSession,
        csrfToken: req.csrfToken,
      }),
      apiError.status,
    );
  };
}

export const portalNotFound: RequestHandler = (req, _res, next) => {
  next(new ApiError('not_found', `There is no page at ${req.path}.`));
};

/**
 * The portal is not an API: API keys are refused here (integrations belong on /v1), so a key
 * never grants a browser session's powers and nobody builds on the portal by mistake.
 */
export const refuseBearer: RequestHandler = (req, _res, next) => {
  if (req.get('authorization') === undefined) return next();
  next(
    new ApiError(
      'invalid_request',
      'The portal does not accept API keys or Authorization headers. Call the API under /v1 with your key instead.',
      {
        reason: 'authorization_not_accepted',
      },
    ),
  );
};

/** Portal pages show account data and one-time secrets: never cached, never stored. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
