/**
 * An act's Markdown body as a list of top-level units, the way the consolidation engine edits it
 * and the replay compares it: the text before the first heading (`preamble`), each container
 * heading (část, hlava, díl, oddíl, pododdíl: its heading lines), each § / čl. / příloha, and each
 * footnote (`^5) …`) of the block the source collects at the end of the text. Concatenating the
 * units' texts gives the text back, character for character.
 */

import { parseProvisions, type ParseReport } from '../provisions/parse-provisions';
import type { ProvisionKind } from '../provisions/provision-id';

export type UnitKind = 'preamble' | 'container' | 'section' | 'article' | 'annex' | 'footnote';

export interface TextUnit {
  /** `preamble`, `cast_1/hlava_2`, `par_5`, `cl_1`, `priloha_2`, `fn_5` (a repeated one `~2`). */
  id: string;
  kind: UnitKind;
  text: string;
}

const UNIT_KINDS: Partial<Record<ProvisionKind, UnitKind>> = {
  part: 'container',
  title: 'container',
  chapter: 'container',
  division: 'container',
  subdivision: 'container',
  section: 'section',
  article: 'article',
  annex: 'annex',
};

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

/** Splits a footnote block into footnotes, each from its `^N)` line to the next one. */
export function splitFootnotes(block: string, used: Map<string, number>): TextUnit[] {
  const out: TextUnit[] = [];
  const starts: { at: number; key: string }[] = [];
  let pos = 0;
  while (pos < block.length) {
    const nl = block.indexOf('\n', pos);
    const line = block.slice(pos, nl < 0 ? block.length : nl);
    const m = FOOTNOTE_LINE.exec(line);
    if (m) starts.push({ at: pos, key: m[1] });
    if (nl < 0) break;
    pos = nl + 1;
  }
  for (let i = 0; i < starts.length; i++) {
    const base = `fn_${starts[i].key}`;
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    const end = i + 1 < starts.length ? starts[i + 1].at : block.length;
    out.push({ id: n === 1 ? base : `${base}~${n}`, kind: 'footnote', text: block.slice(i === 0 ? 0 : starts[i].at, end) });
  }
  return out;
}

/** The units of an act's body; `report` is its `parseProvisions` report when the caller has it. */
export function splitUnits(text: string, report?: ParseReport): TextUnit[] {
  const provisions = (report ?? parseProvisions(text)).provisions;
  const units: TextUnit[] = [];
  const bounds: { start: number; id: string; kind: UnitKind }[] = [];
  for (const p of provisions) {
    const kind = UNIT_KINDS[p.kind];
    if (!kind) continue;
    if (bounds.length && bounds[bounds.length - 1].start === p.start) continue;
    bounds.push({ start: p.start, id: p.id, kind });
  }
  const last = bounds.length ? bounds[bounds.length - 1].start : 0;
  const fnStart = footnoteBlockStart(text, last);
  const bodyEnd = fnStart >= 0 ? fnStart : text.length;
  const firstStart = bounds.length ? bounds[0].start : bodyEnd;
  if (firstStart > 0) units.push({ id: 'preamble', kind: 'preamble', text: text.slice(0, Math.min(firstStart, bodyEnd)) });
  for (let i = 0; i < bounds.length; i++) {
    const end = i + 1 < bounds.length ? bounds[i + 1].start : bodyEnd;
    units.push({ id: bounds[i].id, kind: bounds[i].kind, text: text.slice(bounds[i].start, end) });
  }
  if (fnStart >= 0) units.push(...splitFootnotes(text.slice(fnStart), new Map()));
  return units;
}

/** Whitespace runs as one space, the ends trimmed: how the replay compares texts. */
export function normalizeSpace(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * The top-level unit a provision id belongs to: `par_5/odst_1/pism_c` → `par_5`, `fn_3` → `fn_3`,
 * `cast_1/hlava_2` → itself; `*` (the whole act) stays `*`.
 */
export function unitOf(id: string): string {
  if (id === '*') return '*';
  const segs = id.split('/');
  const i = segs.findIndex((s) => /^(odst|pism|bod)_/.test(s));
  return (i < 0 ? segs : segs.slice(0, i)).join('/');
}
