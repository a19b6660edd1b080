import type { Request, RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers for JSON APIs (the OWASP REST Security Cheat Sheet's set), chosen with helmet.
 * Nothing served here is a page, so the headers that only matter to documents a browser renders
 * (Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options, X-XSS-Protection, COOP,
 * X-Permitted-Cross-Domain-Policies) are left out. CORP is cross-origin: the API is meant to be
 * called from other origins (CORS allows any).
 */
export const JSON_API_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  frameguard: { action: 'deny' },
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * helmet's headers for these options, worked out once. helmet runs 14 small middlewares per
 * request; for static options they always set the same values, so one loop over the captured
 * pairs sends the identical headers at a fraction of the per-request cost (the document read is
 * a few hundred microseconds in all).
 */
export function staticHelmetHeaders(options: HelmetOptions = JSON_API_HELMET_OPTIONS): ReadonlyArray<readonly [string, string]> {
  // CSP directives given as functions (nonces) differ per request: they cannot be worked out once.
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (directives.some((v) => typeof v === 'function' || (Array.isArray(v) && v.some((x) => typeof x === 'function')))) {
    throw new Error('helmet options with per-request CSP directives cannot be frozen');
  }
  const headers: Array<[string, string]> = [];
  let finished = false;
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers.push([name, String(value)]);
    },
    removeHeader() {},
  };
  helmet(options)({} as Request, recorder as unknown as Response, (err?: unknown) => {
    if (err) throw err as Error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously; its headers cannot be frozen');
  return headers;
}

/** Middleware that sets the JSON API security headers. */
export function jsonApiSecurityHeaders(options?: HelmetOptions): RequestHandler {
  const headers = staticHelmetHeaders(options);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
