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
  getDocumentPaidRoute,
  loadOpenApiDocument,
  parseRouteInput,
  queryInt,
  queryString,
  V1_ROUTES,
  X402_ROUTES,
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
