import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import {
  ApiError,
  COMPONENTS,
  schemaRef,
  componentSchema,
  DateSchema,
  DocumentSchema,
  TextStatusSchema,
  checkCitationsRoute,
  declareRoute,
  declaredPaths,
  diffDocumentRoute,
  DOCUMENT_ROUTES,
  DOCS_DIR,
  getDocumentPaidRoute,
  getOpenApiRoute,
  listChangesRoute,
  encodeCursor,
  FEED_CURSOR,
  getDocumentRoute,
  internalGetDocumentRoute,
  listProvisionsRoute,
  loadOpenApiDocument,
  parseRouteInput,
  queryDate,
  queryEnum,
  queryInt,
  queryList,
  queryString,
  searchDocumentsRoute,
  V1_ROUTES,
  X402_ROUTES,
  type OperationOf,
} from '../src';

/** A test route of things, with the query given. */
const thingsRoute = <Q extends z.ZodType>(query: Q) =>
  declareRoute({
    method: 'get',
    path: '/v1/things/{id}',
    operationId: 'listThings',
    summary: 'Things',
    tags: ['test'],
    scope: 'read',
    operation: 'changes.list',
    params: z.object({ id: z.string().regex(/^th_/, 'must start with th_') }),
    query,
    responses: { 200: { description: 'Things.', data: z.object({ things: z.array(z.string()) }) } },
  });

const listRoute = thingsRoute(z.object({ limit: queryInt(1, 100, 20), cursor: queryString(200) }));

function problemsOf(fn: () => unknown): Array<{ field: string; problem: string }> {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('invalid_request');
    return (err as ApiError).details.errors as Array<{ field: string; problem: string }>;
  }
  throw new Error('expected a 400');
}

describe('parseRouteInput: input parsed from the declaration', () => {
  it('gives typed values, defaults included', () => {
    const input = parseRouteInput(listRoute, { params: { id: 'th_1' }, query: { limit: '5' }, body: undefined });
    expect(input.params.id).toBe('th_1');
    expect(input.query).toEqual({ limit: 5, cursor: undefined });
    expect(parseRouteInput(listRoute, { params: { id: 'th_1' }, query: { limit: '' }, body: undefined }).query.limit).toBe(20);
  });

  it('names every bad field at once, in path, query and body', () => {
    expect(
      problemsOf(() => parseRouteInput(listRoute, { params: { id: 'x' }, query: { limit: '500', cursor: ['a', 'b'] }, body: undefined })),
    ).toEqual([
      { field: 'id', problem: 'must start with th_' },
      { field: 'limit', problem: 'must be an integer from 1 to 100' },
      { field: 'cursor', problem: 'must be given once, as a string' },
    ]);
    expect(problemsOf(() => parseRouteInput(checkCitationsRoute, { params: {}, query: {}, body: { text: '', txt: 'a' } }))).toEqual([
      { field: 'txt', problem: 'is not a known field (known: text, at)' },
    ]);
    expect(problemsOf(() => parseRouteInput(checkCitationsRoute, { params: {}, query: {}, body: { text: '', at: '2024-02-30' } }))).toEqual(
      [
        { field: 'text', problem: 'must not be empty' },
        { field: 'at', problem: 'must be a date YYYY-MM-DD' },
      ],
    );
    expect(problemsOf(() => parseRouteInput(listRoute, { params: {}, query: {}, body: undefined }))).toEqual([
      { field: 'id', problem: 'is required' },
    ]);
    expect(problemsOf(() => parseRouteInput(checkCitationsRoute, { params: {}, query: {}, body: [1] }))).toEqual([
      { field: 'body', problem: 'must be a JSON object with: text, at' },
    ]);
  });

  it('reads the declared headers, whatever their case, under their declared names; a bad one is named', () => {
    const input = parseRouteInput(getDocumentPaidRoute, {
      params: { id: 'sb%2F2012%2F89' },
      query: {},
      body: undefined,
      headers: { 'payment-signature': 'v2', host: 'example.test' },
    });
    expect(input.params.id).toBe('sb%2F2012%2F89');
    expect(input.headers).toEqual({ 'PAYMENT-SIGNATURE': 'v2' });
    const withHeader = declareRoute({ ...listRoute, headers: z.object({ 'X-Thing': z.string().regex(/^t_/, 'must start with t_') }) });
    expect(
      problemsOf(() => parseRouteInput(withHeader, { params: { id: 'th_1' }, query: {}, body: undefined, headers: { 'x-thing': 'x' } })),
    ).toEqual([{ field: 'X-Thing', problem: 'must start with t_' }]);
  });
});

describe('declaredPaths: the OpenAPI operations generated from the declarations', () => {
  it('declares path and query parameters, the envelope and the error responses', () => {
    const op = declaredPaths([listRoute], DOCS_DIR)['/v1/things/{id}'].get as {
      parameters: Array<{ name: string; in: string; required?: boolean; schema: Record<string, unknown> }>;
      responses: Record<string, unknown>;
    };
    expect(op.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^th_' } },
      { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
      { name: 'cursor', in: 'query', schema: { type: 'string', maxLength: 200 } },
    ]);
    expect(Object.keys(op.responses)).toEqual(['200', '400', '401', '403', '405', '429', '500', '503']);
    expect(op.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
  });

  it("declares a key route's header parameters, and the 400 they may give", () => {
    const { params: _params, query: _query, ...rest } = listRoute;
    const route = declareRoute({ ...rest, path: '/v1/things', headers: z.object({ 'X-Thing': z.string().max(10) }) });
    const op = declaredPaths([route], DOCS_DIR)['/v1/things'].get as { parameters: unknown[]; responses: Record<string, unknown> };
    expect(op.parameters).toEqual([{ name: 'X-Thing', in: 'header', required: true, schema: { type: 'string', maxLength: 10 } }]);
    expect(op.responses['400']).toEqual({ $ref: '#/components/responses/InvalidRequest' });
  });

  it('states a paid route without a key: security [], header parameters, only the answers it declares', () => {
    const paidPost = declareRoute({
      auth: 'x402',
      method: 'post',
      path: '/x402/things',
      operationId: 'postThingPaid',
      summary: 'Things',
      tags: ['test'],
      headers: z.object({ 'X-PAYMENT': z.string().optional().meta({ description: 'The payment.' }) }),
      responses: { 200: { description: 'A thing.', body: z.object({ thing: z.string() }), headers: { 'X-PAYMENT-RESPONSE': 'Receipt' } } },
      errors: ['NotFound'],
    });
    const op = declaredPaths([paidPost], DOCS_DIR)['/x402/things'].post as Record<string, unknown>;
    expect(op.security).toEqual([]);
    expect(op.parameters).toEqual([{ name: 'X-PAYMENT', in: 'header', description: 'The payment.', schema: { type: 'string' } }]);
    expect(op.responses).toEqual({
      200: {
        description: 'A thing.',
        headers: { 'X-PAYMENT-RESPONSE': { $ref: '#/components/headers/Receipt' } },
        content: {
          'application/json': {
            schema: { type: 'object', properties: { thing: { type: 'string' } }, required: ['thing'], additionalProperties: false },
          },
        },
      },
      404: { $ref: '#/components/responses/NotFound' },
    });
  });

  it('serves GET /x402/legal/documents/{id} from its declaration (no longer written in x402.yaml)', () => {
    expect(readFileSync(join(DOCS_DIR, 'openapi', 'x402.yaml'), 'utf8')).not.toMatch(/^\s*\/x402\/legal\/documents\/\{id\}:/m);
    const op = (loadOpenApiDocument().paths['/x402/legal/documents/{id}'] as Record<string, Record<string, unknown>>).get;
    expect(op).toMatchObject({ operationId: 'getDocumentPaid', tags: ['x402'], security: [] });
    expect(op.description).toMatch(/^Mirrors `GET \/v1\/legal\/documents\/\{id\}` without an API key/);
    expect(op.parameters).toEqual([
      { name: 'id', in: 'path', required: true, description: expect.stringContaining('natural key'), schema: { type: 'string' } },
      { name: 'X-PAYMENT', in: 'header', description: expect.stringContaining('X402PaymentPayload'), schema: { type: 'string' } },
      { name: 'PAYMENT-SIGNATURE', in: 'header', description: expect.stringContaining('X402PaymentPayloadV2'), schema: { type: 'string' } },
    ]);
    const responses = op.responses as Record<string, Record<string, unknown>>;
    expect(Object.keys(responses)).toEqual(['200', '400', '402', '404', '405', '429', '500', '502', '503']);
    expect(responses['402']).toEqual({ $ref: '#/components/responses/X402PaymentRequired' });
    expect(responses['200'].content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/DocumentEnvelope' } } });
    expect(responses['200'].headers).toMatchObject({
      'X-PAYMENT-RESPONSE': { $ref: '#/components/headers/X402PaymentResponse' },
      'PAYMENT-RESPONSE': { $ref: '#/components/headers/X402PaymentResponseV2' },
      'X-RateLimit-Limit': { $ref: '#/components/headers/X402RateLimitLimit' },
    });
  });

  it('every declared route is in the loaded document, with its prose from operations.md', () => {
    const doc = loadOpenApiDocument();
    for (const route of [...V1_ROUTES, ...X402_ROUTES]) {
      const op = (doc.paths[route.path] as Record<string, { operationId: string; description?: string }>)[route.method];
      expect(op.operationId).toBe(route.operationId);
      expect(op.description).toEqual(expect.any(String));
    }
  });

  it('refuses a YAML that still writes a declared operation', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dp-contract-'));
    try {
      cpSync(DOCS_DIR, dir, { recursive: true });
      const main = readFileSync(join(dir, 'openapi.yaml'), 'utf8');
      writeFileSync(
        join(dir, 'openapi.yaml'),
        main.replace(
          'paths: {}\n',
          "paths:\n  /v1/usage:\n    get:\n      operationId: getUsage\n      responses: { '200': { description: x } }\n",
        ),
      );
      expect(() => loadOpenApiDocument(dir)).toThrow(/GET \/v1\/usage is declared in code/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('queryEnum, queryDate: query parameters other families can reuse', () => {
  const route = thingsRoute(z.object({ mode: queryEnum(['a', 'b'], 'a'), at: queryDate() }));
  const query = (q: Record<string, unknown>) => parseRouteInput(route, { params: { id: 'th_1' }, query: q, body: undefined }).query;

  it('gives the value, the default when absent or empty, a Date for a calendar date', () => {
    expect(query({})).toEqual({ mode: 'a', at: undefined });
    expect(query({ mode: '', at: '' })).toEqual({ mode: 'a', at: undefined });
    expect(query({ mode: 'b', at: '2024-02-29' })).toEqual({ mode: 'b', at: new Date('2024-02-29T00:00:00Z') });
  });

  it('names each bad one, a date that does not exist included', () => {
    const problems = (q: Record<string, unknown>) =>
      problemsOf(() => parseRouteInput(route, { params: { id: 'th_1' }, query: q, body: undefined }));
    expect(problems({ mode: 'c', at: '2023-02-29' })).toEqual([
      { field: 'mode', problem: 'must be one of: a, b' },
      { field: 'at', problem: 'must be a calendar date YYYY-MM-DD' },
    ]);
    expect(problems({ mode: ['a', 'b'], at: ['2024-01-01'] })).toEqual([
      { field: 'mode', problem: 'must be given once, as a string' },
      { field: 'at', problem: 'must be given once, as a string' },
    ]);
    expect(problems({ at: '0000-01-01' })).toEqual([{ field: 'at', problem: 'must be a calendar date YYYY-MM-DD' }]);
  });

  it('state their OpenAPI form', () => {
    const op = declaredPaths([route], DOCS_DIR)['/v1/things/{id}'].get as { parameters: Array<{ name: string; schema?: unknown }> };
    expect(op.parameters.slice(1)).toEqual([
      { name: 'mode', in: 'query', schema: { type: 'string', enum: ['a', 'b'], default: 'a' } },
      { name: 'at', in: 'query', schema: { type: 'string', format: 'date' } },
    ]);
  });
});

describe('searchDocumentsRoute: search declared', () => {
  const parse = (query: Record<string, unknown>) => parseRouteInput(searchDocumentsRoute, { params: {}, query, body: undefined });

  it('reads the query with its defaults', () => {
    expect(parse({ q: 'zákon' }).query).toEqual({
      q: 'zákon',
      mode: 'fulltext',
      granularity: 'document',
      filters: {},
      limit: 20,
      at: undefined,
      cursor: undefined,
    });
  });

  it('names every bad field of the query in one 400', () => {
    expect(
      problemsOf(() => parse({ q: '   ', mode: 'semantic', limit: '0', at: '2024-02-30', filters: 'x'.repeat(2001), cursor: ['a', 'b'] })),
    ).toEqual([
      { field: 'q', problem: 'must contain a search term' },
      { field: 'mode', problem: 'must be one of: fulltext, hybrid' },
      { field: 'filters', problem: 'must be at most 2000 characters' },
      { field: 'limit', problem: 'must be an integer from 1 to 100' },
      { field: 'at', problem: 'must be a calendar date YYYY-MM-DD' },
      { field: 'cursor', problem: 'must be given once, as a string' },
    ]);
    expect(problemsOf(() => parse({ q: 'x'.repeat(501), cursor: 'c'.repeat(401) }))).toEqual([
      { field: 'q', problem: 'must be at most 500 characters' },
      { field: 'cursor', problem: 'must be at most 400 characters' },
    ]);
    expect(problemsOf(() => parse({}))).toEqual([{ field: 'q', problem: 'is required' }]);
  });

  it("parses filters with the other fields: their problems are in the same 400 as the others'", () => {
    expect(parse({ q: 'zákon', filters: '{"doc_type":"act","published_from":"2001-01-01"}' }).query.filters).toEqual({
      docTypes: ['act'],
      publishedFrom: '2001-01-01',
    });
    expect(problemsOf(() => parse({ q: '   ', filters: '{"doc_type":["pamphlet"],"colour":"red"}', limit: '0' }))).toEqual([
      { field: 'q', problem: 'must contain a search term' },
      { field: 'filters.doc_type', problem: expect.stringMatching(/^must be a non-empty array of: act, /) as unknown },
      { field: 'filters.colour', problem: expect.stringMatching(/^is not a known filter/) as unknown },
      { field: 'limit', problem: 'must be an integer from 1 to 100' },
    ]);
    expect(problemsOf(() => parse({ q: 'zákon', filters: '[1]' }))).toEqual([{ field: 'filters', problem: 'must be a JSON object' }]);
  });

  it('chooses its operation by the mode; input that does not parse is counted as fulltext', () => {
    const choose = searchDocumentsRoute.operation as OperationOf<ReturnType<typeof parse>>;
    expect(choose(parse({ q: 'a', mode: 'hybrid' }))).toBe('search.hybrid');
    expect(choose(parse({ q: 'a' }))).toBe('search.fulltext');
    expect(choose(undefined)).toBe('search.fulltext');
  });

  it('generates its OpenAPI operation: parameters from the zod schemas, meta beside data', () => {
    const op = declaredPaths([searchDocumentsRoute], DOCS_DIR)['/v1/legal/search'].get as {
      parameters: Array<{ name: string; required?: boolean; schema?: unknown; content?: unknown }>;
      responses: Record<string, { content?: { 'application/json': { schema: { allOf: Array<Record<string, unknown>> } } } }>;
    };
    expect(op.parameters.map((p) => [p.name, p.required ?? false])).toEqual([
      ['q', true],
      ['mode', false],
      ['granularity', false],
      ['filters', false],
      ['limit', false],
      ['at', false],
      ['cursor', false],
    ]);
    expect(op.parameters[1].schema).toEqual({ type: 'string', enum: ['fulltext', 'hybrid'], default: 'fulltext' });
    expect(op.parameters[2].schema).toEqual({ type: 'string', enum: ['document', 'provision'], default: 'document' });
    expect(op.parameters[3].content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/SearchFilters' } } });
    expect(op.parameters[5].schema).toEqual({ type: 'string', format: 'date' });
    const envelope = op.responses['200'].content!['application/json'].schema.allOf[1] as {
      required: string[];
      properties: { meta: { allOf: Array<Record<string, unknown>> } };
    };
    expect(envelope.required).toEqual(['data', 'meta']);
    expect(envelope.properties.meta.allOf[0]).toEqual({ $ref: '#/components/schemas/Meta' });
    expect(envelope.properties.meta.allOf[1]).toMatchObject({
      type: 'object',
      required: ['mode', 'granularity', 'signals'],
      properties: { mode: { type: 'string', enum: ['fulltext', 'hybrid'] } },
    });
    expect(envelope.properties.meta.allOf[1]).not.toHaveProperty('additionalProperties');
  });
});

describe('getOpenApiRoute: an open route declared', () => {
  it('has no security, no 401 or 403, and its answer outside the envelope', () => {
    const op = declaredPaths([getOpenApiRoute], DOCS_DIR)['/v1/openapi.json'].get as {
      security: unknown[];
      responses: Record<string, { content?: { 'application/json': { schema: Record<string, unknown> } } }>;
    };
    expect(op.security).toEqual([]);
    expect(Object.keys(op.responses)).toEqual(['200', '400', '405', '429', '500', '503']);
    expect(op.responses['200'].content!['application/json'].schema).toMatchObject({ type: 'object', required: ['openapi', 'paths'] });
    expect(op.responses['200'].content!['application/json'].schema).not.toHaveProperty('allOf');
  });
});

describe('query helpers: a day, a comma list of a vocabulary, one word of a set', () => {
  it('read a calendar day, a list (each once, in order) and a word, with their defaults', () => {
    expect(queryDate().parse('2024-02-29')).toEqual(new Date(Date.UTC(2024, 1, 29)));
    expect(queryDate().parse('')).toBeUndefined();
    expect(queryList(['a', 'b', 'c'], ['c']).parse('b, a,b')).toEqual(['b', 'a']);
    expect(queryList(['a', 'b', 'c'], ['c']).parse(undefined)).toEqual(['c']);
    expect(queryEnum(['x', 'y'], 'y').parse(undefined)).toBe('y');
    expect(queryInt(1, 20).parse(undefined)).toBeUndefined();
  });
});

describe('the document routes (core DOCUMENT_ROUTES)', () => {
  const read = (route: typeof listProvisionsRoute | typeof diffDocumentRoute, query: Record<string, unknown>) =>
    parseRouteInput(route, { params: { id: 'sb/2012/89' }, query, body: undefined });

  it('parse a provisions query into typed values', () => {
    expect(read(listProvisionsRoute, { at: '2024-01-01', depth: '2' }).query).toEqual({
      at: new Date(Date.UTC(2024, 0, 1)),
      depth: 2,
      limit: 200,
      cursor: undefined,
      text_source: 'best',
    });
  });

  it('name every bad field of a provisions query in one 400', () => {
    expect(problemsOf(() => read(listProvisionsRoute, { at: '2024-02-30', depth: '0', limit: '5000', cursor: ['a', 'b'] }))).toEqual([
      { field: 'at', problem: 'must be a calendar date YYYY-MM-DD' },
      { field: 'depth', problem: 'must be an integer from 1 to 20' },
      { field: 'limit', problem: 'must be an integer from 1 to 1000' },
      { field: 'cursor', problem: 'must be given once, as a string' },
    ]);
    expect(problemsOf(() => read(diffDocumentRoute, { format: 'html' }))).toEqual([
      { field: 'from', problem: 'is required (a day YYYY-MM-DD)' },
      { field: 'to', problem: 'is required (a day YYYY-MM-DD)' },
      { field: 'format', problem: 'must be one of: json, unified' },
    ]);
    expect(
      problemsOf(() =>
        parseRouteInput(getDocumentRoute, { params: { id: 'x' }, query: { include: 'text,bogus', text_limit: '0' }, body: undefined }),
      ),
    ).toEqual([
      { field: 'include', problem: 'must be a comma list of: text, sections, versions, relations, effectivity' },
      { field: 'text_limit', problem: 'must be an integer from 1 to 2000000' },
    ]);
  });

  it("the internal document read takes the /v1 read's input", () => {
    expect(
      parseRouteInput(internalGetDocumentRoute, { params: { id: 'sb/2012/89' }, query: { include: 'text' }, body: undefined }).query,
    ).toEqual(parseRouteInput(getDocumentRoute, { params: { id: 'sb/2012/89' }, query: { include: 'text' }, body: undefined }).query);
  });

  it('their OpenAPI operations come from the declarations: ETag, 304, If-None-Match, text/plain for the diff', () => {
    const doc = loadOpenApiDocument();
    for (const route of Object.values(DOCUMENT_ROUTES)) {
      const op = (doc.paths[route.path] as Record<string, Record<string, unknown>>).get;
      const responses = op.responses as Record<
        string,
        { headers?: Record<string, unknown>; content?: Record<string, unknown>; $ref?: string }
      >;
      expect(op.operationId).toBe(route.operationId);
      expect(op.parameters).toContainEqual({ $ref: '#/components/parameters/IfNoneMatch' });
      expect(responses['304']).toEqual({ $ref: '#/components/responses/NotModified' });
      expect(responses['200'].headers).toMatchObject({
        ETag: { $ref: '#/components/headers/ETag' },
        'Cache-Control': { $ref: '#/components/headers/Cache-Control' },
      });
      expect(Object.keys(responses['200'].content ?? {})).toEqual(
        route === diffDocumentRoute ? ['application/json', 'text/plain'] : ['application/json'],
      );
    }
    // Not in the public document.
    expect(doc.paths[internalGetDocumentRoute.path]).toBeUndefined();
  });

  it("keep a query field's examples in its parameter (a comma list's value is not obvious)", () => {
    const op = (loadOpenApiDocument().paths['/v1/legal/documents/{id}'] as Record<string, { parameters: Array<{ name: string }> }>).get;
    expect(op.parameters.find((p) => p.name === 'include')).toMatchObject({ schema: { type: 'string', examples: ['text,versions'] } });
  });
});

describe('listChangesRoute: the changes feed declared', () => {
  const parse = (query: Record<string, unknown>) => parseRouteInput(listChangesRoute, { params: {}, query, body: undefined });

  it('reads since as a time or a cursor of the feed, and the filters', () => {
    expect(parse({ since: '2026-01-01T00:00:00Z' }).query).toEqual({
      since: { since: new Date('2026-01-01T00:00:00Z') },
      filters: {},
      limit: 100,
    });
    expect(parse({ since: FEED_CURSOR.encode({ txid: '812', seq: '40' }), filters: '{"kinds":"document.created"}' }).query).toMatchObject({
      since: { txid: '812', seq: '40' },
      filters: { kinds: ['document.created'] },
    });
    expect(parse({ since: FEED_CURSOR.encode({ after: '2026-02-01T00:00:00Z' }) }).query.since).toEqual({
      since: new Date('2026-02-01T00:00:00Z'),
    });
    // Cursors issued before the fields had names (feed consumers keep theirs for days) still read.
    expect(parse({ since: encodeCursor({ t: '812', s: '40' }) }).query.since).toEqual({ txid: '812', seq: '40' });
    expect(parse({ since: encodeCursor({ a: '2026-02-01T00:00:00Z' }) }).query.since).toEqual({ since: new Date('2026-02-01T00:00:00Z') });
    expect(() => parse({ since: encodeCursor({ txid: '812', seq: '-1' }) })).toThrow();
  });

  it('names a bad since and bad filters in one 400', () => {
    expect(problemsOf(() => parse({ since: 'yesterday', filters: '{"published_from":"2001-01-01"}' }))).toEqual([
      { field: 'since', problem: expect.stringMatching(/^must be an RFC 3339 timestamp/) as unknown },
      { field: 'filters.published_from', problem: expect.stringMatching(/^is not a known filter/) as unknown },
    ]);
    expect(problemsOf(() => parse({}))).toEqual([{ field: 'since', problem: 'is required' }]);
  });
});

describe('component: the response schemas declared in zod', () => {
  it('the document states each declared component as converted, and no YAML states a schema', () => {
    const schemas = loadOpenApiDocument().components!.schemas;
    expect(schemas.Document).toEqual(componentSchema(DocumentSchema));
    // Every schema of the document but the error contract's (errors.ts) is a declared component.
    expect(Object.keys(schemas).sort()).toEqual([...Object.keys(COMPONENTS), 'ErrorCode', 'ErrorEnvelope'].sort());
    expect(schemas.Date).toEqual({ type: ['string', 'null'], format: 'date' });
    const yamls = [
      'openapi.yaml',
      ...readdirSync(join(DOCS_DIR, 'openapi'))
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => `openapi/${f}`),
    ];
    for (const file of yamls) expect(readFileSync(join(DOCS_DIR, file), 'utf8')).not.toMatch(/^\s*schemas:/m);
  });

  it("states a component in the document's style: nullable types, oneOf, open objects, $ref to the others", () => {
    const schema = z.strictObject({
      a: z.string().nullable(),
      b: z.enum(['x', 'y']).nullable().optional(),
      c: z.int().min(0),
      d: z.literal(true),
      e: z.union([z.null(), TextStatusSchema]),
      f: DateSchema.meta({ description: 'Its own description.' }),
      g: z.record(z.string(), z.unknown()),
      h: z.object({ i: DateSchema }),
    });
    expect(componentSchema(schema)).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['a', 'c', 'd', 'e', 'f', 'g', 'h'],
      properties: {
        a: { type: ['string', 'null'] },
        b: { type: ['string', 'null'], enum: ['x', 'y', null] },
        c: { type: 'integer', minimum: 0 },
        d: { const: true },
        e: { oneOf: [{ type: 'null' }, { $ref: '#/components/schemas/TextStatus' }] },
        f: { $ref: '#/components/schemas/Date', description: 'Its own description.' },
        g: { type: 'object' },
        h: { type: 'object', required: ['i'], properties: { i: { $ref: '#/components/schemas/Date' } } },
      },
    });
  });

  it('a JSON Schema stated by hand refers to a component by a name the compiler checks', () => {
    expect(schemaRef('SearchFilters')).toEqual({ $ref: '#/components/schemas/SearchFilters' });
    // @ts-expect-error no component has this name (the typecheck fails if one is ever accepted)
    schemaRef('NoSuchSchema');
  });

  it('a route answering a component refers to it', () => {
    const route = declareRoute({
      method: 'get',
      path: '/v1/component-probe',
      operationId: 'componentProbe',
      summary: 'probe',
      tags: ['documents'],
      scope: 'read',
      operation: 'documents.get',
      responses: { 200: { description: 'ok', data: z.object({ dates: z.array(DateSchema) }) } },
    });
    const ok = declaredPaths([route], DOCS_DIR)['/v1/component-probe'].get as { responses: Record<string, any> };
    expect(ok.responses['200'].content['application/json'].schema.allOf[1].properties.data.properties.dates.items).toEqual({
      $ref: '#/components/schemas/Date',
    });
  });
});
