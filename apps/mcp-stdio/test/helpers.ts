import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { loadConfig, parseScopes, type SharedState } from '@dp/core';
import { contentHash, createApiKey, createOrganization, importDocument, parseCorpusRecord } from '@dp/db';
import { createTestDatabase, createTestState, type TestDatabase } from '@dp/testing';
import { createApi, type Api } from '@dp/api/app';

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
  const hint = 'Build it first: `npx tsc -p apps/mcp-stdio/tsconfig.build.json` (the root `npm test` builds everything before jest).';
  if (!existsSync(DIST_ENTRY)) throw new Error(`apps/mcp-stdio/dist/index.js is missing. ${hint}`);
  if (newestMtime(join(APP_DIR, 'src')) > statSync(DIST_ENTRY).mtimeMs + 1) {
    throw new Error(`apps/mcp-stdio/dist is older than src. ${hint}`);
  }
}

/** Test documents of our own (besides the shared fixture corpus), so assertions do not depend on it. */
export const LONG_DOC = 'sb/2001/9901';
export const AMENDING_DOC = 'sb/2005/9902';
export const LONG_TEXT_CHARS = 45_000;

function longText(): string {
  const head = '# Zákon o zkušebních dokumentech\n\n## § 1\n\n';
  const para = 'Tento zákon upravuje zkušební dokumenty pro nástrojový server. ';
  return (head + para.repeat(Math.ceil(LONG_TEXT_CHARS / para.length))).slice(0, LONG_TEXT_CHARS);
}

const RECORDS = [
  {
    id: 'SB-2001-9901',
    natural_key: LONG_DOC,
    doc_number: '9901/2001 Sb.',
    title: 'Zákon o zkušebních dokumentech',
    doc_type: 'act',
    dates: { published: '2001-01-15', effective_from: '2001-02-01', current_version_from: '2006-01-01' },
    effectivity: { status: 'in_force' },
    text: longText(),
    sections: [{ level: 1, label: '§ 1', offset: 34 }],
    versions: [
      { version: 1, valid_from: '2001-02-01', valid_to: '2006-01-01', kind: 'bootstrap' },
      {
        version: 2,
        valid_from: '2006-01-01',
        valid_to: null,
        kind: 'reform',
        amended_by: '9902/2005 Sb.',
        amended_by_key: AMENDING_DOC,
        text_is_current: true,
      },
    ],
  },
  {
    id: 'SB-2005-9902',
    natural_key: AMENDING_DOC,
    doc_number: '9902/2005 Sb.',
    title: 'Zákon, kterým se mění zákon o zkušebních dokumentech',
    doc_type: 'act',
    is_amending_act: true,
    dates: { published: '2005-11-30', effective_from: '2006-01-01' },
    effectivity: { status: 'in_force' },
    text: '# Novela\n\nZákon č. 9901/2001 Sb. se mění takto.',
    versions: [{ version: 1, valid_from: '2006-01-01', valid_to: null, kind: 'bootstrap', text_is_current: true }],
    relations: [{ type: 'amends', target: LONG_DOC, target_doc_number: '9901/2001 Sb.', methods: ['text-pattern'] }],
  },
];

export async function seedTestDocuments(db: TestDatabase): Promise<void> {
  // The shared fictional corpus where it exists: it is what the other apps' tests read too.
  const testing = (await import('@dp/testing')) as Record<string, unknown>;
  if (typeof testing.seedFixtureCorpus === 'function') await (testing.seedFixtureCorpus as (d: TestDatabase) => Promise<unknown>)(db);
  for (const raw of RECORDS) {
    const parsed = parseCorpusRecord(raw);
    if (!parsed.ok) throw new Error(`test record ${raw.natural_key}: ${parsed.error}`);
    await importDocument(db, parsed.record, contentHash(raw));
  }
}

export interface RunningApi {
  db: TestDatabase;
  state: SharedState;
  api: Api;
  url: string;
  newKey(o?: { scopes?: string; requestsPerMinute?: number; monthlyUnits?: number }): Promise<{ key: string; id: string }>;
  /** GET /v1/usage over plain HTTP (0 units), as a REST client would read it. */
  unitsUsed(key: string): Promise<number>;
  /** Polls GET /v1/legal/changes with a key of its own (so no test's usage moves) until it has entries. */
  waitForChanges(since: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startApi(): Promise<RunningApi> {
  const db = await createTestDatabase();
  const state = createTestState();
  // TTL 0: a revoked key is refused on its next request, with or without Redis.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://api.test', KEY_CACHE_TTL_SECONDS: '0' });
  // Default meter interval: the quota guard counts this instance's unflushed units exactly.
  const api = createApi({ db, state, config });
  await api.ready;
  await seedTestDocuments(db);
  const server = await new Promise<Server>((resolve) => {
    const s = api.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const newKey: RunningApi['newKey'] = async (o = {}) => {
    const org = await createOrganization(db.prisma, {
      name: 'MCP test org',
      requestsPerMinute: o.requestsPerMinute ?? 10_000,
      monthlyUnits: o.monthlyUnits ?? 1_000_000,
    });
    const created = await createApiKey(db.prisma, { orgId: org.id, scopes: parseScopes(o.scopes ?? 'read,manage') });
    return { key: created.key, id: created.id };
  };
  return {
    db,
    state,
    api,
    url,
    newKey,
    async unitsUsed(key) {
      const res = await fetch(`${url}/v1/usage`, { headers: { Authorization: `Bearer ${key}` } });
      if (res.status !== 200) throw new Error(`GET /v1/usage answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: { units: { used: number } } }).data.units.used;
    },
    async waitForChanges(since, timeoutMs = 20_000) {
      const { key } = await newKey({ scopes: 'read' });
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const res = await fetch(`${url}/v1/legal/changes?since=${encodeURIComponent(since)}`, {
          headers: { Authorization: `Bearer ${key}` },
        });
        const body = (await res.json()) as { data?: { changes?: unknown[] } };
        if (res.status === 200 && (body.data?.changes?.length ?? 0) > 0) return;
        if (Date.now() > deadline) throw new Error(`GET /v1/legal/changes still empty after ${timeoutMs} ms (status ${res.status})`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await api.close();
      await state.close();
      await db.destroy();
    },
  };
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

export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

/** A stand-in upstream for failure modes the real api cannot be made to produce on demand. */
export async function fakeUpstream(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
