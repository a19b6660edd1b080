import { isIP } from 'node:net';
import type { RequestHandler } from 'express';
import { ApiError, type Config } from '@dp/core';

/** Request headers a browser MCP client sends (the Streamable HTTP transport's, and ours). */
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID, X-Request-Id';
/** Response headers a browser client may read: the transport's, the auth challenge, the request id. */
const EXPOSED_HEADERS = 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate, X-Request-Id';
/** POST is the endpoint; GET and DELETE are listed so a browser sees their 405, not a CORS failure. */
const ALLOWED_METHODS = 'POST, GET, DELETE, OPTIONS';

/** A loopback host of a web origin: localhost (and its subdomains), 127.0.0.0/8, [::1]. */
function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h === '[::1]') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

/**
 * Which `Origin` values may call /mcp: MCP_ALLOWED_ORIGINS when set, else PUBLIC_BASE_URL's
 * origin and loopback origins (http or https, any port). An origin is compared as the URL parser
 * writes it (lower-case host, no default port); `null` and anything unparsable are refused.
 */
export function originPolicy(config: Pick<Config, 'MCP_ALLOWED_ORIGINS' | 'PUBLIC_BASE_URL'>): (origin: string) => boolean {
  const listed = config.MCP_ALLOWED_ORIGINS;
  const own = new URL(config.PUBLIC_BASE_URL).origin;
  return (origin) => {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (listed) return listed.includes(url.origin);
    return url.origin === own || isLoopbackHost(url.hostname);
  };
}

/**
 * The Streamable HTTP transport's Origin rule (DNS rebinding): a request whose `Origin` is not
 * allowed gets 403 `forbidden` in the error envelope, before the key is looked at; a request
 * without `Origin` (not from a browser) goes on. For an allowed origin, CORS: preflights are
 * answered here (204), and every answer names the origin and exposes the transport's headers.
 */
export function mcpOrigin(config: Pick<Config, 'MCP_ALLOWED_ORIGINS' | 'PUBLIC_BASE_URL'>): RequestHandler {
  const allowed = originPolicy(config);
  return (req, res, next) => {
    res.vary('Origin');
    const origin = req.get('origin');
    if (origin === undefined) return next();
    if (!allowed(origin)) {
      return next(
        new ApiError('forbidden', 'Requests from this web origin are not allowed to use this MCP server.', {
          reason: 'origin_not_allowed',
          origin: origin.slice(0, 200),
        }),
      );
    }
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (req.method === 'OPTIONS' && req.get('access-control-request-method')) {
      res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
      res.setHeader('Allow', ALLOWED_METHODS);
      res.status(204).end();
      return;
    }
    next();
  };
}
