import type { ErrorRequestHandler, RequestHandler } from 'express';
import request from 'supertest';
import { createJsonApiApp } from '../src/http/json-api-app';
import { createLogger } from '../src/logger';

/** An app whose `first` answers GET /fast, fails on GET /fails and passes everything else on. */
function appWithFirst() {
  const first: RequestHandler = (req, res, next) => {
    if (req.url === '/fast') {
      res.json({ answered: 'first', requestId: req.requestId, originalUrl: req.originalUrl, ip: req.ip, query: req.query });
      return;
    }
    if (req.url === '/fails') return next(new Error('first failed'));
    next();
  };
  const app = createJsonApiApp({ trustProxy: 'loopback', logger: createLogger({ name: 'test', level: 'silent' }), first });
  const routed: string[] = [];
  // Counts what reaches Express's router: every layer after the front's.
  app.use((req, _res, next) => {
    routed.push(req.url);
    next();
  });
  app.get('/routed', (req, res) => {
    res.json({ answered: 'router', originalUrl: req.originalUrl });
  });
  const onError: ErrorRequestHandler = (err: Error, _req, res, _next) => {
    res.status(500).json({ handled: err.message });
  };
  app.use(onError);
  // How often Express's router is entered at all.
  const router = (app as unknown as { router: { handle: (...args: unknown[]) => void } }).router;
  const handle = router.handle.bind(router);
  const entered = { count: 0 };
  router.handle = (...args: unknown[]) => {
    entered.count++;
    handle(...args);
  };
  return { app, routed, entered };
}

describe('createJsonApiApp with a first route', () => {
  it("answers the first route's requests before Express's router, as a routed request (prototypes, request id, headers)", async () => {
    const { app, routed, entered } = appWithFirst();
    const res = await request(app).get('/fast').expect(200);
    expect(entered.count).toBe(0);
    expect(routed).toEqual([]);
    const body = res.body as { answered: string; requestId: string; originalUrl: string; ip: string };
    expect(body.answered).toBe('first');
    expect(body.requestId).toBe(res.headers['x-request-id']);
    expect(body.originalUrl).toBe('/fast');
    expect(body.ip).toMatch(/127\.0\.0\.1/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('hands what the first route passes on to the router, and its errors to the error handlers, each header set once', async () => {
    const { app, routed, entered } = appWithFirst();
    const res = await request(app).get('/routed?x=1').expect(200);
    expect(entered.count).toBe(1);
    expect(res.body).toEqual({ answered: 'router', originalUrl: '/routed?x=1' });
    expect(routed).toEqual(['/routed?x=1']);
    expect(String(res.headers['x-request-id']).split(',')).toHaveLength(1);
    const failed = await request(app).get('/fails').expect(500);
    expect(failed.body).toEqual({ handled: 'first failed' });
    // The error skipped the router's other layers, as an error passed inside the router would.
    expect(routed).toEqual(['/routed?x=1']);
  });
});
