import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keyInjectingProxy, startStack, type Stack } from './helpers';

/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, pinned, run from the
 * store) against mcp-http in front of a real api. The suite's client sends no headers, so a
 * loopback forwarder adds the test key; the server itself still refuses keyless requests.
 */
const CLI = join(__dirname, '..', 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const BASELINE = join(__dirname, 'conformance-expected-failures.yaml');

/**
 * The scenarios a tools-only, stateless server must pass: each one's checks all succeed
 * (dns-rebinding-protection: a foreign Host/Origin refused, the server's own loopback one served).
 */
const APPLICABLE = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

let stack: Stack;
let proxy: { url: string; close(): Promise<void> };
let outDir: string;
beforeAll(async () => {
  stack = await startStack();
  const { key } = await stack.api.newKey();
  proxy = await keyInjectingProxy(stack.base, key);
  outDir = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
});
afterAll(async () => {
  await proxy?.close();
  await stack?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

it('passes every applicable server scenario; the rest fail only for features a tools-only server lacks', async () => {
  const { code, output } = await run(['server', '--url', `${proxy.url}/mcp`, '--expected-failures', BASELINE, '-o', outDir]);
  expect({ code, output }).toEqual({ code: 0, output: expect.stringMatching(/Baseline check passed/) });

  for (const scenario of APPLICABLE) {
    const dir = readdirSync(outDir).find((d) => d.startsWith(`server-${scenario}`) || d.startsWith(scenario));
    expect(dir).toBeDefined();
    const checks = JSON.parse(readFileSync(join(outDir, dir!, 'checks.json'), 'utf8')) as { id: string; status: string }[];
    expect(checks.length).toBeGreaterThan(0);
    for (const check of checks) expect(check).toMatchObject({ status: 'SUCCESS' });
  }
}, 180_000);
