import { z } from 'zod';
import {
  DOCUMENT_ROUTES,
  declareRoute,
  docTypeOf,
  internalGetDocumentRoute,
  pathMatcher,
  spanningPrefix,
  spansSegments,
  toOpenApiSchema,
  V1_ROUTES,
} from '../src';

const PREFIX = '/v1/legal/documents/';
const documents = pathMatcher(PREFIX, Object.values(DOCUMENT_ROUTES));
/** The operationId and parameters a path (after the prefix, as the router decodes its segments) is routed to. */
const route = (...segments: string[]) => {
  const found = documents(segments);
  return found && { operation: found.routes.map((r) => r.operationId).join(','), params: found.params };
};

describe('pathMatcher: the document routes from their declarations', () => {
  it('takes the prefix of templates whose parameter spans segments, and of no other', () => {
    expect(Object.values(DOCUMENT_ROUTES).map(spanningPrefix)).toEqual(Object.values(DOCUMENT_ROUTES).map(() => PREFIX));
    expect(spanningPrefix(internalGetDocumentRoute)).toBe('/internal/legal/documents/');
    const others = V1_ROUTES.filter((r) => !Object.values(DOCUMENT_ROUTES).some((d) => d === r));
    expect(others.map(spanningPrefix).filter((p) => p !== undefined)).toEqual([]);
  });

  it('reads a reference written raw or %2F-encoded (decoded: one segment) as the {id} of the document read', () => {
    expect(route('sb', '2012', '89')).toEqual({ operation: 'getDocument', params: { id: 'sb/2012/89' } });
    expect(route('sb/2012/89')).toEqual({ operation: 'getDocument', params: { id: 'sb/2012/89' } });
    expect(route('eli', 'cz', 'sb', '2012', '89')).toEqual({ operation: 'getDocument', params: { id: 'eli/cz/sb/2012/89' } });
    expect(route('SB-2012-89')).toEqual({ operation: 'getDocument', params: { id: 'SB-2012-89' } });
  });

  it('tells each sub-resource by the words after the reference', () => {
    for (const [word, operation] of [
      ['effectivity', 'getEffectivity'],
      ['relations', 'getRelations'],
      ['diff', 'diffDocument'],
      ['amendments', 'listAmendments'],
      ['provisions', 'listProvisions'],
    ]) {
      expect(route('sb', '2012', '89', word)).toEqual({ operation, params: { id: 'sb/2012/89' } });
      expect(route('sb/2012/89', word)).toEqual({ operation, params: { id: 'sb/2012/89' } });
    }
  });

  it('reads a provision id with its slashes, raw or encoded, and its history', () => {
    const provision = { operation: 'getProvision', params: { id: 'sb/2012/89', provision: 'par_52/odst_1/pism_g' } };
    expect(route('sb', '2012', '89', 'provisions', 'par_52', 'odst_1', 'pism_g')).toEqual(provision);
    expect(route('sb/2012/89', 'provisions', 'par_52/odst_1/pism_g')).toEqual(provision);
    expect(route('sb', '2012', '89', 'provisions', 'par_52', 'odst_1', 'history')).toEqual({
      operation: 'getProvisionHistory',
      params: { id: 'sb/2012/89', provision: 'par_52/odst_1' },
    });
  });

  it('matches no route where the words leave a parameter empty or follow no template', () => {
    expect(route('effectivity')).toBeUndefined();
    expect(route('provisions', 'par_1')).toBeUndefined();
    expect(route('sb', '2012', '89', 'provisions', 'history')).toBeUndefined();
    expect(route('sb', '2012', '89', 'effectivity', 'relations')).toBeUndefined();
    expect(route()).toBeUndefined();
  });

  it('is a new sub-resource by its declaration alone', () => {
    const id = spansSegments(z.string());
    const common = { method: 'get', scope: 'read', operation: 'documents.get', tags: ['t'], summary: 's' } as const;
    const thing = declareRoute({ ...common, path: '/v1/things/{id}', operationId: 'getThing', params: z.object({ id }), responses: {} });
    const parts = declareRoute({
      ...common,
      path: '/v1/things/{id}/parts/{part}',
      operationId: 'getPart',
      params: z.object({ id, part: z.string() }),
      responses: {},
    });
    const match = pathMatcher('/v1/things/', [thing, parts]);
    expect(match(['a', 'b', 'parts', 'c'])).toEqual({ routes: [parts], params: { id: 'a/b', part: 'c' } });
    expect(match(['a', 'b'])).toEqual({ routes: [thing], params: { id: 'a/b' } });
    // {part} does not span segments.
    expect(match(['a', 'parts', 'c', 'd'])).toBeUndefined();
  });

  it('refuses templates it could not tell apart', () => {
    const id = spansSegments(z.string());
    const at = (path: string) =>
      declareRoute({
        method: 'get',
        scope: 'read',
        operation: 'documents.get',
        tags: ['t'],
        summary: 's',
        path,
        operationId: path,
        params: z.object({ id, other: z.string() }),
        responses: {},
      });
    expect(() => pathMatcher('/v1/x/', [at('/v1/x/{id}/{other}')])).toThrow(/side by side/);
    expect(() => pathMatcher('/v1/x/', [at('/v1/x/{id}/y/{other}'), at('/v1/x/{other}/y/{id}')])).toThrow(/same shape/);
    expect(() => pathMatcher('/v1/y/', [at('/v1/x/{id}')])).toThrow(/not under/);
  });

  it('keeps the declaration out of the OpenAPI schema of the parameter', () => {
    for (const field of [DOCUMENT_ROUTES.document.params!.shape.id, DOCUMENT_ROUTES.provision.params!.shape.provision]) {
      expect(Object.keys(toOpenApiSchema(field, 'input')).sort()).toEqual(['description', 'type']);
    }
  });
});

describe('docTypeOf', () => {
  it('gives a stored doc_type of the vocabulary as it is, anything else as other', () => {
    expect(docTypeOf('decree')).toBe('decree');
    expect(docTypeOf('government_regulation')).toBe('government_regulation');
    expect(docTypeOf('Decree')).toBe('other');
    expect(docTypeOf('')).toBe('other');
  });
});
