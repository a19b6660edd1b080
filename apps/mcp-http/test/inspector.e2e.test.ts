import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TOOL_NAMES } from '@dp/mcp';
import { AMENDING_DOC, startStack, type Stack } from './helpers';

const run = promisify(execFile);
/** The MCP Inspector's command line (pinned 0.17.5: its later releases need Node 22). */
const INSPECTOR = join(__dirname, '..', 'node_modules', '@modelcontextprotocol', 'inspector', 'cli', 'build', 'cli.js');

describe('the MCP Inspector CLI over HTTP', () => {
  let stack: Stack;
  let key: string;
  beforeAll(async () => {
    stack = await startStack();
    ({ key } = await stack.api.newKey());
  });
  afterAll(() => stack.close());

  const inspect = async (...args: string[]) => {
    const { stdout } = await run(
      process.execPath,
      [INSPECTOR, '--cli', stack.mcpUrl.href, '--transport', 'http', '--header', `Authorization: Bearer ${key}`, ...args],
      { timeout: 60_000, env: { ...process.env, NODE_NO_WARNINGS: '1' } },
    );
    return JSON.parse(stdout) as Record<string, unknown>;
  };

  it('lists the tools with their annotations', async () => {
    const listed = (await inspect('--method', 'tools/list')) as {
      tools: Array<{ name: string; annotations?: { readOnlyHint?: boolean } }>;
    };
    expect(listed.tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    expect(listed.tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
  });

  it('calls a tool, metered like the REST call it makes', async () => {
    const before = await stack.api.unitsUsed(key);
    const result = (await inspect(
      '--method',
      'tools/call',
      '--tool-name',
      'legal_get_effectivity',
      '--tool-arg',
      `id=${AMENDING_DOC}`,
    )) as {
      isError?: boolean;
      content: Array<{ type: string; text: string }>;
    };
    expect(result.isError).toBeFalsy();
    expect(result.content[0].text.length).toBeGreaterThan(0);
    expect(await stack.api.unitsUsed(key)).toBeGreaterThan(before);
  });
});
