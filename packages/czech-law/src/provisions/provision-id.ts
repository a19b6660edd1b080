/**
 * Provision ids, one builder and one parser for every part of the product (the provision parser,
 * the instruction grammar, the citation recogniser, the reads' neighbours): `par_52a`,
 * `par_55/odst_1/pism_a`, `cl_1/odst_2`, `cast_1/hlava_2`, `priloha_1`, a bare `priloha`, a footnote `fn_5`, and
 * `~2`, `~3` on a repeated number. docs/provisions.md ("Ids") is the prose of the same rules.
 */

/** Every kind, in the order the API's vocabulary lists them (core's `ProvisionKindSchema`). */
export const PROVISION_KIND_NAMES = [
  'part',
  'title',
  'chapter',
  'division',
  'subdivision',
  'annex',
  'section',
  'article',
  'paragraph',
  'letter',
  'point',
  'footnote',
] as const;
export type ProvisionKind = (typeof PROVISION_KIND_NAMES)[number];

/** The one table of provision kinds: each kind's id segment word and its depth (annexes stand beside the body). */
export const PROVISION_KINDS: Record<ProvisionKind, { segment: string; level: number }> = {
  annex: { segment: 'priloha', level: 0 },
  part: { segment: 'cast', level: 1 },
  title: { segment: 'hlava', level: 2 },
  chapter: { segment: 'dil', level: 3 },
  division: { segment: 'oddil', level: 4 },
  subdivision: { segment: 'pododdil', level: 5 },
  section: { segment: 'par', level: 6 },
  article: { segment: 'cl', level: 6 },
  paragraph: { segment: 'odst', level: 7 },
  letter: { segment: 'pism', level: 8 },
  point: { segment: 'bod', level: 9 },
  // A footnote stands beside the body, as an annex does: `fn_5`.
  footnote: { segment: 'fn', level: 0 },
};

/** One segment of an id: its word (`par`, `odst`, …) and its number as written, folded (`52a`, `c`, `I`); null for a bare `priloha`. */
export interface IdSegment {
  word: string;
  key: string | null;
}

/** `par` + `52a` → `par_52a`; an annex without a number → `priloha`. */
export function idSegment(word: string, key: string | null): string {
  return key === null ? word : `${word}_${key}`;
}

/** An id under its parent's (`par_55` + `odst_1` → `par_55/odst_1`); at the top, the segment alone. */
export function childId(parent: string | null | undefined, segment: string): string {
  return parent ? `${parent}/${segment}` : segment;
}

/** An id from its segments. */
export function provisionId(segments: IdSegment[]): string {
  return segments.map((s) => idSegment(s.word, s.key)).join('/');
}

/** `id` without its repeat mark (`par_5~2` → `par_5`; a footnote's `fn_3~2` → `fn_3`). */
export function withoutRepeat(id: string): string {
  return id.replace(/~\d+$/, '');
}

/** `id`'s segments and its repeat number (`par_5~2` → 2; 1 when not repeated), or null for what is not an id. */
export function parseProvisionId(id: string): { segments: IdSegment[]; repeat: number } | null {
  const tilde = /~(\d+)$/.exec(id);
  const bare = tilde ? id.slice(0, tilde.index) : id;
  const segments: IdSegment[] = [];
  for (const seg of bare.split('/')) {
    const m = /^([a-z]+)(?:_([^/]+))?$/.exec(seg);
    if (!m) return null;
    segments.push({ word: m[1], key: m[2] ?? null });
  }
  return { segments, repeat: tilde ? Number(tilde[1]) : 1 };
}

/**
 * A number to order keys of one kind by: `52` → 52, `52a` → 52.01, `c` → 3, `ii` → by its
 * letters; an annex without a number → 0.
 */
export function keyOrder(key: string | null): number {
  if (!key) return 0;
  const digits = /^(\d+)([a-z]*)/.exec(key);
  if (digits) return Number(digits[1]) + (digits[2] ? (digits[2].charCodeAt(0) - 96) / 100 : 0);
  let value = 0;
  for (const c of key.slice(0, 3)) value = value * 26 + (c.charCodeAt(0) - 96);
  return value;
}
