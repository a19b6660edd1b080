import { createServer as createHttp } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createHttpServer, createLogger } from '@dp/core';
import { closeServer, listenOnLoopback, testConfig } from '@dp/testing';
import { createMcpHttpApp } from '../src/app';

// Stateless: a cancelled call's notification reaches a new server, so what stops the upstream
// request is the client dropping its HTTP request. An upstream that never answers shows it.

it('a client that drops its request ends the upstream /v1 request at once', async () => {
  let arrived!: () => void;
  const received = new Promise<void>((r) => (arrived = r));
  let closedUpstream!: () => void;
  const upstreamClosed = new Promise<void>((r) => (closedUpstream = r));
  const upstream = createHttp((req) => {
    arrived();
    req.socket.on('close', () => closedUpstream());
  });
  const apiBaseUrl = await listenOnLoopback(upstream);
  const logger = createLogger({ level: 'silent' });
  const app = createMcpHttpApp({ config: testConfig(), apiBaseUrl, timeoutMs: 30_000, logger });
  const server = createHttpServer(app, logger);
  const base = await listenOnLoopback(server);

  const client = new Client({ name: 'disconnect-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer dp_live_${'b'.repeat(32)}` } },
    }),
  );
  try {
    const call = client.callTool({ name: 'legal_get_document', arguments: { id: 'sb/2012/89' } });
    await received;
    await client.close(); // aborts the transport's HTTP requests
    await expect(call).rejects.toThrow();
    let timer: NodeJS.Timeout | undefined;
    const stillOpen = new Promise((r) => (timer = setTimeout(() => r('still open'), 5_000)));
    await expect(Promise.race([upstreamClosed.then(() => 'closed'), stillOpen])).resolves.toBe('closed');
    clearTimeout(timer);
  } finally {
    for (const s of [server, upstream]) await closeServer(s);
  }
});
