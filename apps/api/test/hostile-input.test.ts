import {
  createOrgWithKey,
  createTestDatabase,
  createTestState,
  expectMatchesOpenApi,
  faultLines,
  memoryLogger,
  parseRawResponse,
  rawExchange,
  scaledBound,
  send,
  serve,
  type Served,
  type TestDatabase,
} from '@dp/testing';
import type { SharedState } from '@dp/core';
import { createApi, type Api } from '../src/app';
import { apiConfig } from './harness';

let db: TestDatabase;
let state: SharedState;
let api: Api;
let served: Served;
let key: string;
const logs: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  state = createTestState();
  api = createApi({ db, state, config: apiConfig(), logger: memoryLogger(logs, 'info') });
  served = await serve(api.app, memoryLogger(logs, 'info'));
  key = (await createOrgWithKey(db, { name: 'hostile', requestsPerMinute: 100_000 })).key;
});
afterAll(async () => {
  await served.close();
  await api.close();
  await state.close();
  await db.destroy();
});

type Answer = { status: number; body: unknown; headers: Record<string, unknown> };

function expectEnvelope(res: Answer, status: number, code: string): void {
  expect(res.status).toBe(status);
  const body = res.body as { error?: { code?: string; message?: string; details?: unknown }; meta?: { request_id?: string } };
  expect(body.error?.code).toBe(code);
  expect(typeof body.error?.message).toBe('string');
  expect(body.error?.details).toEqual(expect.any(Object));
  expect(body.meta?.request_id).toBe(res.headers['x-request-id']);
}

const get = (path: string, headers: Record<string, string> = { authorization: `Bearer ${key}` }) => send(served.port, { path, headers });

describe('api: hostile input is a 4xx with the error envelope, never a 500', () => {
  it('malformed percent-encoding in a path: 400 invalid_request', async () => {
    for (const path of [
      '/v1/legal/documents/%C3%28',
      '/v1/legal/documents/%zz',
      '/v1/legal/documents/%C3%28/relations',
      '/v1/webhooks/%E0%80',
    ]) {
      const res = await get(path);
      expectEnvelope(res, 400, 'invalid_request');
      expect(res.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
      expectMatchesOpenApi(res, 'get', path.replace(/%[^/]*/g, 'x'));
    }
  });

  it('a NUL in a document id: 400 naming the path, not a database error', async () => {
    const res = await get('/v1/legal/documents/sb%002012');
    expectEnvelope(res, 400, 'invalid_request');
    expect((res.body as { error: { details: { errors: unknown[] } } }).error.details.errors).toEqual([
      { field: 'path', problem: expect.any(String) },
    ]);
  });

  it('NUL and control bytes in query parameters: 400', async () => {
    for (const q of ['%00', 'z%C3%A1kon%00', 'a%1Bb', '%7F']) {
      const res = await get(`/v1/legal/search?q=${q}`);
      expectEnvelope(res, 400, 'invalid_request');
      expectMatchesOpenApi(res, 'get', '/v1/legal/search');
    }
    expectEnvelope(await get('/v1/legal/changes?since=2020-01-01T00:00:00Z%00'), 400, 'invalid_request');
  });

  it('NUL in POST /v1/webhooks fields: 400', async () => {
    for (const body of [
      { url: 'https://example.com/\u0000hook', events: ['document.created'] },
      { url: 'https://example.com/hook', events: ['document.created\u0000'] },
      { url: 'https://example.com/hook', events: ['document.created'], description: 'a\u0000b' },
    ]) {
      const res = await send(served.port, {
        method: 'POST',
        path: '/v1/webhooks',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expectEnvelope(res, 400, 'invalid_request');
      expectMatchesOpenApi(res, 'post', '/v1/webhooks');
    }
  });

  it("Node's parser errors answer the envelope: bad request line 400, headers too large 431", async () => {
    expectEnvelope(parseRawResponse(await rawExchange(served.port, 'GET /v1 HTTP/1.1 extra\r\nHost: x\r\n\r\n'))!, 400, 'invalid_request');
    expectEnvelope(
      parseRawResponse(await rawExchange(served.port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`))!,
      431,
      'headers_too_large',
    );
  });

  it('CONNECT answers 405 method_not_allowed instead of closing without a word', async () => {
    const res = parseRawResponse(await rawExchange(served.port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'));
    expectEnvelope(res!, 405, 'method_not_allowed');
  });

  it('an Expect value other than 100-continue is ignored (RFC 9110 allows it), not a bare 417', async () => {
    const res = await send(served.port, { path: '/v1/usage', headers: { authorization: `Bearer ${key}`, expect: 'something-odd' } });
    expect(res.status).toBe(200);
  });

  it('a Content-Length over the limit is refused at once (413) and the connection closed, not held until the body times out', async () => {
    // Only the headers and one byte of the declared 50 MB are sent: the answer must not wait for the rest.
    const answer = await rawExchange(
      served.port,
      `POST /v1/legal/citations HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\n\r\n{`,
      scaledBound(10_000),
    );
    const res = parseRawResponse(answer);
    expect(res).toBeDefined();
    expectEnvelope(res!, 413, 'payload_too_large');
    expect(res!.headers.connection).toBe('close');
    expect((res!.body as { error: { details: unknown } }).error.details).toMatchObject({ content_length: 50_000_000 });
  });

  it('a POST whose operation takes no body answers the action without a Content-Type, or with any body (none is read)', async () => {
    const created = await send(served.port, {
      method: 'POST',
      path: '/v1/webhooks',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/hook', events: ['document.created'] }),
    });
    expect(created.status).toBe(201);
    const id = (created.body as { data: { webhook: { id: string } } }).data.webhook.id;
    for (const [action, status] of [
      ['test', 202],
      ['rotate-secret', 200],
    ] as const) {
      const path = `/v1/webhooks/${id}/${action}`;
      // Without any framing (curl -X POST), with Content-Length: 0, and chunked without a Content-Type.
      for (const headers of [{}, { 'content-length': '0' }, { 'transfer-encoding': 'chunked' }] as Record<string, string>[]) {
        const res = await send(served.port, { method: 'POST', path, headers: { authorization: `Bearer ${key}`, ...headers } });
        expect([action, headers, res.status]).toEqual([action, headers, status]);
        expectMatchesOpenApi({ status: res.status, headers: res.headers, body: res.body }, 'post', path);
      }
    }
  });

  it('logs client errors at info (in the log file, never on the terminal), never at warn or error, never with a stack', () => {
    expect(faultLines(logs)).toEqual([]);
    expect(logs.some((l) => l.includes('"level":30') && l.includes('client error'))).toBe(true);
    expect(logs.filter((l) => (JSON.parse(l) as { level: number }).level >= 40)).toEqual([]);
  });
});
