import { z } from 'zod';
import { DOCUMENT_ROUTES, declareRoute, declaredQueryParameters, pathMatcher, spansSegments, V1_ROUTES } from '../src';

const declared = declaredQueryParameters(V1_ROUTES);
const names = (method: string, url: string) => {
  const found = declared(method, url);
  return found && [...found];
};
const keysOf = (query: unknown) => Object.keys((query as z.ZodObject).shape);

describe('declaredQueryParameters: the allow-list of the route the router picks (core pathMatcher)', () => {
  it('gives each document sub-resource its own parameters, the reference written raw or %2F-encoded', () => {
    for (const route of Object.values(DOCUMENT_ROUTES)) {
      const path = route.path.replace('{id}', 'sb/2012/89').replace('{provision}', 'par_52/odst_1/pism_g');
      const encoded = route.path.replace('{id}', 'sb%2F2012%2F89').replace('{provision}', 'par_52%2Fodst_1%2Fpism_g');
      const expected = route.query ? keysOf(route.query) : [];
      expect({ path, names: names('GET', `${path}?x=1`) }).toEqual({ path, names: expected });
      expect({ encoded, names: names('HEAD', encoded) }).toEqual({ encoded, names: expected });
    }
  });

  it('reads a provision id with slashes up to the `history` word, as the router does', () => {
    expect(names('GET', '/v1/legal/documents/sb/2012/89/provisions/par_52/odst_1/history')).toEqual(
      keysOf(DOCUMENT_ROUTES.provision_history.query),
    );
    expect(names('GET', '/v1/legal/documents/sb/2012/89/provisions/par_52/odst_1')).toEqual(keysOf(DOCUMENT_ROUTES.provision.query));
    expect(names('GET', '/v1/legal/documents/sb/2012/89/provisions?limit=5')).toEqual(keysOf(DOCUMENT_ROUTES.provisions.query));
  });

  it('agrees with the router on every document path: the same route, hence the same parameters', () => {
    const match = pathMatcher('/v1/legal/documents/', Object.values(DOCUMENT_ROUTES));
    for (const rest of [
      'sb/2012/89',
      'sb/2012/89/amendments',
      'sb/2012/89/Effectivity',
      'eli/cz/sb/2012/89/diff',
      'sb/2012/89/provisions/par_1/provisions',
    ]) {
      const routed = match(rest.split('/'))?.routes[0];
      expect({ rest, names: names('GET', `/v1/legal/documents/${rest}`) }).toEqual({
        rest,
        names: routed && keysOf(routed.query ?? z.object({})),
      });
    }
  });

  it('takes the prefix and the other templates in any case, with a trailing slash, as Express routes them', () => {
    // The words after a document reference compare exactly (the router's pathMatcher): `Effectivity`
    // ends the id of a document read, so the read's parameters apply, not the effectivity's.
    expect(names('GET', '/V1/Legal/Documents/sb%2F2012%2F89/effectivity/')).toEqual(keysOf(DOCUMENT_ROUTES.effectivity.query));
    expect(names('GET', '/v1/legal/documents/sb%2F2012%2F89/Effectivity')).toEqual(keysOf(DOCUMENT_ROUTES.document.query));
    expect(names('GET', '/V1/Webhooks/wh_1/Deliveries/')).toEqual(['limit', 'cursor']);
    expect(names('POST', '/v1/webhooks/wh_1/deliveries/msg_1/replay')).toEqual([]);
  });

  it('is a new sub-resource by its declaration alone', () => {
    const id = spansSegments(z.string());
    const common = { method: 'get', scope: 'read', operation: 'documents.get', tags: ['t'], summary: 's', responses: {} } as const;
    const parts = declareRoute({
      ...common,
      path: '/v1/things/{id}/parts',
      operationId: 'listParts',
      params: z.object({ id }),
      query: z.object({ depth: z.string().optional() }),
    });
    const thing = declareRoute({ ...common, path: '/v1/things/{id}', operationId: 'getThing', params: z.object({ id }) });
    const lookup = declaredQueryParameters([thing, parts]);
    expect([...lookup('GET', '/v1/things/a/b/parts?depth=1')!]).toEqual(['depth']);
    expect([...lookup('GET', '/v1/things/a/b')!]).toEqual([]);
  });

  it('knows nothing of paths, methods and escapes no route declares (the router answers them)', () => {
    expect(declared('GET', '/v1/nowhere?x=1')).toBeUndefined();
    expect(declared('PUT', '/v1/usage')).toBeUndefined();
    expect(declared('POST', '/v1/legal/documents/sb/2012/89')).toBeUndefined();
    expect(declared('GET', '/v1/legal/documents/')).toBeUndefined();
    expect(declared('GET', '/v1/legal/documents/sb%E0/diff')).toBeUndefined();
  });
});
