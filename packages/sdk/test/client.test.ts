import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, createLegalClient } from '../src';

/** A loopback server answering with `handler`; `seen` holds each request as it arrived. */
async function upstream(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; seen: IncomingMessage[]; close(): Promise<void> }> {
  const seen: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req);
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
};

describe('result(): every answer of the API settles, only a missing answer rejects', () => {
  it('a success gives the data, its status and the request id (header first, else the envelope)', async () => {
    const s = await upstream((req, res) =>
      req.url?.startsWith('/v1/usage')
        ? json(res, 200, { success: true, data: { requests: 3 }, meta: { request_id: 'req_body' } }, { 'x-request-id': 'req_header' })
        : json(res, 200, { success: true, data: { results: [], next_cursor: null }, meta: { request_id: 'req_body' } }),
    );
    try {
      const sdk = createLegalClient({ baseUrl: s.url, apiKey: 'dp_live_k' });
      const usage = await sdk.result(sdk.GET('/v1/usage'));
      expect(usage).toMatchObject({ ok: true, data: { requests: 3 }, status: 200, requestId: 'req_header' });
      const search = await sdk.result(sdk.GET('/v1/legal/search', { params: { query: { q: 'x' } } }));
      expect(search).toMatchObject({ ok: true, requestId: 'req_body' });
      expect(s.seen[0].headers.authorization).toBe('Bearer dp_live_k');
    } finally {
      await s.close();
    }
  });

  it('an error envelope is an ApiError with its code, details and Retry-After; an answer without one is unexpected_response', async () => {
    const s = await upstream((req, res) => {
      if (req.url?.startsWith('/v1/usage'))
        return json(
          res,
          429,
          { success: false, error: { code: 'rate_limited', message: 'slow down', details: { limit: 1 } }, meta: { request_id: 'req_1' } },
          { 'retry-after': '12' },
        );
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>bad gateway</html>');
    });
    try {
      const sdk = createLegalClient({ baseUrl: s.url, apiKey: 'dp_live_k', retries: 0 });
      const limited = await sdk.result(sdk.GET('/v1/usage'));
      expect(limited.ok).toBe(false);
      if (limited.ok) return;
      expect(limited.error).toBeInstanceOf(ApiError);
      expect(limited.error).toMatchObject({
        status: 429,
        code: 'rate_limited',
        message: 'slow down',
        details: { limit: 1 },
        requestId: 'req_1',
        retryAfter: 12,
      });
      const proxy = await sdk.result(sdk.GET('/v1/legal/search', { params: { query: { q: 'x' } } }));
      expect(proxy).toMatchObject({ ok: false, error: { status: 502, code: 'unexpected_response' } });
    } finally {
      await s.close();
    }
  });

  it('a success that is not the API’s JSON (a web page at the base URL) is unexpected_response with its status', async () => {
    const s = await upstream((req, res) => {
      if (req.url?.startsWith('/v1/usage')) {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<!doctype html><p>portal</p>');
      }
      json(res, 200, { hello: 'world' });
    });
    try {
      const sdk = createLegalClient({ baseUrl: s.url, apiKey: 'dp_live_k' });
      const page = await sdk.result(sdk.GET('/v1/usage'));
      expect(page).toMatchObject({ ok: false, error: { status: 200, code: 'unexpected_response' } });
      const other = await sdk.result(sdk.GET('/v1/legal/search', { params: { query: { q: 'x' } } }));
      expect(other).toMatchObject({ ok: false, error: { status: 200, code: 'unexpected_response' } });
      await expect(sdk.data(sdk.GET('/v1/usage'))).rejects.toMatchObject({ code: 'unexpected_response' });
    } finally {
      await s.close();
    }
  });
});

describe('time, cancellation, headers and redirects', () => {
  it('timeoutMs bounds a call whose answer never comes, and one whose body stalls after the headers', async () => {
    const s = await upstream((req, res) => {
      if (req.url?.startsWith('/v1/usage')) return; // never answers
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"success":true,'); // and never ends
    });
    try {
      const sdk = createLegalClient({ baseUrl: s.url, apiKey: 'dp_live_k', timeoutMs: 300 });
      const calls: (() => Promise<unknown>)[] = [
        () => sdk.result(sdk.GET('/v1/usage')),
        () => sdk.result(sdk.GET('/v1/legal/search', { params: { query: { q: 'x' } } })),
      ];
      for (const call of calls) {
        const started = Date.now();
        const err = await call().catch((e: unknown) => e);
        expect(err).toMatchObject({ name: 'TimeoutError' });
        expect(Date.now() - started).toBeLessThan(3_000);
      }
    } finally {
      await s.close();
    }
  });

  it('the time bound covers the waits between retries', async () => {
    const s = await upstream((_req, res) =>
      json(res, 503, { success: false, error: { code: 'unavailable', message: '' } }, { 'retry-after': '5' }),
    );
    try {
      const sdk = createLegalClient({ baseUrl: s.url, timeoutMs: 300, retries: 3 });
      const started = Date.now();
      await expect(sdk.result(sdk.GET('/v1/usage'))).rejects.toMatchObject({ name: 'TimeoutError' });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(s.seen).toHaveLength(1);
    } finally {
      await s.close();
    }
  });

  it("a call's own signal aborts it (the upstream connection closes); its own headers are sent beside the client's", async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((r) => (closed = r));
    let arrived!: () => void;
    const requestArrived = new Promise<void>((r) => (arrived = r));
    const s = await upstream((req) => {
      req.socket.on('close', () => closed());
      arrived();
    });
    try {
      const sdk = createLegalClient({ baseUrl: s.url, apiKey: 'dp_live_k', userAgent: 'test-agent/1' });
      const controller = new AbortController();
      const call = sdk.result(sdk.GET('/v1/usage', { signal: controller.signal, headers: { 'X-Request-Id': 'req_caller' } }));
      await requestArrived;
      controller.abort(new Error('cancelled by the caller'));
      await expect(call).rejects.toThrow('cancelled by the caller');
      await connectionClosed;
      expect(s.seen[0].headers).toMatchObject({
        authorization: 'Bearer dp_live_k',
        'user-agent': 'test-agent/1',
        'x-request-id': 'req_caller',
      });
    } finally {
      await s.close();
    }
  });

  it('never follows a redirect, so the key goes nowhere else', async () => {
    const elsewhere = await upstream((_req, res) => json(res, 200, { success: true, data: {} }));
    const s = await upstream((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.url}/v1/usage` });
      res.end();
    });
    try {
      const sdk = createLegalClient({ baseUrl: s.url, apiKey: 'dp_live_k' });
      await expect(sdk.result(sdk.GET('/v1/usage'))).rejects.toThrow();
      expect(elsewhere.seen).toHaveLength(0);
    } finally {
      await s.close();
      await elsewhere.close();
    }
  });
});
