/**
 * The fenced code blocks of a Markdown guide, and what the guide says to do with each.
 *
 * A block is run by its info string's language (`bash`/`sh`/`shell`, `ts`/`typescript`/`js`/
 * `javascript`, `json`), unless it is marked as not meant to run: an info string whose second
 * word is `output` (```json output), or an HTML comment `<!-- not-run: reason -->` on the
 * line before it. `<!-- run: background -->` before a block starts it and keeps it running (a
 * server) while the guide's later blocks run. A block that is neither runnable nor marked is
 * `unmarked`, which the guide test refuses.
 */
export type BlockAction =
  { kind: 'shell' } | { kind: 'script'; background: boolean } | { kind: 'json' } | { kind: 'skip'; reason: string } | { kind: 'unmarked' };

export interface GuideBlock {
  /** 1-based line of the opening fence. */
  line: number;
  info: string;
  code: string;
  action: BlockAction;
}

const SHELL = new Set(['bash', 'sh', 'shell']);
const SCRIPT = new Set(['ts', 'typescript', 'js', 'javascript']);

function actionOf(info: string, comment: string | undefined): BlockAction {
  const [language = '', flag] = info.trim().split(/\s+/);
  const notRun = comment && /^not-run:\s*(.+)$/.exec(comment);
  if (notRun) return { kind: 'skip', reason: notRun[1].trim() };
  if (flag === 'output') return { kind: 'skip', reason: 'an example of output' };
  if (SHELL.has(language)) return { kind: 'shell' };
  if (SCRIPT.has(language)) return { kind: 'script', background: comment === 'run: background' };
  if (language === 'json') return { kind: 'json' };
  return { kind: 'unmarked' };
}

export function guideBlocks(markdown: string): GuideBlock[] {
  const lines = markdown.split('\n');
  const blocks: GuideBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, info] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !new RegExp(`^\\s*${fence}\\s*$`).test(lines[j]); j++) {
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j]);
    }
    // The comment that marks a block sits on the last non-blank line before it.
    let k = i - 1;
    while (k >= 0 && lines[k].trim() === '') k--;
    const comment = k >= 0 ? /^\s*<!--\s*(.*?)\s*-->\s*$/.exec(lines[k])?.[1] : undefined;
    blocks.push({ line: i + 1, info: info.trim(), code: body.join('\n'), action: actionOf(info, comment) });
    i = j;
  }
  return blocks;
}
