import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import {
  ApiError,
  checkCitationsRoute,
  declareRoute,
  declaredPaths,
  diffDocumentRoute,
  DOCUMENT_ROUTES,
  DOCS_DIR,
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
  V1_ROUTES,
} from '../src';

const listRoute = declareRoute({
  method: 'get',
  path: '/v1/things/{id}',
  operationId: 'listThings',
  summary: 'Things',
  tags: ['test'],
  scope: 'read',
  operation: 'changes.list',
  params: z.object({ id: z.string().regex(/^th_/, 'must start with th_') }),
  query: z.object({ limit: queryInt(1, 100, 20), cursor: queryString(200) }),
  responses: { 200: { description: 'Things.', data: z.object({ things: z.array(z.string()) }) } },
});

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

  it('every declared route is in the loaded document, with its prose from operations.md', () => {
    const doc = loadOpenApiDocument();
    for (const route of V1_ROUTES) {
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
          'paths:\n',
          "paths:\n  /v1/usage:\n    get:\n      operationId: getUsage\n      responses: { '200': { description: x } }\n",
        ),
      );
      expect(() => loadOpenApiDocument(dir)).toThrow(/GET \/v1\/usage is declared in code/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
});
