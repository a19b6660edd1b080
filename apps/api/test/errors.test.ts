import { ERROR_CODES, ERROR_STATUS, ERRORS, errorDocUrl, generateApiKey } from '@dp/core';
import { expectMatchesOpenApi } from '@dp/testing';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

function expectError(res: { status: number; body: any; headers: Record<string, string> }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.details).toEqual(expect.any(Object));
  expect(res.body.error.doc_url).toBe(`/docs/errors#${code}`);
  expect(res.body.meta.request_id).toBe(res.headers['x-request-id']);
  expect(JSON.stringify(res.body)).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
  // Every /v1 response carries the rate-limit headers, errors included.
  expect(res.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
  expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
  expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000 - 1);
  // And the JSON API security headers (core's jsonApiSecurityHeaders).
  expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

describe('/v1 error codes on real requests', () => {
  it('401 missing_key without an Authorization header', async () => {
    const res = await h.get('/v1/usage');
    expectError(res, 401, 'missing_key');
    // RFC 6750 3.1: no error code when no credentials were presented.
    expect(res.headers['www-authenticate']).toBe('Bearer realm="legal-data-api"');
  });

  it('401 invalid_key and 403 insufficient_scope carry the RFC 6750 Bearer challenge with error=', async () => {
    const bad = await h.get('/v1/usage', generateApiKey());
    expect(bad.headers['www-authenticate']).toMatch(/^Bearer realm="legal-data-api", error="invalid_token", error_description="[^"\\]+"$/);
    const readOnly = await h.newKey({ scopes: 'read' });
    const scope = await h.get('/v1/usage', readOnly.key);
    expect(scope.status).toBe(403);
    expect(scope.headers['www-authenticate']).toBe('Bearer realm="legal-data-api", error="insufficient_scope", scope="manage"');
  });

  it('CORS preflights carry X-RateLimit-* like every response', async () => {
    const res = await h.http
      .options('/v1/legal/documents/sb%2F2091%2F1')
      .set('Origin', 'https://app.example')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
    expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    expect(res.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
  });

  it('401 missing_key when the header is not Bearer', async () => {
    const res = await h.http.get('/v1/usage').set('Authorization', 'Basic dXNlcjpwYXNz');
    expectError(res, 401, 'missing_key');
  });

  it('401 invalid_key for a malformed or unknown key', async () => {
    expectError(await h.get('/v1/usage', 'dp_live_short'), 401, 'invalid_key');
    expectError(await h.get('/v1/legal/documents/sb%2F2091%2F1', generateApiKey()), 401, 'invalid_key');
  });

  it('403 insufficient_scope names the required scope', async () => {
    const readOnly = await h.newKey({ scopes: 'read' });
    const res = await h.get('/v1/usage', readOnly.key);
    expectError(res, 403, 'insufficient_scope');
    expect(res.body.error.details.required_scope).toBe('manage');
    // A manage-only key cannot read data.
    const manageOnly = await h.newKey({ scopes: 'manage' });
    const res2 = await h.get('/v1/legal/documents/SB-0000-0', manageOnly.key);
    expectError(res2, 403, 'insufficient_scope');
    expect(res2.body.error.details.required_scope).toBe('read');
  });

  it('404 not_found for an unknown document and an unknown route', async () => {
    const { key } = await h.newKey();
    expectError(await h.get('/v1/legal/documents/sb%2F1800%2F1', key), 404, 'not_found');
    const res = await h.http.get('/v1/nothing-here').set('Authorization', `Bearer ${key}`);
    expectError(res, 404, 'not_found');
  });

  it('405 method_not_allowed with an Allow header', async () => {
    const { key } = await h.newKey();
    const res = await h.http.delete('/v1/usage').set('Authorization', `Bearer ${key}`);
    expectError(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toContain('GET');
    expectMatchesOpenApi(res, 'get', '/v1/legal/documents/x');
  });

  it('413 payload_too_large and 415 unsupported_media_type', async () => {
    const { key } = await h.newKey();
    const big = await h.http
      .post('/v1/usage')
      .set('Authorization', `Bearer ${key}`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ x: 'a'.repeat(200_000) }));
    expectError(big, 413, 'payload_too_large');
    const text = await h.http.post('/v1/usage').set('Authorization', `Bearer ${key}`).set('Content-Type', 'text/plain').send('hello');
    expectError(text, 415, 'unsupported_media_type');
  });

  it('400 invalid_request names every bad field', async () => {
    const { key } = await h.newKey();
    const res = await h.get('/v1/legal/documents/SB-0000-0?at=2020-02-30&include=text,bogus&text_limit=0', key);
    expectError(res, 400, 'invalid_request');
    const fields = res.body.error.details.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['at', 'include', 'text_limit']);
  });

  it('keeps a sane incoming X-Request-Id and replaces an unsafe one', async () => {
    const kept = await h.http.get('/v1/usage').set('X-Request-Id', 'client-abc.123');
    expect(kept.headers['x-request-id']).toBe('client-abc.123');
    expect(kept.body.meta.request_id).toBe('client-abc.123');
    const replaced = await h.http.get('/v1/usage').set('X-Request-Id', 'bad id with spaces');
    expect(replaced.headers['x-request-id']).toMatch(/^req_/);
  });

  it('serves its OpenAPI document at /v1/openapi.json without a key', async () => {
    const res = await h.get('/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/v1/legal/documents/{id}', '/v1/usage']));
  });
});

describe('error codes declared once (core ERRORS)', () => {
  it("each code's doc_url resolves to its anchor on the served error page", async () => {
    const anchors = new Set<string>();
    for (const code of ERROR_CODES) {
      const url = new URL(errorDocUrl(code), 'http://api.example');
      const page = await h.http.get(url.pathname);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      for (const m of page.text.matchAll(/ id="([^"]+)"/g)) anchors.add(m[1]);
      expect(anchors).toContain(url.hash.slice(1));
      // The anchor's section states the code's status.
      expect(page.text).toContain(`<code>${code}</code></a> · ${ERRORS[code].status}</h2>`);
    }
  });

  it("the OpenAPI document's error code enum, envelope and shared responses come from the table", async () => {
    const doc = (await h.get('/v1/openapi.json')).body as {
      info: { description: string };
      components: {
        schemas: Record<string, { enum?: string[]; properties?: Record<string, { required?: string[] }> }>;
        responses: Record<string, { description: string }>;
      };
    };
    expect(doc.components.schemas.ErrorCode.enum).toEqual([...ERROR_CODES]);
    expect(doc.components.schemas.ErrorEnvelope.properties?.error.required).toContain('doc_url');
    expect(doc.components.responses.TooManyRequests.description).toContain('`rate_limited`');
    expect(doc.components.responses.TooManyRequests.description).toContain('`quota_exceeded`');
    // The rendered reference has an Errors section linking every code to its anchor.
    for (const code of ERROR_CODES) expect(doc.info.description).toContain(`](${errorDocUrl(code)})`);
  });

  it("an unknown route's envelope carries doc_url too, with the status from the table", async () => {
    const res = await h.http.get('/no-such-page');
    expect(res.status).toBe(ERROR_STATUS.not_found);
    expect(res.body.error.doc_url).toBe(errorDocUrl('not_found'));
  });
});
