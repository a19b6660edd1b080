import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOOL_NAMES } from '@dp/mcp';

const ROOT = join(__dirname, '..', '..', '..');
const NUMBERS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
];

/** Every "<number> tools" a document states, as numbers (words or digits). */
function statedCounts(text: string): number[] {
  return [...text.matchAll(/\b(\w+) (?:MCP )?tools\b/gi)].flatMap(([, word]) => {
    const n = /^\d+$/.test(word) ? Number(word) : NUMBERS.indexOf(word.toLowerCase());
    return n >= 0 ? [n] : [];
  });
}

describe('the docs state the tools the servers list', () => {
  it.each(['docs/mcp.md', 'docs/ARCHITECTURE.md', 'docs/DECISIONS.md', 'README.md'])('%s: every tool count is the real one', (file) => {
    const counts = statedCounts(readFileSync(join(ROOT, file), 'utf8'));
    expect(counts.filter((n) => n !== TOOL_NAMES.length)).toEqual([]);
  });

  it("docs/mcp.md's table has one row per tool, and no other", () => {
    const rows = [...readFileSync(join(ROOT, 'docs', 'mcp.md'), 'utf8').matchAll(/^\| `(\w+)\(/gm)].map(([, name]) => name);
    expect(rows.sort()).toEqual([...TOOL_NAMES].sort());
  });
});
