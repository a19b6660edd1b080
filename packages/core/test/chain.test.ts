import express, { type RequestHandler } from 'express';
import request from 'supertest';
import { chain } from '../src/http/chain';

describe('chain', () => {
  const mark =
    (name: string): RequestHandler =>
    (_req, res, next) => {
      res.append('X-Ran', name);
      next();
    };

  it('runs the middlewares in order, then what follows them', async () => {
    const app = express();
    app.use(chain(mark('a'), mark('b'), mark('c')));
    app.get('/', (_req, res) => void res.json({ ok: true }));
    const res = await request(app).get('/');
    expect(res.status).toBe(200);
    expect(res.headers['x-ran']).toBe('a, b, c');
  });

  it('stops at the first error (passed, thrown or rejected) and hands it to the error handler', async () => {
    const failures: RequestHandler[] = [
      (_req, _res, next) => next(new Error('passed')),
      () => {
        throw new Error('thrown');
      },
      () => Promise.reject(new Error('rejected')),
    ];
    for (const failure of failures) {
      const app = express();
      app.use(chain(mark('a'), failure, mark('never')));
      app.get('/', (_req, res) => void res.json({ reached: true }));
      app.use(((err: Error, _req, res, _next) => void res.status(418).json({ error: err.message })) as express.ErrorRequestHandler);
      const res = await request(app).get('/');
      expect(res.status).toBe(418);
      expect(res.headers['x-ran']).toBe('a');
      expect((res.body as { error: string }).error).toMatch(/passed|thrown|rejected/);
    }
  });

  it('lets a middleware answer without calling next', async () => {
    const app = express();
    app.use(chain(mark('a'), (_req, res) => void res.status(204).end(), mark('never')));
    const res = await request(app).get('/');
    expect(res.status).toBe(204);
    expect(res.headers['x-ran']).toBe('a');
  });
});
