/**
 * Footnotes (poznámky pod čarou) as the source writes them: a block of `^5) …` lines the source
 * collects at the end of an act's text. The provisions parser makes each one a provision of its own
 * (`fn_5`), the consolidation engine a unit of its own; both read the block here.
 */

/** A footnote's first line: `^5) …`, `^12a) …`. */
export const FOOTNOTE_LINE = /^\^(\d+[a-z]{0,3})\)/;

/** Lines that end a footnote block when read backwards from the end of the text. */
const STRUCTURAL_LINE = /^(?:#|\(\d|- |\||příloha|PŘÍLOHA)/i;

/**
 * The offset where the footnote block at the end of `text` starts (its first `^N)` line), or -1.
 * Read backwards from the end: footnote lines and their continuation lines, up to the first
 * heading, odstavec, list item, table row or annex line.
 */
export function footnoteBlockStart(text: string, from = 0): number {
  let start = -1;
  let end = text.length;
  while (end > from) {
    const nl = text.lastIndexOf('\n', end - 1);
    const lineStart = Math.max(nl + 1, from);
    const line = text.slice(lineStart, end).replace(/\r$/, '');
    if (line.trim() !== '') {
      if (FOOTNOTE_LINE.test(line)) start = lineStart;
      else if (STRUCTURAL_LINE.test(line)) break;
    }
    if (nl < from) break;
    end = nl;
  }
  return start;
}

/** A footnote of a block: where its `^N)` line starts (offset in the block), its number as written and the mark's length. */
export interface FootnoteStart {
  at: number;
  key: string;
  mark: number;
}

/** The footnotes of a block (`footnoteBlockStart`'s), in order: each runs from its `^N)` line to the next one. */
export function footnoteStarts(block: string): FootnoteStart[] {
  const starts: FootnoteStart[] = [];
  let pos = 0;
  while (pos < block.length) {
    const nl = block.indexOf('\n', pos);
    const m = FOOTNOTE_LINE.exec(block.slice(pos, nl < 0 ? block.length : nl));
    if (m) starts.push({ at: pos, key: m[1], mark: m[0].length });
    if (nl < 0) break;
    pos = nl + 1;
  }
  return starts;
}

/** A footnote's id: `fn_5`, a number met again in the same block `fn_5~2` (counted in `used`). */
export function footnoteId(key: string, used: Map<string, number>): string {
  const base = `fn_${key}`;
  const n = (used.get(base) ?? 0) + 1;
  used.set(base, n);
  return n === 1 ? base : `${base}~${n}`;
}
