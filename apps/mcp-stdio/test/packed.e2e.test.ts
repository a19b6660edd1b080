import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { APP_DIR, LONG_DOC, startApi, textOf, type RunningApi } from './helpers';

/**
 * The stdio server as a user installs it: packed into one tarball (scripts/pack.mjs), installed
 * with npm into an empty directory outside the repository, and run through its bin by the
 * official MCP client against a real api.
 */
describe('the packed stdio MCP server', () => {
  let work: string;
  let api: RunningApi;
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'dp-legal-mcp-install-'));
    api = await startApi();
  });
  afterAll(async () => {
    await api?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('installs from its tarball with no dependencies and answers tool calls through its bin', async () => {
    const tarball = execFileSync(process.execPath, [join(APP_DIR, 'scripts', 'pack.mjs'), join(work, 'out')], { encoding: 'utf8' }).trim();
    expect(existsSync(tarball)).toBe(true);

    const project = join(work, 'project');
    execFileSync('mkdir', ['-p', project]);
    writeFileSync(join(project, 'package.json'), '{ "name": "host", "private": true }\n');
    // --offline: the package must need nothing from a registry.
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], {
      cwd: project,
      encoding: 'utf8',
    });
    const installed = JSON.parse(readFileSync(join(project, 'node_modules', 'dp-legal-mcp', 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    expect(installed.dependencies ?? {}).toEqual({});
    const bin = join(project, 'node_modules', '.bin', 'dp-legal-mcp');
    expect(existsSync(bin)).toBe(true);

    const { key } = await api.newKey();
    const transport = new StdioClientTransport({
      command: bin,
      args: [],
      cwd: project,
      env: { PATH: process.env.PATH ?? '', SERVICE_API_KEY: key, SERVICE_BASE_URL: api.url },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'packed-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['legal_search', 'legal_get_document']));
      const result = (await client.callTool({ name: 'legal_get_document', arguments: { id: LONG_DOC } })) as CallToolResult;
      expect(result.isError).not.toBe(true);
      expect(textOf(result)).toContain(LONG_DOC);
    } finally {
      await client.close();
    }
  }, 120_000);
});
