/**
 * The citation test set (#26): real sentences of the collection with the citations they hold, and
 * made-up ones (a § past an act's last, an act number that does not exist, a repealed act), each
 * with the status it must get on the set's day. Made by derive-citation-set.ts with rules of its
 * own (never the recogniser), scored by run-citation-eval.ts.
 */

export type ExpectedStatus =
  'valid' | 'amended_not_in_source' | 'not_in_force' | 'provision_not_found' | 'document_not_found' | 'ambiguous' | 'unverified';

export interface ExpectedCitation {
  start: number;
  end: number;
  /** Natural key of the act meant. */
  act: string;
  provision: string | null;
  status: ExpectedStatus;
}

export interface CitationCase {
  /** The citing act (`sb/2004/500`), or `fabricated/<kind>`. */
  from: string;
  text: string;
  expected: ExpectedCitation[];
}

export interface CitationSet {
  /** The day every citation is checked on. */
  at: string;
  cases: CitationCase[];
}

export interface Found {
  start: number;
  end: number;
  provision: string | null;
  status: string;
}

export interface Score {
  expectedSpans: number;
  foundSpans: number;
  matchedSpans: number;
  recall: number;
  precision: number;
  expectedCitations: number;
  statusRight: number;
  statusAccuracy: number;
  /** Cases with a difference, for reading by hand. */
  misses: { from: string; text: string; missing: string[]; extra: string[]; wrongStatus: string[] }[];
}

const spanKey = (c: { start: number; end: number }) => `${c.start}-${c.end}`;

/**
 * Spans are compared as sets per case (entries of one list share their span); a status is right
 * when an entry with the same span and provision has it.
 */
export function scoreCase(c: CitationCase, found: Found[], into: Score): void {
  const expected = new Set(c.expected.map(spanKey));
  const got = new Set(found.map(spanKey));
  const matched = [...expected].filter((s) => got.has(s));
  into.expectedSpans += expected.size;
  into.foundSpans += got.size;
  into.matchedSpans += matched.length;
  const wrongStatus: string[] = [];
  for (const e of c.expected) {
    into.expectedCitations++;
    const f = found.find((x) => x.start === e.start && x.end === e.end && x.provision === e.provision);
    if (f && f.status === e.status) into.statusRight++;
    else wrongStatus.push(`${c.text.slice(e.start, e.end)} [${e.provision ?? '-'}]: ${e.status} ≠ ${f?.status ?? 'not found'}`);
  }
  const missing = [...expected].filter((s) => !got.has(s)).map((s) => sliceOf(c.text, s));
  const extra = [...got].filter((s) => !expected.has(s)).map((s) => sliceOf(c.text, s));
  if (missing.length || extra.length || wrongStatus.length) into.misses.push({ from: c.from, text: c.text, missing, extra, wrongStatus });
}

function sliceOf(text: string, key: string): string {
  const [a, b] = key.split('-').map(Number);
  return text.slice(a, b);
}

export function emptyScore(): Score {
  return {
    expectedSpans: 0,
    foundSpans: 0,
    matchedSpans: 0,
    recall: 0,
    precision: 0,
    expectedCitations: 0,
    statusRight: 0,
    statusAccuracy: 0,
    misses: [],
  };
}

export function finish(s: Score): Score {
  s.recall = s.expectedSpans ? s.matchedSpans / s.expectedSpans : 1;
  s.precision = s.foundSpans ? s.matchedSpans / s.foundSpans : 1;
  s.statusAccuracy = s.expectedCitations ? s.statusRight / s.expectedCitations : 1;
  return s;
}
