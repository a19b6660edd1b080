import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { seedFixtureCorpus } from '@dp/testing';
import { declaredFirst, type SpanningRoutes } from '../src/routes/define-route';
import { createSeededHarness, type Harness } from './harness';

/** What declaredFirst did with a request: handed it to the routes (with which params and template) or passed it on. */
function take(method: string, url: string): { read: unknown; passed: boolean } {
  let read: unknown = null;
  let passed = false;
  const handle: RequestHandler = (req) => {
    read = { params: req.params, template: req.routeTemplate };
  };
  const documents: SpanningRoutes = {
    prefix: '/v1/legal/documents/',
    path: '/legal/documents/*ref',
    template: '/v1/legal/documents/*ref',
    handle,
  };
  const req = { method, url, params: {} } as unknown as Request;
  const next: NextFunction = () => {
    passed = true;
  };
  declaredFirst([documents], (_req, _res, go) => go())(req, {} as Response, next);
  return { read, passed };
}

describe('declaredFirst: the document GET before the router', () => {
  it('takes a GET or HEAD of a document path, with the segments decoded as the router decodes `*ref`', () => {
    const template = '/v1/legal/documents/*ref';
    expect(take('GET', '/v1/legal/documents/sb%2F2091%2F1?include=text')).toEqual({
      read: { params: { ref: ['sb/2091/1'] }, template },
      passed: false,
    });
    expect(take('HEAD', '/v1/legal/documents/sb/2091/1/effectivity')).toEqual({
      read: { params: { ref: ['sb', '2091', '1', 'effectivity'] }, template },
      passed: false,
    });
  });

  it('passes on what the route should answer: other methods, other paths, another case, malformed escapes', () => {
    for (const [method, url] of [
      ['POST', '/v1/legal/documents/sb%2F2091%2F1'],
      ['GET', '/v1/legal/search?q=x'],
      ['GET', '/V1/legal/documents/sb%2F2091%2F1'],
      ['GET', '/v1/legal/documents/%zz'],
      ['GET', '/v1/legal/documents/'],
    ]) {
      expect(take(method, url)).toEqual({ read: null, passed: true });
    }
  });
});

describe('a document read answers alike through documentReadFirst and through the route', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => ({ h, key } = await createSeededHarness(seedFixtureCorpus)));
  afterAll(() => h.close());

  const withoutIds = (body: { meta?: Record<string, unknown> }) => ({ ...body, meta: { ...body.meta, request_id: null } });

  it('gives the same status, headers and body (the route still takes another case)', async () => {
    const fast = await h.get('/v1/legal/documents/sb%2F2091%2F1?include=text', key);
    // Not through h.get: the OpenAPI check knows the path as written only.
    const routed = await h.http.get('/v1/LEGAL/documents/sb%2F2091%2F1?include=text').set('Authorization', `Bearer ${key}`);
    expect(fast.status).toBe(200);
    expect(routed.status).toBe(200);
    expect(withoutIds(fast.body)).toEqual(withoutIds(routed.body));
    const names = (res: { headers: Record<string, unknown> }) => Object.keys(res.headers).sort();
    expect(names(fast)).toEqual(names(routed));
    expect(fast.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers errors in the envelope either way', async () => {
    const missing = await h.get('/v1/legal/documents/sb%2F1900%2F999', key);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    const malformed = await h.get('/v1/legal/documents/%zz', key);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('invalid_request');
    const anonymous = await h.get('/v1/legal/documents/sb%2F2091%2F1');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['www-authenticate']).toContain('Bearer');
  });

  it('resolves the ELI and the doc number to the document, as the natural key does, through both paths', async () => {
    const byKey = await h.get('/v1/legal/documents/sb%2F2091%2F1?include=versions', key);
    expect(byKey.status).toBe(200);
    expect(byKey.body.data.document).toMatchObject({ natural_key: 'sb/2091/1', doc_number: '1/2091 Sb.' });
    for (const ref of [
      '%2Feli%2Fcz%2Fsb%2F2091%2F1',
      'eli%2Fcz%2Fsb%2F2091%2F1',
      'eli/cz/sb/2091/1',
      '%2FELI%2Fcz%2FSB%2F2091%2F1%2F',
      '1%2F2091%20Sb.',
      '1%2F2091%20Sb',
      '001%20%2F%202091%20sb.',
      '1/2091%20Sb.',
    ]) {
      const fast = await h.get(`/v1/legal/documents/${ref}?include=versions`, key);
      const routed = await h.http.get(`/v1/LEGAL/documents/${ref}?include=versions`).set('Authorization', `Bearer ${key}`);
      expect({ ref, fast: fast.status, routed: routed.status }).toEqual({ ref, fast: 200, routed: 200 });
      expect(withoutIds(fast.body)).toEqual(withoutIds(byKey.body));
      expect(withoutIds(routed.body)).toEqual(withoutIds(byKey.body));
      for (const sub of ['effectivity', 'relations']) {
        const res = await h.get(`/v1/legal/documents/${ref}/${sub}`, key);
        expect({ ref, sub, status: res.status, key: res.body.data?.document?.natural_key }).toEqual({
          ref,
          sub,
          status: 200,
          key: 'sb/2091/1',
        });
      }
    }
  });

  it('does not take what only resembles an ELI or a doc number', async () => {
    for (const ref of [
      '%2Feli%2Fsk%2Fsb%2F2091%2F1',
      'eli%2Fcz%2Fsb%2F2091%2F1%2F2091-02-01',
      '1%2F2091',
      '1%2F2091%20Sbirka',
      'sb-2091-1',
    ]) {
      const fast = await h.get(`/v1/legal/documents/${ref}`, key);
      const routed = await h.http.get(`/v1/LEGAL/documents/${ref}`).set('Authorization', `Bearer ${key}`);
      expect({ ref, fast: fast.status, routed: routed.status }).toEqual({ ref, fast: 404, routed: 404 });
    }
  });

  it('looks an id up exactly, whatever the cache holds', async () => {
    expect((await h.get('/v1/legal/documents/SB-2091-1', key)).status).toBe(200);
    expect((await h.get('/v1/legal/documents/sb-2091-1', key)).status).toBe(404);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await h.http.head('/v1/legal/documents/sb%2F2091%2F1').set('Authorization', `Bearer ${key}`);
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(res.text ?? '').toBe('');
  });
});
