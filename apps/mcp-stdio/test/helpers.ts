import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { closeServer, listenOnLoopback, startRunningApi, type RunningApi } from '@dp/testing';
import { createApi } from '@dp/api/app';

export { AMENDING_DOC, LONG_DOC, LONG_TEXT_CHARS, textOf, type RunningApi } from '@dp/testing';

export const APP_DIR = join(__dirname, '..');
export const DIST_ENTRY = join(APP_DIR, 'dist', 'index.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * These tests run the compiled server exactly as a host would. Building inside a test would race
 * with other jest workers writing the same dist, so a stale build fails loudly instead.
 */
export function assertBuilt(): void {
  const hint = 'Build it first: `pnpm exec turbo run build --filter=@dp/mcp-stdio` (the root `npm test` builds everything before jest).';
  if (!existsSync(DIST_ENTRY)) throw new Error(`apps/mcp-stdio/dist/index.js is missing. ${hint}`);
  if (newestMtime(join(APP_DIR, 'src')) > statSync(DIST_ENTRY).mtimeMs + 1) {
    throw new Error(`apps/mcp-stdio/dist is older than src. ${hint}`);
  }
}

/** A real api on an ephemeral port (see @dp/testing's startRunningApi). */
export function startApi(): Promise<RunningApi> {
  return startRunningApi(createApi);
}

export interface McpSession {
  client: Client;
  stderr: () => string;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** Spawns `node dist/index.js` over real stdio, as an LLM host does. */
export async function connectMcp(env: Record<string, string>): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [DIST_ENTRY],
    env: { LOG_LEVEL: 'info', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'mcp-stdio-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}

/** A stand-in upstream for failure modes the real api cannot be made to produce on demand. */
export async function fakeUpstream(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(handler);
  return { url: await listenOnLoopback(server), close: () => closeServer(server) };
}
