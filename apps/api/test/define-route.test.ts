import type { Request, Response } from 'express';
import { EventEmitter } from 'node:events';
import { z } from 'zod';
import { declareRoute, type RouteInput } from '@dp/core';
import { defineRoute, type RouteBinding } from '../src/routes/define-route';
import type { Call } from '../src/pipeline';

const withHeader = declareRoute({
  method: 'get',
  path: '/v1/things',
  operationId: 'listThings',
  summary: 'Things',
  tags: ['test'],
  scope: 'read',
  operation: 'changes.list',
  headers: z.object({ 'X-Thing': z.string().optional() }),
  responses: { 200: { description: 'Things.' } },
});

describe('defineRoute', () => {
  it('hands the handler the headers the route declares, parsed with the rest of its input', async () => {
    let seen: RouteInput<typeof withHeader> | undefined;
    const binding: RouteBinding = defineRoute(withHeader, (input) => {
      seen = input;
      return { status: 200 };
    });
    const req = { params: {}, query: {}, body: undefined, headers: { 'x-thing': 'a', host: 'example.test' } } as unknown as Request;
    await binding.handler(req, recordingResponse().res, {} as Call);
    expect(seen?.headers).toEqual({ 'X-Thing': 'a' });
  });

  const answering = declareRoute({
    method: 'post',
    path: '/v1/things',
    operationId: 'createThing',
    summary: 'A thing',
    tags: ['test'],
    scope: 'read',
    operation: 'changes.list',
    responses: {
      201: {
        description: 'Created.',
        data: z.object({ thing: z.object({ id: z.string(), n: z.int() }) }),
        meta: z.object({ mode: z.string() }),
      },
      204: { description: 'Nothing.' },
    },
  });

  /** A response that records what is written to it. */
  function recordingResponse() {
    const written: { status?: number; headers: Record<string, unknown>; body?: string } = { headers: {} };
    const res = Object.assign(new EventEmitter(), {
      req: { requestId: 'req_1', headers: {} },
      statusCode: 200,
      setHeader: (name: string, value: unknown) => void (written.headers[name.toLowerCase()] = value),
      getHeader: (name: string) => written.headers[name.toLowerCase()],
      vary: () => undefined,
      status(code: number) {
        res.statusCode = code;
        return res;
      },
      end(body?: string) {
        written.status = res.statusCode;
        written.body = body === undefined ? undefined : String(body);
      },
    });
    return { res: res as unknown as Response, written };
  }

  it("sends the handler's answer: its status, the envelope with its data and meta, or no body", async () => {
    const req = { params: {}, query: {}, body: undefined, headers: {} } as unknown as Request;
    const created = recordingResponse();
    await defineRoute(answering, (_input) => ({ status: 201, data: { thing: { id: 't1', n: 2 } }, meta: { mode: 'x' } })).handler(
      req,
      created.res,
      {} as Call,
    );
    expect(created.written.status).toBe(201);
    expect(JSON.parse(created.written.body!)).toEqual({
      success: true,
      data: { thing: { id: 't1', n: 2 } },
      meta: { request_id: 'req_1', mode: 'x' },
    });
    const empty = recordingResponse();
    await defineRoute(answering, (_input) => ({ status: 204 })).handler(req, empty.res, {} as Call);
    expect(empty.written).toEqual({ status: 204, headers: {}, body: undefined });
  });

  const readable = declareRoute({
    method: 'get',
    path: '/v1/things/{id}',
    operationId: 'getThing',
    summary: 'A thing, or its text',
    tags: ['test'],
    scope: 'read',
    operation: 'documents.get',
    cacheable: true,
    responses: { 200: { description: 'The thing.', data: z.object({ id: z.string() }), text: { description: 'As text.' } } },
  });

  it('sends a cacheable answer with its ETag (a 304 when asked with it), and a declared text as text/plain', async () => {
    const request = (headers: Record<string, string> = {}) =>
      ({ params: {}, query: {}, body: undefined, headers, requestId: 'req_1' }) as unknown as Request;
    const thing = defineRoute(readable, (_input) => ({ status: 200, data: { id: 't1' } }));
    const tagged = recordingResponse();
    await thing.handler(request(), tagged.res, {} as Call);
    expect(tagged.written.status).toBe(200);
    expect(tagged.written.headers.etag).toMatch(/^"/);
    expect(JSON.parse(tagged.written.body!)).toEqual({ success: true, data: { id: 't1' }, meta: { request_id: 'req_1' } });
    const again = recordingResponse();
    await thing.handler(request({ 'if-none-match': String(tagged.written.headers.etag) }), again.res, {} as Call);
    expect(again.written.status).toBe(304);
    expect(again.written.body).toBeUndefined();

    const text = recordingResponse();
    await defineRoute(readable, (_input) => ({ status: 200, text: 'a thing' })).handler(request(), text.res, {} as Call);
    expect(text.written).toEqual({
      status: 200,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'content-length': 7 },
      body: 'a thing',
    });
  });

  it('refuses, at compile time, an answer its declaration does not give', () => {
    // @ts-expect-error text from a route that declares none
    defineRoute(answering, (_input) => ({ status: 201, text: 'a thing' }));
    // Each line fails `tsc` (the project's typecheck) when the declaration no longer checks it.
    // @ts-expect-error a field of the wrong type
    defineRoute(answering, (_input) => ({ status: 201, data: { thing: { id: 't1', n: 'two' } }, meta: { mode: 'x' } }));
    // @ts-expect-error the declared meta left out
    defineRoute(answering, (_input) => ({ status: 201, data: { thing: { id: 't1', n: 2 } } }));
    // @ts-expect-error a status the route does not declare
    defineRoute(answering, (_input) => ({ status: 200, data: { thing: { id: 't1', n: 2 } }, meta: { mode: 'x' } }));
    // @ts-expect-error data for an answer declared without a body
    defineRoute(answering, (_input) => ({ status: 204, data: {} }));
    expect(true).toBe(true);
  });
});
