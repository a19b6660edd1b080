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
const NON_ASCII = /[\x80-\uffff]/;

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

/** Trigrams of any text in order, repeats included, each as one number (three UTF-16 units). */
function trigramList(text: string): number[] {
  const lower = text.toLowerCase();
  const out: number[] = [];
  eachTrigram(
    lower,
    (i) => isAsciiWordChar(lower.charCodeAt(i)) || (lower.charCodeAt(i) >= 128 && WORD_CHAR.test(lower[i])),
    (a, b, c) => out.push(a * 2 ** 32 + b * 2 ** 16 + c),
  );
  return out;
}

/** Any text: distinct trigrams (as trigramList numbers them). */
function trigramSet(text: string): Set<number> {
  return new Set(trigramList(text));
}

/** A trigramList number of three ASCII characters as a 21-bit code (7 bits each). */
const asciiCode = (t: number) => (Math.floor(t / 2 ** 32) << 14) | ((Math.floor(t / 2 ** 16) & 0xffff) << 7) | (t & 0xffff);

function setSimilarity(a: Set<number>, b: Set<number>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return Math.fround(shared / (a.size + b.size - shared));
}

// ASCII trigrams as 21-bit numbers; `stamp[code] === generation` marks the current title's.
const ASCII_TRIGRAMS = 1 << 21;
let stamp: Uint32Array | undefined;
let slot: Int32Array | undefined;
let generation = 0;
let codeBuffer = new Int32Array(512);
let lastPositions = new Int32Array(512);

/** A new stamp for one call; a call may also use the stamp after it (wordSimilarity). */
function nextGeneration(marks: Uint32Array): void {
  generation++;
  if (generation >= 0xfffffffe) {
    marks.fill(0);
    generation = 1;
  }
}

/**
 * An ASCII text's trigrams in order, repeats included, as 21-bit codes into `codeBuffer`; returns
 * how many. eachTrigram without a callback per trigram: this is the hot loop of both rankings.
 */
function asciiTrigramCodes(lower: string): number {
  // A word of L letters has L + 1 trigrams, so never more than twice the length.
  if (codeBuffer.length < lower.length * 2 + 2) codeBuffer = new Int32Array(lower.length * 2 + 2);
  const out = codeBuffer;
  let n = 0;
  let code = (SPACE << 7) | SPACE;
  let inWord = false;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : SPACE;
    const word = i < lower.length && isAsciiWordChar(c);
    if (!word && !inWord) continue;
    code = ((code << 7) | (word ? c : SPACE)) & (ASCII_TRIGRAMS - 1);
    out[n++] = code;
    // After a word's closing space, start the next word with the two-space padding again.
    if (!word) code = (SPACE << 7) | SPACE;
    inWord = word;
  }
  return n;
}

/**
 * pg_trgm's iterate_word_similarity (plain, not strict), on numbered trigrams: `at[i]` is the
 * number of the title's i-th trigram; numbers below `distinctQuery` are the query's. The stretch of
 * the title ends at each trigram the query has; its start moves right while that raises the
 * similarity count / (distinctQuery + distinct in stretch - count).
 */
function iterateWordSimilarity(at: Int32Array, n: number, distinctQuery: number, distinct: number): number {
  if (lastPositions.length < distinct) lastPositions = new Int32Array(distinct * 2);
  const lastPos = lastPositions;
  lastPos.fill(-1, 0, distinct);
  const sml = (count: number, len2: number) => Math.fround(count / (distinctQuery + len2 - count));
  let titleDistinct = 0;
  let count = 0;
  let lower = -1;
  let best = 0;
  for (let i = 0; i < n; i++) {
    const k = at[i];
    const found = k < distinctQuery;
    if (lower >= 0 || found) {
      if (lastPos[k] < 0) {
        titleDistinct++;
        if (found) count++;
      }
      lastPos[k] = i;
    }
    if (!found) continue;
    if (lower === -1) {
      lower = i;
      titleDistinct = 1;
    }
    let current = sml(count, titleDistinct);
    // Try each later start of the stretch, dropping the trigrams that occur only before it.
    let tmpCount = count;
    let tmpDistinct = titleDistinct;
    const prevLower = lower;
    for (let start = lower; start <= i; start++) {
      const candidate = sml(tmpCount, tmpDistinct);
      if (candidate > current) {
        current = candidate;
        titleDistinct = tmpDistinct;
        lower = start;
        count = tmpCount;
      }
      const kk = at[start];
      if (lastPos[kk] === start) {
        tmpDistinct--;
        if (kk < distinctQuery) tmpCount--;
      }
    }
    if (current > best) best = current;
    for (let start = prevLower; start < lower; start++) {
      const kk = at[start];
      if (lastPos[kk] === start) lastPos[kk] = -1;
    }
  }
  return best;
}

/** A query whose similarity to many titles is wanted (the query's trigrams are worked out once). */
export class TrigramQuery {
  private readonly set: Set<number>;
  /** The query's distinct trigrams as ASCII codes, or null when the query is not ASCII. */
  private readonly codes: number[] | null;

  /** The query's trigrams in order (for word similarity). */
  private readonly ordered: number[];

  constructor(query: string) {
    this.ordered = trigramList(query);
    this.set = new Set(this.ordered);
    this.codes = NON_ASCII.test(query) ? null : [...this.set].map(asciiCode);
  }

  /** similarity(query, title) as pg_trgm computes it (a float4 value). */
  similarity(title: string): number {
    if (this.codes === null || NON_ASCII.test(title)) return setSimilarity(this.set, trigramSet(title));
    if (this.codes.length === 0) return 0;
    stamp ??= new Uint32Array(ASCII_TRIGRAMS);
    nextGeneration(stamp);
    const marks = stamp;
    const gen = generation;
    const n = asciiTrigramCodes(title.toLowerCase());
    const codes = codeBuffer;
    let distinct = 0;
    for (let i = 0; i < n; i++) {
      if (marks[codes[i]] !== gen) {
        marks[codes[i]] = gen;
        distinct++;
      }
    }
    if (distinct === 0) return 0;
    let shared = 0;
    for (const code of this.codes) if (marks[code] === gen) shared++;
    return Math.fround(shared / (this.codes.length + distinct - shared));
  }

  /**
   * word_similarity(query, title) as pg_trgm computes it: the greatest similarity between the
   * query's trigrams and those of a stretch of the title. Same algorithm as pg_trgm's
   * calc_word_similarity (plain, not strict): the stretch ends at each title trigram the query
   * has, and its start moves right while that raises the similarity. ~4 µs per title here, ~25 µs
   * in PostgreSQL under a UTF-8 locale (it lower-cases through wide characters).
   *
   * With `atLeast`, a title whose word similarity cannot reach it gives 0 without the comparison
   * of stretches (the costly part: each query trigram found restarts it). No stretch can share
   * more than the query trigrams the title has anywhere, and its similarity is at most that
   * count over the query's, so below `atLeast` the exact value would be too.
   */
  wordSimilarity(title: string, atLeast = 0): number {
    if (this.codes === null || NON_ASCII.test(title)) return this.wordSimilarityAnyText(title);
    const distinctQuery = this.codes.length;
    if (distinctQuery === 0) return 0;
    // Number the distinct trigrams: the query's first (0 .. distinctQuery - 1, all "found"), then
    // the title's others; `slot` holds each trigram's number for this call (stamped, as above).
    stamp ??= new Uint32Array(ASCII_TRIGRAMS);
    slot ??= new Int32Array(ASCII_TRIGRAMS);
    nextGeneration(stamp);
    const gen = generation;
    for (let k = 0; k < distinctQuery; k++) {
      stamp[this.codes[k]] = gen;
      slot[this.codes[k]] = k;
    }
    let distinct = distinctQuery;
    const n = asciiTrigramCodes(title.toLowerCase());
    // In place: each trigram's code becomes its number. A query trigram's first occurrence
    // moves its stamp on by one (gen + 1: no other code carries that stamp in this call), so
    // `found` counts the query trigrams the title has.
    const at = codeBuffer;
    let found = 0;
    for (let i = 0; i < n; i++) {
      const code = at[i];
      const mark = stamp[code];
      if (mark === gen) {
        if (slot[code] < distinctQuery) {
          stamp[code] = gen + 1;
          found++;
        }
      } else if (mark !== gen + 1) {
        stamp[code] = gen;
        slot[code] = distinct++;
      }
      at[i] = slot[code];
    }
    // Past this call's stamps (gen + 1 included), so the next call's cannot meet them.
    nextGeneration(stamp);
    if (Math.fround(found / distinctQuery) < atLeast) return 0;
    return iterateWordSimilarity(at, n, distinctQuery, distinct);
  }

  /** wordSimilarity for text that is not all ASCII (slower: trigrams through a Map). */
  private wordSimilarityAnyText(title: string): number {
    const index = new Map<number, number>();
    for (const t of this.ordered) if (!index.has(t)) index.set(t, index.size);
    const distinctQuery = index.size;
    if (distinctQuery === 0) return 0;
    const trigrams = trigramList(title);
    const at = new Int32Array(trigrams.length);
    trigrams.forEach((t, i) => {
      let k = index.get(t);
      if (k === undefined) {
        k = index.size;
        index.set(t, k);
      }
      at[i] = k;
    });
    return iterateWordSimilarity(at, at.length, distinctQuery, index.size);
  }
}
