/**
 * An act's Markdown body as a list of top-level units, the way the consolidation engine edits it
 * and the replay compares it: the text before the first heading (`preamble`), each container
 * heading (část, hlava, díl, oddíl, pododdíl: its heading lines), each § / čl. / příloha, and each
 * footnote (`^5) …`) of the block the source collects at the end of the text. Concatenating the
 * units' texts gives the text back, character for character.
 */

import { footnoteBlockStart, footnoteId, footnoteStarts } from '../provisions/footnotes';
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

/** Splits a footnote block into footnotes, each from its `^N)` line to the next one. */
export function splitFootnotes(block: string, used: Map<string, number>): TextUnit[] {
  const starts = footnoteStarts(block);
  return starts.map((s, i) => ({
    id: footnoteId(s.key, used),
    kind: 'footnote' as const,
    text: block.slice(i === 0 ? 0 : s.at, i + 1 < starts.length ? starts[i + 1].at : block.length),
  }));
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
