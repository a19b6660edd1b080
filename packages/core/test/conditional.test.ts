import express from 'express';
import request from 'supertest';
import { sendCacheable } from '../src/http/conditional';
import { requestIdMiddleware } from '../src/http/request-context';

/** An answer's data that counts how often it is serialised. */
function counted(frozen: boolean) {
  const count = { calls: 0 };
  const answer = {
    toJSON: () => {
      count.calls++;
      return { title: 'Zákon o bankách', key: 'sb/1992/21' };
    },
  };
  return { count, answer: frozen ? Object.freeze(answer) : answer };
}

describe('sendCacheable', () => {
  function appFor(answer: object) {
    const app = express();
    app.use(requestIdMiddleware);
    app.get('/doc', (req, res) => sendCacheable(req, res, answer));
    return app;
  }

  it('serialises and tags frozen data once, answering each request with its own request id', async () => {
    const { count, answer } = counted(true);
    const app = appFor(answer);
    const first = await request(app).get('/doc').expect(200);
    const second = await request(app).get('/doc').expect(200);
    expect(count.calls).toBe(1);
    expect(second.headers.etag).toBe(first.headers.etag);
    const a = first.body as { data: unknown; meta: { request_id: string } };
    const b = second.body as { data: unknown; meta: { request_id: string } };
    expect(b.data).toEqual({ title: 'Zákon o bankách', key: 'sb/1992/21' });
    expect(b.data).toEqual(a.data);
    expect(b.meta.request_id).not.toBe(a.meta.request_id);
    await request(app).get('/doc').set('If-None-Match', first.headers.etag).expect(304);
  });

  it('serialises data that is not frozen on every answer, with the same tag as frozen data of equal JSON', async () => {
    const { count, answer } = counted(false);
    const app = appFor(answer);
    const first = await request(app).get('/doc').expect(200);
    await request(app).get('/doc').expect(200);
    expect(count.calls).toBe(2);
    const frozen = await request(appFor(counted(true).answer))
      .get('/doc')
      .expect(200);
    expect(frozen.headers.etag).toBe(first.headers.etag);
  });
});
