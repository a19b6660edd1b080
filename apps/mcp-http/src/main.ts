import type { Server } from 'node:http';
import { closeServer, createHttpServer, createLogger, createSharedState, listen, loadConfigOrExit, onShutdown, runMain } from '@dp/core';
import { createMcpHttpApp } from './app';

/** Entry point: node apps/mcp-http/dist/index.js (MCP_HTTP_PORT, MCP_API_URL or INTERNAL_API_URL, LOG_LEVEL). */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger({ name: 'mcp-http', level: config.LOG_LEVEL });
  // The rate limiter's windows shared with every instance through Redis when configured.
  const state = createSharedState(config.REDIS_URL, config.REDIS_KEY_PREFIX, logger);
  const app = createMcpHttpApp({ config, logger, state });
  const server: Server = await listen(createHttpServer(app, logger), config.MCP_HTTP_PORT, 'MCP_HTTP_PORT');
  logger.info({ port: config.MCP_HTTP_PORT, api: config.MCP_API_URL ?? config.INTERNAL_API_URL }, 'mcp-http listening');
  // Stop accepting and let in-flight tool calls finish; there is no storage to release.
  onShutdown(logger, [() => closeServer(server), () => state.close()]);
}

runMain('mcp-http', main);
