import { INTERNAL_TOKEN_HEADER, signInternalToken } from '@dp/core';
import { seedFixtureCorpus } from '@dp/testing';
import { createSeededHarness, errorFields, type Harness } from './harness';

/**
 * The document reads are declared routes (core DOCUMENT_ROUTES, and `/internal`'s read): one
 * wildcard path dispatches to them, and each parses its input from its declaration.
 */
let h: Harness;
let key: string;
beforeAll(async () => {
  ({ h, key } = await createSeededHarness(seedFixtureCorpus));
});
afterAll(() => h.close());

const DOC = '/v1/legal/documents/sb%2F2091%2F1';

describe('document routes parsed from their declarations', () => {
  it('a provisions query with several bad fields is one 400 naming each', async () => {
    const res = await h.get(`${DOC}/provisions?at=2024-02-30&depth=0&limit=5000&cursor=a&cursor=b`, key);
    expect(res.status).toBe(400);
    expect(res.body.error.details.errors).toEqual([
      { field: 'at', problem: 'must be a calendar date YYYY-MM-DD' },
      { field: 'depth', problem: 'must be an integer from 1 to 20' },
      { field: 'limit', problem: 'must be an integer from 1 to 1000' },
      { field: 'cursor', problem: 'must be given once, as a string' },
    ]);
  });

  it('a provision id with slashes is the {provision} of its route, raw or %2F-encoded', async () => {
    const raw = await h.get('/v1/legal/documents/sb/2091/1/provisions/par_2/odst_1/pism_a?at=2010-01-01', key);
    const encoded = await h.get(`${DOC}/provisions/par_2%2Fodst_1%2Fpism_a?at=2010-01-01`, key);
    expect([raw.status, encoded.status]).toEqual([200, 200]);
    expect(raw.body.data.provision.id).toBe('par_2/odst_1/pism_a');
    expect(encoded.body.data).toEqual(raw.body.data);
  });

  it('the diff: both days required; format=unified answers text/plain, JSON carries an ETag and revalidates', async () => {
    const missing = await h.get(`${DOC}/diff?format=xml`, key);
    expect(missing.status).toBe(400);
    expect(errorFields(missing)).toEqual(['from', 'to', 'format']);
    // Not through h.get: its check reads the JSON answer of the OpenAPI document.
    const unified = await h.http.get(`${DOC}/diff?from=2010-01-01&to=2020-01-01&format=unified`).set('Authorization', `Bearer ${key}`);
    expect(unified.status).toBe(200);
    expect(unified.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(unified.text).toContain('@@');
    const json = await h.get(`${DOC}/diff?from=2010-01-01&to=2020-01-01`, key);
    expect(json.status).toBe(200);
    expect(json.headers.etag).toMatch(/^"/);
    const again = await h.http
      .get(`${DOC}/diff?from=2010-01-01&to=2020-01-01`)
      .set('Authorization', `Bearer ${key}`)
      .set('If-None-Match', json.headers.etag);
    expect(again.status).toBe(304);
  });
});

describe('GET /internal/legal/documents/{id}', () => {
  const internal = (path: string, token?: string) => {
    const req = h.http.get(`/internal/legal/documents/${path}`);
    return token ? req.set(INTERNAL_TOKEN_HEADER, token) : req;
  };

  it('without a valid token: 404, as if there were no such route', async () => {
    for (const res of [await internal('sb%2F2091%2F1'), await internal('sb%2F2091%2F1', 'not-a-token')]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it('with one: the /v1 read, its input parsed from the internal declaration', async () => {
    const token = await signInternalToken(h.config.INTERNAL_API_SECRET, 'x402-gateway');
    const ok = await internal('sb%2F2091%2F1?include=versions', token);
    expect(ok.status).toBe(200);
    expect(ok.body.data.document.natural_key).toBe('sb/2091/1');
    expect(ok.body.data.document.versions).toEqual(expect.any(Array));
    const bad = await internal('sb%2F2091%2F1?at=2024-13-01&include=bogus', token);
    expect(bad.status).toBe(400);
    expect(errorFields(bad)).toEqual(['at', 'include']);
  });

  it('reads a document only: a sub-resource of /v1 is no route here (404), not the document', async () => {
    const token = await signInternalToken(h.config.INTERNAL_API_SECRET, 'x402-gateway');
    for (const sub of ['relations', 'effectivity', 'provisions', 'provisions/par_1/history']) {
      const res = await internal(`sb%2F2091%2F1/${sub}`, token);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });
});
