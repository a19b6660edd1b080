import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, STDIO_SETUP } from '@dp/mcp';
import { shutdownTelemetry } from '@dp/core/telemetry/start';
import { readOptions } from './config';
import { createStderrLogger } from './log';

async function main(): Promise<void> {
  const logger = createStderrLogger();
  const options = readOptions();
  for (const w of options.warnings) logger.warn(w);
  const server = createMcpServer({
    apiKey: options.apiKey,
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    setup: STDIO_SETUP,
    logger,
  });
  const transport = new StdioServerTransport();

  let closing = false;
  const shutdown = async (why: string) => {
    if (closing) return;
    closing = true;
    logger.info('shutting down', { why });
    await server.close().catch(() => {});
    await shutdownTelemetry();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // The host closing our stdin means the session is over.
  process.stdin.on('end', () => void shutdown('stdin closed'));

  await server.connect(transport);
  logger.info('ready', { base_url: options.baseUrl, timeout_ms: options.timeoutMs, api_key: options.apiKey ? 'set' : 'missing' });
}

main().catch((err: unknown) => {
  process.stderr.write(`dp-legal-mcp failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
