import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import {
  ApiError,
  checkCitationsRoute,
  declareRoute,
  declaredPaths,
  DOCS_DIR,
  loadOpenApiDocument,
  parseRouteInput,
  queryInt,
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
