import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer, STDIO_SETUP, TOOL_NAMES } from '@dp/mcp';
import { revokeApiKey } from '@dp/db';
import { AMENDING_DOC, connectMcp, LONG_DOC, serveMcpHttp, startStack, textOf, type McpSession, type Stack } from './helpers';

// mcp-http in process on its own port, in front of a real api (real database) on another.
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

interface Usage {
  units: { used: number };
  requests: number;
  by_operation: { operation: string; requests: number; units: number }[];
}

/** GET /v1/usage over REST, as an integrator reads it. */
async function usageOf(key: string): Promise<Usage> {
  const res = await fetch(`${stack.api.url}/v1/usage`, { headers: { Authorization: `Bearer ${key}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Usage }).data;
}

async function withMcp<T>(key: string, fn: (m: McpSession) => Promise<T>): Promise<T> {
  const m = await connectMcp(stack.mcpUrl, key);
  try {
    return await fn(m);
  } finally {
    await m.close();
  }
}

describe('tools over Streamable HTTP', () => {
  it('lists the same tools as the stdio server, each annotated read-only', async () => {
    const { key } = await stack.api.newKey();
    // The stdio server's list, from the same package, through the SDK's in-memory transport.
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const stdioServer = createMcpServer({ apiKey: undefined, baseUrl: 'http://127.0.0.1:9', setup: STDIO_SETUP });
    await stdioServer.connect(serverSide);
    const local = new Client({ name: 'reference', version: '1.0.0' });
    await local.connect(clientSide);
    const reference = (await local.listTools()).tools;
    await local.close();

    await withMcp(key, async (m) => {
      const { tools } = await m.client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
      expect(tools).toEqual(reference);
      for (const t of tools) {
        expect(t.annotations).toEqual({
          title: t.title,
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: true,
        });
        expect(t.title).toMatch(/\w/);
        expect(t.outputSchema).toBeDefined();
      }
      expect(m.client.getServerVersion()?.name).toBe('legal-data');
      // The tool list never changes and no list_changed notification is ever sent: not advertised.
      expect(m.client.getServerCapabilities()?.tools).toEqual({ listChanged: false });
      expect(m.client.getInstructions()).toMatch(/Cite documents by doc_number and natural key/);
    });
  });

  it('calls every tool; each call is one metered /v1 request, recorded like REST', async () => {
    const { key } = await stack.api.newKey();
    await stack.api.waitForChanges('2000-01-01T00:00:00Z');
    await withMcp(key, async (m) => {
      const doc = await m.call('legal_get_document', { id: LONG_DOC, include: ['text'] });
      expect(doc.isError).toBeFalsy();
      expect((doc.structuredContent as { document: { natural_key: string } }).document.natural_key).toBe(LONG_DOC);
      expect(textOf(doc)).toMatch(/Cite as: 9901\/2001 Sb\. \(sb\/2001\/9901\)/);

      const eff = await m.call('legal_get_effectivity', { id: LONG_DOC, at: '2007-01-01' });
      expect(eff.isError).toBeFalsy();
      expect((eff.structuredContent as { effectivity: { status: string } }).effectivity.status).toBe('in_force');

      const rel = await m.call('legal_get_relations', { id: AMENDING_DOC, direction: 'outgoing' });
      expect(rel.isError).toBeFalsy();
      expect((rel.structuredContent as { relations: { type: string }[] }).relations).toEqual([expect.objectContaining({ type: 'amends' })]);

      const found = await m.call('legal_search', { q: '9901/2001 Sb.' });
      expect(found.isError).toBeFalsy();
      expect((found.structuredContent as { results: { natural_key: string }[] }).results[0].natural_key).toBe(LONG_DOC);

      const hybrid = await m.call('legal_search', { q: 'zkušební dokumenty', mode: 'hybrid' });
      expect(hybrid.isError).toBeFalsy();

      const changes = await m.call('legal_changes', { since: '2000-01-01T00:00:00Z' });
      expect(changes.isError).toBeFalsy();
      expect((changes.structuredContent as { changes: unknown[] }).changes.length).toBeGreaterThan(0);

      const cited = await m.call('legal_verify_citations', { text: 'Podle § 1 zákona č. 9901/2001 Sb.' });
      expect(cited.isError).toBeFalsy();
      expect((cited.structuredContent as { citations: { status: string }[] }).citations.map((c) => c.status)).toEqual(['valid']);

      const usage = await m.call('service_usage');
      expect(usage.isError).toBeFalsy();
      expect((usage.structuredContent as { requests: number }).requests).toBe(7);
    });

    // One usage record per tool call, with the units of the REST operation it made.
    const usage = await usageOf(key);
    const byOp = Object.fromEntries(
      usage.by_operation.filter((o) => o.requests > 0).map((o) => [o.operation, { requests: o.requests, units: o.units }]),
    );
    expect(byOp).toEqual({
      'documents.get': { requests: 1, units: 1 },
      'documents.effectivity': { requests: 1, units: 1 },
      'documents.relations': { requests: 1, units: 1 },
      'search.fulltext': { requests: 1, units: 1 },
      'search.hybrid': { requests: 1, units: 2 },
      'changes.list': { requests: 1, units: 1 },
      'citations.check': { requests: 1, units: 1 },
      'usage.get': { requests: 1, units: 0 },
    });
    expect(usage.requests).toBe(8);
    expect(usage.units.used).toBe(8);
  });

  it('compresses an answer of 1 KB and more when asked (gzip), and the SDK client reads it', async () => {
    const { key } = await stack.api.newKey();
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    const res = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = httpRequest(
        stack.mcpUrl,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${key}`,
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
            'Accept-Encoding': 'gzip',
            'MCP-Protocol-Version': '2025-06-18',
          },
        },
        (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => resolve({ headers: r.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const answer = JSON.parse(gunzipSync(res.body).toString()) as { result: { tools: { name: string }[] } };
    expect(answer.result.tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    // The SDK's fetch asks for compressed answers too; it lists the tools all the same.
    await withMcp(key, async (m) => expect((await m.client.listTools()).tools).toHaveLength(TOOL_NAMES.length));
  });

  it('tools/list and bad arguments make no /v1 request', async () => {
    const { key } = await stack.api.newKey();
    await withMcp(key, async (m) => {
      await m.client.listTools();
      const bad = await m.call('legal_get_document', { id: LONG_DOC, at: '2020-02-30' });
      expect(bad.isError).toBe(true);
    });
    expect((await usageOf(key)).requests).toBe(0);
  });
});

describe('the api URL', () => {
  it('given with a trailing /v1 (MCP_API_URL as the reference writes URLs): tool calls reach the API, not /v1/v1', async () => {
    const { key } = await stack.api.newKey();
    const served = await serveMcpHttp(`${stack.api.url}/v1/`);
    try {
      const m = await connectMcp(served.mcpUrl, key);
      try {
        expect((await m.call('legal_get_document', { id: LONG_DOC })).isError).toBeFalsy();
      } finally {
        await m.close();
      }
    } finally {
      await served.close();
    }
  });
});

describe('the key', () => {
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  const post = (headers: Record<string, string>) =>
    fetch(stack.mcpUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      body: initialize,
    });

  it('without a key: 401, a Bearer challenge and the JSON error envelope', async () => {
    const res = await post({});
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="legal-data-api"$/);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as { error: { code: string; message: string }; meta: { request_id: string } };
    expect(body.error.code).toBe('missing_key');
    expect(body.error.message).toMatch(/Authorization: Bearer/);
    expect(body.meta.request_id).toBe(res.headers.get('x-request-id'));
  });

  it.each([['Basic dXNlcjpwYXNz'], ['Bearer'], ['Bearer not-a-key'], ['Bearer dp_live_short']])(
    'a malformed Authorization (%s): 401 before any MCP processing',
    async (authorization) => {
      const res = await post({ Authorization: authorization });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(['missing_key', 'invalid_key']).toContain(((await res.json()) as { error: { code: string } }).error.code);
    },
  );

  it('the SDK client without a key cannot connect', async () => {
    const client = new Client({ name: 'no-key', version: '1.0.0' });
    await expect(client.connect(new StreamableHTTPClientTransport(stack.mcpUrl))).rejects.toThrow();
  });

  it('GET and DELETE (no sessions here): 405 with Allow: POST, after the key check', async () => {
    const { key } = await stack.api.newKey();
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(stack.mcpUrl, { method, headers: { Authorization: `Bearer ${key}`, Accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect((await fetch(stack.mcpUrl, { method })).status).toBe(401);
    }
  });

  it('a revoked key is refused by /v1 like REST: 401 invalid_key, nothing charged', async () => {
    const { key, id } = await stack.api.newKey();
    await withMcp(key, async (m) => {
      expect((await m.call('legal_get_document', { id: LONG_DOC })).isError).toBeFalsy();
      await revokeApiKey(stack.api.db.prisma, id, { publish: (c, msg) => stack.api.state.pubsub.publish(c, msg) });
      const result = await m.call('legal_get_document', { id: LONG_DOC });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      const text = textOf(result);
      expect(text).toMatch(/revoked/);
      expect(text).toMatch(/Authorization: Bearer/);
      expect(text).toMatch(/"status":401/);
      expect(text).toMatch(/"code":"invalid_key"/);
      const rest = await fetch(`${stack.api.url}/v1/legal/documents/${encodeURIComponent(LONG_DOC)}`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(rest.status).toBe(401);
      expect(((await rest.json()) as { error: { code: string } }).error.code).toBe('invalid_key');
    });
  });

  it('an unknown but well-formed key: the tool call fails with 401 invalid_key', async () => {
    await withMcp(`dp_live_${'A'.repeat(32)}`, async (m) => {
      const result = await m.call('legal_get_effectivity', { id: LONG_DOC });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/"code":"invalid_key"/);
      // The API's internal address is never shown to a remote client.
      expect(textOf(result)).not.toContain(stack.api.url);
    });
  });
});

describe('health', () => {
  it('answers /livez and /readyz without a key', async () => {
    for (const path of ['/livez', '/readyz']) expect((await fetch(`${stack.base}${path}`)).status).toBe(200);
  });
});
