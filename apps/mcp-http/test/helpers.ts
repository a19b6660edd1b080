import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createHttpServer, createLogger, loadConfig } from '@dp/core';
import { startRunningApi, type RunningApi } from '@dp/testing';
import { createApi } from '@dp/api/app';
import { createMcpHttpApp } from '../src/app';

export { AMENDING_DOC, LONG_DOC, textOf, type RunningApi } from '@dp/testing';

async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closeHttp(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

export interface Stack {
  api: RunningApi;
  /** http://127.0.0.1:<port> of mcp-http; the MCP endpoint is `${base}/mcp`. */
  base: string;
  mcpUrl: URL;
  close(): Promise<void>;
}

/** A real api (real database, fixture documents) and mcp-http in front of it, each on its own port. */
export async function startStack(): Promise<Stack> {
  const api = await startRunningApi(createApi);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = createMcpHttpApp({ config, apiBaseUrl: api.url, logger: createLogger({ level: 'silent' }) });
  const server = createHttpServer(app, createLogger({ level: 'silent' }));
  const base = await listenOnLoopback(server);
  return {
    api,
    base,
    mcpUrl: new URL(`${base}/mcp`),
    async close() {
      await closeHttp(server);
      await api.close();
    },
  };
}

export interface McpSession {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** The official SDK client over Streamable HTTP, sending the key as a host configured with headers does. */
export async function connectMcp(url: URL, key: string): Promise<McpSession> {
  const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${key}` } } });
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
  return { url, close: () => closeHttp(server) };
}
