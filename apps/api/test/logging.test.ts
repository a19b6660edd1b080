import { Writable } from 'node:stream';
import { createLogger, generateApiKey } from '@dp/core';
import { createTestDatabase, createTestState, type TestDatabase } from '@dp/testing';
import { createApi } from '../src/app';
import { apiConfig } from './harness';
import request from 'supertest';
import { createApiKey, createOrganization } from '@dp/db';

describe('request logs', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.destroy());

  it('carry the request id and never the key, cookies or payment headers', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const logger = createLogger({ level: 'info', destination: sink });
    const state = createTestState();
    const api = createApi({ db, state, config: apiConfig(), logger });
    const org = await createOrganization(db.prisma, { name: 'log test' });
    const { key } = await createApiKey(db.prisma, { orgId: org.id, scopes: ['read', 'manage'] });
    const unknown = generateApiKey();
    const ok = await request(api.app)
      .get('/v1/legal/search?q=secret-query-value')
      .set('Authorization', `Bearer ${key}`)
      .set('Cookie', 'dp_session=cookie-secret-value')
      .set('X-PAYMENT', 'payment-signature-value');
    await request(api.app).get('/v1/usage').set('Authorization', `Bearer ${unknown}`);
    await api.close();
    await state.close();

    const all = lines.join('');
    expect(all).toContain(ok.headers['x-request-id']);
    for (const secret of [key, unknown, 'cookie-secret-value', 'payment-signature-value', 'secret-query-value']) {
      expect(all).not.toContain(secret);
    }
    const entry = JSON.parse(lines.find((l) => l.includes(ok.headers['x-request-id']))!);
    expect(entry.requestId).toBe(ok.headers['x-request-id']);
  });
});
