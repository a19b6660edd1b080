import { createServer, request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createLogger } from '@dp/core';
import { closeServer, listenOnLoopback, serve, startRunningApi, testConfig, type RunningApi } from '@dp/testing';
import { createApi } from '@dp/api/app';
import { createMcpHttpApp } from '../src/app';

export { AMENDING_DOC, LONG_DOC, textOf, type RunningApi } from '@dp/testing';

export interface Stack {
  api: RunningApi;
  /** http://127.0.0.1:<port> of mcp-http; the MCP endpoint is `${base}/mcp`. */
  base: string;
  mcpUrl: URL;
  close(): Promise<void>;
}

/** mcp-http on its own loopback port in front of `apiUrl`, configured by `env` on top of the test config. */
export async function serveMcpHttp(
  apiUrl: string,
  env: Record<string, string> = {},
): Promise<{ base: string; mcpUrl: URL; close(): Promise<void> }> {
  const app = createMcpHttpApp({ config: testConfig(env), apiBaseUrl: apiUrl, logger: createLogger({ level: 'silent' }) });
  const served = await serve(app);
  return { base: served.url, mcpUrl: new URL(`${served.url}/mcp`), close: () => served.close() };
}

/** A real api (real database, fixture documents) and mcp-http in front of it, each on its own port. */
export async function startStack(): Promise<Stack> {
  const api = await startRunningApi(createApi);
  const served = await serveMcpHttp(api.url);
  return {
    api,
    base: served.base,
    mcpUrl: served.mcpUrl,
    async close() {
      await served.close();
      await api.close();
    },
  };
}

export interface McpSession {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/**
 * The official SDK client over Streamable HTTP, sending the key as a host configured with headers
 * does; `headers` adds more (an `Origin`, as a browser-based client sends).
 */
export async function connectMcp(url: URL, key: string, headers: Record<string, string> = {}): Promise<McpSession> {
  const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${key}`, ...headers } } });
  const client = new Client({ name: 'mcp-http-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}

/**
 * A loopback forwarder that adds `Authorization: Bearer <key>` to every request, for clients that
 * cannot send headers (the conformance suite): the server itself never accepts a keyless request.
 */
export async function keyInjectingProxy(target: string, key: string): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host, authorization: `Bearer ${key}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forwarded);
  });
  const url = await listenOnLoopback(server);
  return { url, close: () => closeServer(server) };
}
