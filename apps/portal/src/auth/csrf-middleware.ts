import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from '@dp/core';
import type { PortalContext } from '../context';
import { cookieOptions, readCookie } from './cookies';
import { ANONYMOUS_BINDING, isCsrfTokenValidFor, issueCsrfToken, verifyCsrf } from './csrf';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function bindingOf(req: Request): string {
  return req.portalSession?.id ?? ANONYMOUS_BINDING;
}

/**
 * Every state-changing request must carry the CSRF token twice (cookie + form field or
 * X-CSRF-Token header). Runs after loadSession, before any route.
 */
export function checkCsrf(ctx: PortalContext): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const body = req.body as Record<string, unknown> | undefined;
    const field = typeof body?._csrf === 'string' ? body._csrf : undefined;
    const submitted = req.get('x-csrf-token') ?? field;
    const cookie = readCookie(req, ctx.cookies.csrfName);
    if (!verifyCsrf(ctx.config.SESSION_SECRET, bindingOf(req), cookie, submitted)) {
      return next(
        new ApiError('forbidden', 'This form has expired or did not come from this site. Reload the page and try again.', {
          reason: 'csrf_token_invalid',
        }),
      );
    }
    next();
  };
}

/**
 * Makes a token available to the views: the cookie's token when it is still valid for this
 * session, a newly issued one (and cookie) otherwise.
 */
export function provideCsrfToken(ctx: PortalContext): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const binding = bindingOf(req);
    const current = readCookie(req, ctx.cookies.csrfName);
    if (current && isCsrfTokenValidFor(ctx.config.SESSION_SECRET, current, binding)) {
      req.csrfToken = current;
    } else {
      req.csrfToken = issueCsrfToken(ctx.config.SESSION_SECRET, binding);
      res.cookie(ctx.cookies.csrfName, req.csrfToken, cookieOptions(ctx.cookies));
    }
    next();
  };
}

/** After sign-in or sign-out the session changed, so the page rendered next needs a new token. */
export function reissueCsrfToken(ctx: PortalContext, req: Request, res: Response, binding: string): void {
  req.csrfToken = issueCsrfToken(ctx.config.SESSION_SECRET, binding);
  res.cookie(ctx.cookies.csrfName, req.csrfToken, cookieOptions(ctx.cookies));
}
