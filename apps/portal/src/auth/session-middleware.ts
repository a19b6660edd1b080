import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { PortalContext } from '../context';
import { readCookie } from './cookies';
import { findSession } from './sessions';

/** Resolves the session cookie (if any) to req.portalSession. */
export function loadSession(ctx: PortalContext): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const value = readCookie(req, ctx.cookies.sessionName);
    if (value) req.portalSession = (await findSession(ctx.db.prisma, value)) ?? undefined;
    next();
  };
}

/** Pages behind sign-in: anonymous visitors go to the login page, and come back afterwards. */
export function requireSession(req: Request, res: Response, next: NextFunction): void {
  if (req.portalSession) return next();
  if (req.method === 'GET' || req.method === 'HEAD') {
    res.redirect(303, `/portal/login?next=${encodeURIComponent(req.originalUrl)}`);
    return;
  }
  res.redirect(303, '/portal/login');
}
