/**
 * pg_trgm's similarity() in JavaScript, value for value (float4 included), so the lexical ranking
 * can score title similarity here. In PostgreSQL it cost ~20 µs per title: pg_trgm lower-cases
 * each word through wide characters under a non-C locale and sorts the trigrams on every call,
 * which made it most of a fulltext search (500 candidates → ~12 ms). Here it is one pass over the
 * title with no sorting and no allocation (~1 µs for ASCII titles, which folded titles are).
 *
 * As in pg_trgm: words are runs of letters and digits, lower-cased, padded with two spaces in front
 * and one behind; similarity = shared / (|A| + |B| − shared) over the distinct trigrams of each.
 */

const SPACE = 32;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const NON_ASCII = /[^\x00-\x7f]/;

const isAsciiWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 97 && c <= 122);

/** Calls fn with each trigram (three UTF-16 code units) of lower-cased `text`, repeats included. */
function eachTrigram(lower: string, isWordAt: (i: number) => boolean, fn: (a: number, b: number, c: number) => void): void {
  let i = 0;
  while (i < lower.length) {
    while (i < lower.length && !isWordAt(i)) i++;
    const start = i;
    while (i < lower.length && isWordAt(i)) i++;
    if (i === start) continue;
    let a = SPACE;
    let b = SPACE;
    for (let j = start; j <= i; j++) {
      const c = j < i ? lower.charCodeAt(j) : SPACE;
      fn(a, b, c);
      a = b;
      b = c;
    }
  }
}

/** Any text: distinct trigrams as strings. */
function trigramSet(text: string): Set<string> {
  const lower = text.toLowerCase();
  const set = new Set<string>();
  eachTrigram(lower, (i) => isAsciiWordChar(lower.charCodeAt(i)) || (lower.charCodeAt(i) >= 128 && WORD_CHAR.test(lower[i])), (a, b, c) =>
    set.add(String.fromCharCode(a, b, c)),
  );
  return set;
}

function setSimilarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return Math.fround(shared / (a.size + b.size - shared));
}

// ASCII trigrams as 21-bit numbers; `stamp[code] === generation` marks the current title's.
const ASCII_TRIGRAMS = 1 << 21;
let stamp: Uint32Array | undefined;
let generation = 0;

/** A query whose similarity to many titles is wanted (the query's trigrams are worked out once). */
export class TrigramQuery {
  private readonly set: Set<string>;
  /** The query's distinct trigrams as ASCII codes, or null when the query is not ASCII. */
  private readonly codes: number[] | null;

  constructor(query: string) {
    this.set = trigramSet(query);
    this.codes = NON_ASCII.test(query) ? null : [...this.set].map((t) => (t.charCodeAt(0) << 14) | (t.charCodeAt(1) << 7) | t.charCodeAt(2));
  }

  /** similarity(query, title) as pg_trgm computes it (a float4 value). */
  similarity(title: string): number {
    if (this.codes === null || NON_ASCII.test(title)) return setSimilarity(this.set, trigramSet(title));
    if (this.codes.length === 0) return 0;
    stamp ??= new Uint32Array(ASCII_TRIGRAMS);
    if (++generation === 0xffffffff) {
      stamp.fill(0);
      generation = 1;
    }
    const marks = stamp;
    const gen = generation;
    const lower = title.toLowerCase();
    let distinct = 0;
    // eachTrigram, inlined: this loop is the hot path of a fulltext search.
    let code = (SPACE << 7) | SPACE;
    let inWord = false;
    for (let i = 0; i <= lower.length; i++) {
      const c = i < lower.length ? lower.charCodeAt(i) : SPACE;
      const word = i < lower.length && isAsciiWordChar(c);
      if (!word && !inWord) continue;
      code = ((code << 7) | (word ? c : SPACE)) & (ASCII_TRIGRAMS - 1);
      if (marks[code] !== gen) {
        marks[code] = gen;
        distinct++;
      }
      // After a word's closing space, start the next word with the two-space padding again.
      if (!word) code = (SPACE << 7) | SPACE;
      inWord = word;
    }
    if (distinct === 0) return 0;
    let shared = 0;
    for (const code of this.codes) if (marks[code] === gen) shared++;
    return Math.fround(shared / (this.codes.length + distinct - shared));
  }
}
