import express from 'express';
import request from 'supertest';
import { createLogger, errorHandler, requestIdMiddleware } from '@dp/core';

describe('unexpected errors', () => {
  it('become 500 internal_error with no stack trace or message leak', async () => {
    const app = express();
    app.use(requestIdMiddleware);
    app.get('/boom', () => {
      throw new Error('secret detail at /srv/app/x.ts:12');
    });
    app.use(errorHandler(createLogger({ level: 'silent' })));
    const res = await request(app).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('internal_error');
    expect(JSON.stringify(res.body)).not.toContain('secret detail');
    expect(res.body.meta.request_id).toBe(res.headers['x-request-id']);
  });
});
