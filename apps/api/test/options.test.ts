import { createHarness, type Harness } from './harness';

describe('OPTIONS on /v1', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('a plain OPTIONS (no CORS request method) is a 204 with Allow, never a text/plain method list', async () => {
    const res = await h.http.options('/v1/legal/search');
    expect(res.status).toBe(204);
    expect(res.headers.allow).toBe('GET, HEAD, POST, PATCH, DELETE, OPTIONS');
    expect(res.headers['content-type']).toBeUndefined();
    expect(res.text).toBe('');
    expect(res.headers['x-request-id']).toMatch(/^req_/);
  });

  it('a CORS preflight allows every method the API has, PATCH included (editing a webhook)', async () => {
    const res = await h.http
      .options('/v1/webhooks/wh_x')
      .set('Origin', 'https://app.example')
      .set('Access-Control-Request-Method', 'PATCH');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-methods']).toContain('PATCH');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});
