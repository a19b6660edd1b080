import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { JSON_API_HELMET_OPTIONS, jsonApiSecurityHeaders, staticHelmetHeaders } from '../src/http/security-headers';

function appWith(middleware: express.RequestHandler) {
  const app = express();
  app.disable('x-powered-by');
  app.use(middleware);
  app.get('/', (_req, res) => {
    res.json({ ok: true });
  });
  return app;
}

const securityHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !['date', 'etag', 'content-length', 'connection', 'keep-alive', 'content-type'].includes(name),
    ),
  );

describe('JSON API security headers', () => {
  it('sends exactly the headers helmet sends for the same options', async () => {
    const frozen = await request(appWith(jsonApiSecurityHeaders())).get('/');
    const live = await request(appWith(helmet(JSON_API_HELMET_OPTIONS))).get('/');
    expect(securityHeaders(frozen.headers as Record<string, string>)).toEqual(securityHeaders(live.headers as Record<string, string>));
  });

  it('is the OWASP REST set: nothing may frame or load from a response, other origins may read it', async () => {
    const res = await request(appWith(jsonApiSecurityHeaders())).get('/');
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-xss-protection']).toBeUndefined();
    expect(res.headers['origin-agent-cluster']).toBeUndefined();
  });

  it('refuses options that depend on the request, which cannot be worked out once', () => {
    expect(() =>
      staticHelmetHeaders({
        contentSecurityPolicy: {
          directives: { scriptSrc: [(_req, res) => `'nonce-${(res as unknown as { locals: { n: string } }).locals.n}'`] },
        },
      }),
    ).toThrow(/per-request CSP/);
  });
});
