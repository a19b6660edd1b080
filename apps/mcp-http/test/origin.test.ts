import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ConfigError, loadConfig } from '@dp/core';
import { TOOL_NAMES } from '@dp/mcp';
import { originPolicy } from '../src/origin';
import { connectMcp, serveMcpHttp, startStack, type Stack } from './helpers';

/**
 * The Streamable HTTP transport's Origin rule against DNS rebinding: an `Origin` that is not
 * allowed gets 403 in the error envelope (whatever the key); no `Origin` (not a browser) passes;
 * allowed origins get CORS, preflights included. MCP is spoken with the official SDK client.
 */
let stack: Stack;
let key: string;
beforeAll(async () => {
  stack = await startStack();
  ({ key } = await stack.api.newKey());
});
afterAll(() => stack?.close());

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

/** A raw POST /mcp, as a browser page's fetch would send it. */
function post(mcpUrl: URL, headers: Record<string, string>) {
  return fetch(mcpUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: INITIALIZE,
  });
}

async function listsTools(mcpUrl: URL, origin?: string): Promise<number> {
  const m = await connectMcp(mcpUrl, key, origin ? { Origin: origin } : {});
  try {
    return (await m.client.listTools()).tools.length;
  } finally {
    await m.close();
  }
}

describe('Origin (DNS rebinding protection)', () => {
  it.each(['http://evil.example', 'https://localhost.evil.example', 'http://127.0.0.1.nip.io:3000', 'null', 'not a url'])(
    'refuses Origin %s with 403 in the error envelope, before the key is looked at',
    async (origin) => {
      for (const auth of [{ Authorization: `Bearer ${key}` }, {} as Record<string, string>]) {
        const res = await post(stack.mcpUrl, { Origin: origin, ...auth });
        expect(res.status).toBe(403);
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
        expect(await res.json()).toEqual({
          error: {
            code: 'forbidden',
            message: expect.stringMatching(/origin/i),
            details: { reason: 'origin_not_allowed', origin },
            doc_url: '/docs/errors#forbidden',
          },
          meta: { request_id: expect.stringMatching(/^req_/) },
        });
      }
    },
  );

  it('the SDK client fails to connect from a refused origin', async () => {
    const err = await listsTools(stack.mcpUrl, 'http://evil.example').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StreamableHTTPError);
    expect((err as StreamableHTTPError).code).toBe(403);
  });

  it('serves clients without Origin (not browsers) and loopback origins by default, with CORS for the latter', async () => {
    expect(await listsTools(stack.mcpUrl)).toBe(TOOL_NAMES.length);
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:6274', 'https://[::1]:8443', 'http://localhost:3000']) {
      expect(await listsTools(stack.mcpUrl, origin)).toBe(TOOL_NAMES.length);
      const res = await post(stack.mcpUrl, { Origin: origin, Authorization: `Bearer ${key}` });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-expose-headers')).toMatch(/Mcp-Session-Id.*Mcp-Protocol-Version.*WWW-Authenticate/);
      expect(res.headers.get('vary')).toMatch(/Origin/);
    }
  });

  it('answers CORS preflights for allowed origins only, before any key', async () => {
    const preflight = (origin: string) =>
      fetch(stack.mcpUrl, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type, mcp-protocol-version',
        },
      });
    const ok = await preflight('http://localhost:5173');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(ok.headers.get('access-control-allow-methods')).toMatch(/\bPOST\b/);
    const allowedHeaders = ok.headers.get('access-control-allow-headers')!.toLowerCase().split(/,\s*/);
    for (const h of ['authorization', 'content-type', 'accept', 'mcp-protocol-version', 'mcp-session-id'])
      expect(allowedHeaders).toContain(h);
    expect(Number(ok.headers.get('access-control-max-age'))).toBeGreaterThan(0);

    const refused = await preflight('http://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('forbidden');
  });

  it("allows the product's own public origin by default", async () => {
    const mcp = await serveMcpHttp(stack.api.url, { PUBLIC_BASE_URL: 'https://legal.example.com/' });
    try {
      expect(await listsTools(mcp.mcpUrl, 'https://legal.example.com')).toBe(TOOL_NAMES.length);
      for (const origin of ['http://legal.example.com', 'https://legal.example.com:8443', 'https://legal.example.com.evil.example']) {
        expect([origin, (await post(mcp.mcpUrl, { Origin: origin })).status]).toEqual([origin, 403]);
      }
    } finally {
      await mcp.close();
    }
  });

  it('MCP_ALLOWED_ORIGINS replaces the default list', async () => {
    const mcp = await serveMcpHttp(stack.api.url, { MCP_ALLOWED_ORIGINS: 'https://app.example.com, http://localhost:6274' });
    try {
      expect(await listsTools(mcp.mcpUrl, 'https://app.example.com')).toBe(TOOL_NAMES.length);
      expect(await listsTools(mcp.mcpUrl, 'http://localhost:6274')).toBe(TOOL_NAMES.length);
      expect(await listsTools(mcp.mcpUrl)).toBe(TOOL_NAMES.length); // no Origin: not a browser
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:6274', 'https://evil.example']) {
        expect([origin, (await post(mcp.mcpUrl, { Origin: origin })).status]).toEqual([origin, 403]);
      }
    } finally {
      await mcp.close();
    }
  });
});

describe('originPolicy and MCP_ALLOWED_ORIGINS', () => {
  const policy = (env: Record<string, string>) => originPolicy(loadConfig({ NODE_ENV: 'test', ...env }));

  it('compares origins as the URL parser writes them', () => {
    const allowed = policy({ MCP_ALLOWED_ORIGINS: 'HTTPS://App.Example.com:443' });
    expect(allowed('https://app.example.com')).toBe(true);
    expect(allowed('https://APP.example.com:443')).toBe(true);
    expect(allowed('https://app.example.com:444')).toBe(false);
    expect(allowed('http://app.example.com')).toBe(false);
  });

  it('treats loopback hosts as loopback, and nothing that only looks like one', () => {
    const allowed = policy({ PUBLIC_BASE_URL: 'https://legal.example.com' });
    for (const o of [
      'http://localhost',
      'http://app.localhost:8080',
      'http://127.0.0.2:1',
      'http://[::1]:3000',
      'https://legal.example.com',
    ])
      expect([o, allowed(o)]).toEqual([o, true]);
    for (const o of [
      'http://localhost.example.com',
      'http://127.0.0.1.example.com',
      'http://10.0.0.1',
      'file://',
      'chrome-extension://abc',
    ])
      expect([o, allowed(o)]).toEqual([o, false]);
  });

  it('refuses a setting that is not a list of origins', () => {
    for (const bad of ['https://app.example.com/path', 'app.example.com', 'ftp://app.example.com', 'https://a.example.com,'])
      expect(() => loadConfig({ NODE_ENV: 'test', MCP_ALLOWED_ORIGINS: bad })).toThrow(ConfigError);
    expect(
      loadConfig({ NODE_ENV: 'test', MCP_ALLOWED_ORIGINS: 'https://a.example.com/, http://localhost:6274' }).MCP_ALLOWED_ORIGINS,
    ).toEqual(['https://a.example.com', 'http://localhost:6274']);
    expect(loadConfig({ NODE_ENV: 'test' }).MCP_ALLOWED_ORIGINS).toBeUndefined();
  });
});
