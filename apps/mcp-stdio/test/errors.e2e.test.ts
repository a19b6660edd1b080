import { revokeApiKey } from '@dp/db';
import { TOOL_NAMES } from '@dp/mcp';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { assertBuilt, connectMcp, fakeUpstream, LONG_DOC, startApi, textOf, type McpSession, type RunningApi } from './helpers';

// Failure modes a model must be able to act on, each over real stdio. A stdio server is a process
// of its own: the tests that need the same configuration share one (what one test's server saw
// cannot change another's answer: the server keeps no state between calls).
let api: RunningApi;
/** A stand-in upstream whose answer each test sets, and the one server in front of it. */
let stand: { set(handler: (req: IncomingMessage, res: ServerResponse) => void): void; m: McpSession; close(): Promise<void> };
beforeAll(async () => {
  assertBuilt();
  api = await startApi();
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const upstream = await fakeUpstream((req, res) => handler(req, res));
  const m = await connectMcp({ SERVICE_API_KEY: 'dp_live_x', SERVICE_BASE_URL: upstream.url });
  stand = {
    set: (h) => (handler = h),
    m,
    close: async () => {
      await m.close();
      await upstream.close();
    },
  };
});
afterAll(async () => {
  await stand?.close();
  await api?.close();
});

async function withMcp<T>(env: Record<string, string>, fn: (m: Awaited<ReturnType<typeof connectMcp>>) => Promise<T>): Promise<T> {
  const m = await connectMcp(env);
  try {
    return await fn(m);
  } finally {
    await m.close();
  }
}

describe('errors from the api', () => {
  it('a revoked key: 401, tells the user to check SERVICE_API_KEY', async () => {
    const { key, id } = await api.newKey();
    await withMcp({ SERVICE_API_KEY: key, SERVICE_BASE_URL: api.url }, async (m) => {
      expect((await m.call('legal_get_document', { id: LONG_DOC })).isError).toBeFalsy();
      await revokeApiKey(api.db.prisma, id, { publish: (c, msg) => api.state.pubsub.publish(c, msg) });
      const result = await m.call('legal_get_document', { id: LONG_DOC });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      const text = textOf(result);
      expect(text).toMatch(/SERVICE_API_KEY/);
      expect(text).toMatch(/revoked/);
      expect(text).toMatch(/"status":401/);
      expect(text).toMatch(/"code":"invalid_key"/);
    });
  });

  it('a key without the manage scope: 403 names the missing scope', async () => {
    const { key } = await api.newKey({ scopes: 'read' });
    await withMcp({ SERVICE_API_KEY: key, SERVICE_BASE_URL: api.url }, async (m) => {
      const result = await m.call('service_usage');
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/lacks the scope "manage"/);
      expect(textOf(result)).toMatch(/"code":"insufficient_scope"/);
    });
  });

  it('a key without the read scope: 403 names read', async () => {
    const { key } = await api.newKey({ scopes: 'manage' });
    await withMcp({ SERVICE_API_KEY: key, SERVICE_BASE_URL: api.url }, async (m) => {
      const result = await m.call('legal_get_effectivity', { id: LONG_DOC });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/lacks the scope "read"/);
    });
  });

  it('a rate-limited key: 429 says how long to wait, from Retry-After', async () => {
    const { key } = await api.newKey({ requestsPerMinute: 1 });
    await withMcp({ SERVICE_API_KEY: key, SERVICE_BASE_URL: api.url }, async (m) => {
      expect((await m.call('legal_get_document', { id: LONG_DOC })).isError).toBeFalsy();
      const result = await m.call('legal_get_document', { id: LONG_DOC });
      expect(result.isError).toBe(true);
      const text = textOf(result);
      expect(text).toMatch(/Rate limit/);
      const wait = Number(/Wait (\d+) s/.exec(text)?.[1]);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(text).toContain(`"retry_after_seconds":${wait}`);
    });
  });

  it('a used-up monthly quota: 429 quota_exceeded says when it resets', async () => {
    // A quota of 0: deterministic, where spending a quota of 1 first would race the api's
    // 2 s quota cache against its 1 s meter flush.
    const { key } = await api.newKey({ monthlyUnits: 0 });
    await withMcp({ SERVICE_API_KEY: key, SERVICE_BASE_URL: api.url }, async (m) => {
      const result = await m.call('legal_get_effectivity', { id: LONG_DOC });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/quota is used up.*resets at \d{4}-\d{2}-01T00:00:00/s);
    });
  });
});

describe('a 400 from the api: the input was invalid, never "retry later"', () => {
  // Cursors are opaque to the tools' schemas, so these reach the api and come back 400.
  const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  // One key and one server for the three: a 400 spends nothing and changes nothing.
  let m: McpSession;
  beforeAll(async () => {
    const { key } = await api.newKey();
    m = await connectMcp({ SERVICE_API_KEY: key, SERVICE_BASE_URL: api.url });
  });
  afterAll(() => m?.close());

  it.each([
    ['legal_changes', { since: forged({ t: '9999999999999999999', s: '1' }) }, 'since'],
    ['legal_changes', { since: forged({ a: '0000-01-01T00:00:00Z' }) }, 'since'],
    ['legal_get_relations', { id: LONG_DOC, cursor: forged({ d: 'outgoing\u0000', t: 'cites', k: 'x' }) }, 'cursor'],
  ])('%s %j: names %s', async (tool, args, field) => {
    const result = await m.call(tool, args);
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain(`The input was invalid (400 invalid_request) in "${field}"`);
    expect(text).toContain(`"invalid":["${field}"]`);
    expect(text).toMatch(/will fail the same way/);
    expect(text).not.toMatch(/retry later|try again later|wait/i);
  });

  it('a 400 without field details still says the input was invalid, not to retry', async () => {
    stand.set((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: { code: 'invalid_request', message: 'The request is invalid.', details: {} }, meta: { request_id: 'r' } }),
      );
    });
    const text = textOf(await stand.m.call('legal_get_relations', { id: LONG_DOC }));
    expect(text).toMatch(/^The input was invalid \(400 invalid_request\): The request is invalid\./);
    expect(text).not.toMatch(/retry later/i);
  });
});

describe('configuration and transport', () => {
  it('without SERVICE_API_KEY the server starts, lists its tools, and every call names the variable', async () => {
    await withMcp({ SERVICE_BASE_URL: api.url }, async (m) => {
      expect((await m.client.listTools()).tools).toHaveLength(TOOL_NAMES.length);
      for (const [name, args] of [
        ['service_usage', {}],
        ['legal_search', { q: 'zákon' }],
      ] as const) {
        const result = await m.call(name, args);
        expect(result.isError).toBe(true);
        expect(textOf(result)).toMatch(/SERVICE_API_KEY is not set/);
      }
      expect(m.stderr()).toMatch(/SERVICE_API_KEY is not set/);
    });
  });

  it('SERVICE_BASE_URL given with /v1 (as the reference writes URLs): the calls reach the API, not /v1/v1', async () => {
    const { key } = await api.newKey();
    await withMcp({ SERVICE_API_KEY: key, SERVICE_BASE_URL: `${api.url}/v1/` }, async (m) => {
      const result = await m.call('legal_get_document', { id: LONG_DOC });
      expect(result.isError).toBeFalsy();
      expect(m.stderr()).toMatch(/ends with \/v1, which the tools add themselves/);
    });
  });

  it('a 5xx: retry later, quoting the request id', async () => {
    stand.set((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json', 'x-request-id': 'req_fake500' });
      res.end(JSON.stringify({ error: { code: 'internal_error', message: 'boom', details: {} }, meta: { request_id: 'req_fake500' } }));
    });
    const result = await stand.m.call('legal_get_relations', { id: LONG_DOC });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/retry later/);
    expect(textOf(result)).toContain('req_fake500');
  });

  it('SERVICE_BASE_URL at something else than the API: a page answered 200 is named as such, a redirect is not followed', async () => {
    // The redirect's target: it must never see the key.
    let contacted = 0;
    const elsewhere = await fakeUpstream((_req, res) => {
      contacted += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, data: {} }));
    });
    stand.set((req, res) => {
      if (req.url?.startsWith('/v1/usage')) {
        res.writeHead(302, { location: `${elsewhere.url}/v1/usage` });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Portal</title>');
    });
    try {
      const page = textOf(await stand.m.call('legal_get_relations', { id: LONG_DOC }));
      expect(page).toMatch(
        /^The service answered 200 without the expected JSON envelope \(is the API at http:\/\/127\.0\.0\.1:\d+ the Legal Documents API\?\)/,
      );
      expect(page).toContain('"kind":"upstream","status":200');
      const redirected = await stand.m.call('service_usage');
      expect(redirected.isError).toBe(true);
      expect(textOf(redirected)).toMatch(/^Could not reach the API at/);
    } finally {
      await elsewhere.close();
    }
    expect(contacted).toBe(0);
  });

  it('an upstream that never answers times out after SERVICE_TIMEOUT_MS', async () => {
    const upstream = await fakeUpstream(() => {
      /* never answers */
    });
    try {
      await withMcp({ SERVICE_API_KEY: 'dp_live_x', SERVICE_BASE_URL: upstream.url, SERVICE_TIMEOUT_MS: '300' }, async (m) => {
        const started = Date.now();
        const result = await m.call('legal_get_document', { id: LONG_DOC });
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(result.isError).toBe(true);
        expect(textOf(result)).toMatch(/did not answer within 300 ms/);
      });
    } finally {
      await upstream.close();
    }
  });

  it('MCP cancellation aborts the upstream request', async () => {
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((r) => (upstreamClosed = r));
    let received!: () => void;
    const arrived = new Promise<void>((r) => (received = r));
    const upstream = await fakeUpstream((req) => {
      received();
      req.socket.on('close', () => upstreamClosed());
    });
    try {
      await withMcp({ SERVICE_API_KEY: 'dp_live_x', SERVICE_BASE_URL: upstream.url, SERVICE_TIMEOUT_MS: '30000' }, async (m) => {
        const controller = new AbortController();
        const call = m.client.callTool({ name: 'legal_get_document', arguments: { id: LONG_DOC } }, undefined, {
          signal: controller.signal,
        });
        await arrived;
        controller.abort('user cancelled');
        await expect(call).rejects.toThrow();
        // The server got notifications/cancelled and dropped the upstream connection, long before the 30 s timeout.
        let timer: NodeJS.Timeout | undefined;
        const stillOpen = new Promise((r) => (timer = setTimeout(() => r('still open'), 5_000)));
        await expect(Promise.race([closed.then(() => 'closed'), stillOpen])).resolves.toBe('closed');
        clearTimeout(timer);
      });
    } finally {
      await upstream.close();
    }
  });
});
