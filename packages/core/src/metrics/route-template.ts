import express, { type Request } from 'express';

declare global {
  namespace Express {
    interface Request {
      /**
       * The route template that answered (`/v1/changes`, `/v1/legal/documents/*ref`), for
       * `/metrics`: set when Express matches a route, or by an app that answers before its router.
       */
      routeTemplate?: string;
      /** The metered operation of the request (`documents.get`), set by the api's meter. */
      operation?: string;
    }
  }
}

const ROUTE = Symbol('dp.route');
let installed = false;

/**
 * Records each matched route's template with the mount path it was matched under. Express sets
 * `req.route` while it dispatches into a route, when `req.baseUrl` is still the router's mount;
 * by the time the response is written (an error handler outside the router) the mount has been
 * restored, so reading both then would give `/changes` instead of `/v1/changes`. An accessor on
 * Express's request prototype, installed once, catches the moment instead.
 */
export function installRouteTemplates(): void {
  if (installed) return;
  installed = true;
  Object.defineProperty(express.request, 'route', {
    configurable: true,
    enumerable: true,
    get(this: Request & { [ROUTE]?: unknown }) {
      return this[ROUTE];
    },
    set(this: Request & { [ROUTE]?: unknown }, route: { path?: unknown } | undefined) {
      this[ROUTE] = route;
      if (route && typeof route.path === 'string') this.routeTemplate = `${this.baseUrl || ''}${route.path}`;
    },
  });
}

/** The template to label a finished request with: matched, set by the app, or `unmatched` (404s; bounded). */
export function routeTemplateOf(req: Request): string {
  return req.routeTemplate ?? 'unmatched';
}
