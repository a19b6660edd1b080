import request from 'supertest';
import {
  clientRateLimit,
  createJsonApiApp,
  createLogger,
  createMemoryState,
  createMetrics,
  errorHandler,
  notFoundHandler,
  operationsRoutes,
} from '@dp/core';

const logger = createLogger({ name: 'client-rate-limit-test', level: 'silent' });

describe('clientRateLimit: the rate-limit fields on answers no key limits', () => {
  function app(limit: number) {
    const state = createMemoryState();
    const metrics = createMetrics('test', { processMetrics: false });
    const a = createJsonApiApp({ trustProxy: 'loopback', logger, metrics });
    a.use(clientRateLimit(state, limit, { skip: (path) => path.startsWith('/internal') }));
    a.use(operationsRoutes({ checks: {}, metrics }));
    a.get('/page', (_req, res) => void res.json({ ok: true }));
    a.get('/internal/x', (_req, res) => void res.json({ internal: true }));
    a.use(notFoundHandler);
    a.use(errorHandler(logger));
    return { http: request(a), close: () => state.close() };
  }

  it('every answer carries X-RateLimit-*; over the window a 429 with Retry-After, the health paths never refused', async () => {
    const { http, close } = app(2);
    try {
      const first = await http.get('/page');
      expect(first.status).toBe(200);
      expect(first.headers['x-ratelimit-limit']).toBe('2');
      expect(first.headers['x-ratelimit-remaining']).toBe('1');
      expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000 - 1);
      const notFound = await http.get('/nowhere');
      expect([notFound.status, notFound.headers['x-ratelimit-remaining']]).toEqual([404, '0']);
      const over = await http.get('/page');
      expect(over.status).toBe(429);
      expect(over.body.error.code).toBe('rate_limited');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.headers['x-ratelimit-remaining']).toBe('0');
      // A probe is counted and told, never refused.
      for (const path of ['/livez', '/readyz']) {
        const probe = await http.get(path);
        expect([path, probe.status, probe.headers['x-ratelimit-limit']]).toEqual([path, 200, '2']);
      }
      // A skipped path is left alone.
      const internal = await http.get('/internal/x');
      expect([internal.status, internal.headers['x-ratelimit-limit']]).toEqual([200, undefined]);
    } finally {
      await close();
    }
  });
});
