import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { assertBuilt, DIST_ENTRY } from './helpers';
import { TOOL_NAMES } from '@dp/mcp';

// Raw stdio, no SDK: every byte the server writes to stdout must be JSON-RPC 2.0 (hosts break on
// anything else); logs belong on stderr.
it('writes nothing but JSON-RPC 2.0 messages to stdout', async () => {
  assertBuilt();
  const child = spawn(process.execPath, [DIST_ENTRY], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'debug', SERVICE_BASE_URL: 'http://127.0.0.1:9' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const lines: string[] = [];
  const byId = new Map<number, Record<string, unknown>>();
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no answer to all requests; stdout so far: ${lines.join('\n')}; stderr: ${stderr}`)),
      15_000,
    );
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      try {
        const msg = JSON.parse(line) as Record<string, unknown>;
        if (typeof msg.id === 'number') byId.set(msg.id, msg);
      } catch {
        /* asserted below */
      }
      if (byId.has(1) && byId.has(2) && byId.has(3)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const send = (msg: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...msg })}\n`);
  send({
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  send({ method: 'notifications/initialized' });
  send({ id: 2, method: 'tools/list' });
  send({ id: 3, method: 'tools/call', params: { name: 'service_usage', arguments: {} } });
  try {
    await done;
  } finally {
    child.stdin.end();
    await new Promise((r) => child.once('exit', r));
  }

  expect(lines.length).toBeGreaterThanOrEqual(3);
  for (const line of lines) {
    const msg = JSON.parse(line) as { jsonrpc?: string; id?: unknown; result?: unknown; error?: unknown; method?: string };
    expect(msg.jsonrpc).toBe('2.0');
    expect('result' in msg || 'error' in msg || typeof msg.method === 'string').toBe(true);
  }
  expect((byId.get(1)!.result as { serverInfo: { name: string } }).serverInfo.name).toBe('legal-data');
  expect((byId.get(2)!.result as { tools: unknown[] }).tools).toHaveLength(TOOL_NAMES.length);
  const call = byId.get(3)!.result as { isError: boolean; content: { text: string }[] };
  expect(call.isError).toBe(true);
  expect(call.content[0].text).toMatch(/SERVICE_API_KEY/);
  // The logs went to stderr, as JSON lines.
  expect(stderr).toMatch(/"msg":"ready"/);
});
