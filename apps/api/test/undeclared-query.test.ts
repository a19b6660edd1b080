import { declaredQueryParameters, loadOpenApiDocument, V1_ROUTES } from '@dp/core';
import { seedFixtureCorpus } from '@dp/testing';
import { createSeededHarness, errorFields, type Harness, type HarnessMethod } from './harness';

/**
 * A query parameter a /v1 route does not declare (`filter=`, `sort=`, `from=`) is a 400 naming it,
 * on every route, so a client never takes an ignored parameter for an applied one.
 */
let h: Harness;
let key: string;
let webhookId: string;
let deliveryId: string;
beforeAll(async () => {
  ({ h, key } = await createSeededHarness(seedFixtureCorpus));
  const created = await h.call('post', '/v1/webhooks', key, { url: 'https://hooks.example.com/q', events: ['document.created'] });
  webhookId = created.body.data.webhook.id;
  const sent = await h.call('post', `/v1/webhooks/${webhookId}/test`, key);
  deliveryId = sent.body.data.delivery.id;
});
afterAll(() => h.close());

const doc = loadOpenApiDocument();
const v1Operations = Object.entries(doc.paths)
  .filter(([path]) => path.startsWith('/v1/'))
  .flatMap(([path, item]) =>
    Object.keys(item as object)
      .filter((m) => m !== 'parameters')
      .map((method) => ({ method: method as HarnessMethod, path })),
  );

/** A concrete request of each /v1 operation (a body only where the route needs one to get that far). */
function concrete(path: string): string {
  return path
    .replace('{deliveryId}', deliveryId)
    .replace('/webhooks/{id}', `/webhooks/${webhookId}`)
    .replace('/documents/{id}', '/documents/sb%2F2091%2F1');
}

describe('undeclared query parameters on /v1', () => {
  it('the OpenAPI document defines the /v1 routes this test walks', () => {
    expect(v1Operations.length).toBeGreaterThanOrEqual(17);
  });

  it.each(v1Operations)('$method $path: 400 naming each undeclared parameter', async ({ method, path }) => {
    const url = `${concrete(path)}?filter=a&sort=title&from=2024-01-01`;
    const res = await h.call(method, url, key, method === 'post' || method === 'patch' ? {} : undefined);
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 400, code: 'invalid_request' });
    // `from` is a parameter of the diff (#24): there only the other two are undeclared.
    const declared = declaredQueryParameters(V1_ROUTES)(method, url);
    expect(errorFields(res)).toEqual(['filter', 'sort', 'from'].filter((name) => !declared?.has(name)));
    expect(res.body.error.details.errors[0].problem).toMatch(/^is not a parameter of this endpoint/);
  });

  it('declared parameters are served, one undeclared among them is named alone', async () => {
    expect((await h.get('/v1/legal/search?q=z%C3%A1kon&mode=fulltext&limit=5&at=2091-06-01', key)).status).toBe(200);
    expect((await h.get('/v1/legal/documents/sb%2F2091%2F1?include=text&text_offset=0&text_limit=10&at=2091-06-01', key)).status).toBe(200);
    expect((await h.get('/v1/legal/documents/sb/2091/1/relations?direction=both&limit=5', key)).status).toBe(200);
    const res = await h.get('/v1/legal/search?q=z%C3%A1kon&limit=5&sort=date', key);
    expect(res.status).toBe(400);
    expect(errorFields(res)).toEqual(['sort']);
    expect(res.body.error.details.errors[0].problem).toBe(
      'is not a parameter of this endpoint (known: q, mode, granularity, filters, limit, at, cursor)',
    );
  });

  it('a parameter of another route is undeclared here (`limit` on a document, `include` on relations)', async () => {
    for (const [url, field] of [
      ['/v1/legal/documents/sb%2F2091%2F1?limit=5', 'limit'],
      ['/v1/legal/documents/sb/2091/1/relations?include=text', 'include'],
      ['/v1/legal/documents/sb%2F2091%2F1/effectivity?cursor=x', 'cursor'],
      ['/v1/usage?from=2024-01-01', 'from'],
    ]) {
      const res = await h.get(url, key);
      expect({ url, status: res.status, fields: errorFields(res) }).toEqual({ url, status: 400, fields: [field] });
    }
  });

  it('checks the parameters of the route that answers: a word in another case is part of the reference', async () => {
    // The router reads `Effectivity` as the end of a document reference (the words after one compare
    // exactly), so the document read's `include` is a parameter there and the read answers 404.
    const res = await h.get('/v1/legal/documents/sb%2F2091%2F1/Effectivity?include=text', key);
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 404, code: 'not_found' });
    const sub = await h.get('/v1/legal/documents/sb%2F2091%2F1/effectivity?include=text', key);
    expect({ status: sub.status, fields: errorFields(sub) }).toEqual({ status: 400, fields: ['include'] });
  });

  it('the document read answers alike before the router and through it, also for HEAD', async () => {
    const fast = await h.get('/v1/legal/documents/sb%2F2091%2F1?filter=x', key);
    const routed = await h.http.get('/v1/LEGAL/documents/sb%2F2091%2F1?filter=x').set('Authorization', `Bearer ${key}`);
    expect([fast.status, routed.status]).toEqual([400, 400]);
    expect(fast.body.error).toEqual(routed.body.error);
    const head = await h.http.head('/v1/legal/documents/sb%2F2091%2F1?filter=x').set('Authorization', `Bearer ${key}`);
    expect(head.status).toBe(400);
  });

  it('without a usable key the 401 comes first, as for an unknown route', async () => {
    const anonymous = await h.get('/v1/legal/search?q=x&filter=a');
    expect(anonymous.status).toBe(401);
    const bad = await h.get('/v1/legal/search?q=x&filter=a', 'dp_live_notakey');
    expect(bad.status).toBe(401);
  });
});

describe('declaredQueryParameters', () => {
  const declared = declaredQueryParameters(V1_ROUTES);
  it('reads the same parameters from the declarations as the generated OpenAPI document lists', () => {
    type Parameter = { name?: string; in?: string; $ref?: string };
    const resolve = (p: Parameter): Parameter =>
      p.$ref ? ((doc.components?.parameters?.[p.$ref.split('/').pop()!] as Parameter | undefined) ?? {}) : p;
    for (const { method, path } of v1Operations) {
      const item = doc.paths[path] as Record<string, { parameters?: Parameter[] }> & { parameters?: Parameter[] };
      const listed = [...(item.parameters ?? []), ...(item[method].parameters ?? [])].map(resolve).filter((p) => p.in === 'query');
      const concretePath = path.replace(/\{[^}]+\}/g, 'x');
      expect({ method, path, names: [...(declared(method, concretePath) ?? [])].sort() }).toEqual({
        method,
        path,
        names: listed.map((p) => p.name).sort(),
      });
    }
  });

  it('finds the operation of a path as the routes do: sub-resources before ids with slashes, any case, a trailing slash', () => {
    expect([...declared('GET', '/v1/legal/documents/sb/2012/89/relations?x=1')!]).toEqual(['direction', 'types', 'limit', 'cursor']);
    expect([...declared('HEAD', '/v1/legal/documents/sb/2012/89')!]).toEqual(['at', 'include', 'text_offset', 'text_limit', 'text_source']);
    expect([...declared('GET', '/V1/Legal/Documents/sb%2F2012%2F89/effectivity/')!]).toEqual(['at']);
    expect([...declared('GET', '/v1/webhooks/wh_1/deliveries')!]).toEqual(['limit', 'cursor']);
    expect([...declared('POST', '/v1/webhooks/wh_1/deliveries/d_1/replay')!]).toEqual([]);
  });

  it('knows nothing of paths and methods the document does not define (the router answers them)', () => {
    expect(declared('GET', '/v1/nowhere?x=1')).toBeUndefined();
    expect(declared('PUT', '/v1/usage')).toBeUndefined();
  });
});
