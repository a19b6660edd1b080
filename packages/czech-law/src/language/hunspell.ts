/**
 * Lemmas from a hunspell dictionary (.aff + .dic), found by stripping affixes the way hunspell's
 * own stemmer does, rather than by expanding every word into all its forms: the dictionary stays
 * one map of its entries (a few tens of MB for Czech) instead of millions of forms.
 *
 * Everything is compared folded (lower case, no diacritics, as `fold` writes it): the rules, the
 * entries and the word looked up. So a word typed without its diacritics ("vypoved") finds its
 * lemma as well as "výpověď" does, and the lemma comes back folded, ready to be a term. Folding
 * merges a few entries ("byt", "být"); they share one key, which the search terms do anyway.
 *
 * Flags are single characters (the Czech dictionary sets no FLAG). Covered: suffix rules with their conditions, twofold suffixes (a suffix whose continuation
 * flags name another suffix, as Czech possessives do: "nájemník" -> "nájemníkův" -> "nájemníkova"),
 * and prefixes whose add is a whole prefix ("ne", "nej") with cross products. Not covered, because
 * the Czech dictionary uses them for what search does not need: compounding, prefixes that strip
 * (the capitalisation pair Ú/Ů), and forbidden words (their forms just do not match).
 */
import { fold } from './text';

interface Affix {
  flag: string;
  /** What the rule removes from the entry (folded). */
  strip: string;
  /** What it adds (folded). */
  add: string;
  /** The entry must match this (the rule's condition, anchored at the end or the start). */
  condition: RegExp | null;
  /** Flags of the rules that may apply on top of this one (twofold suffixes, cross products). */
  continuation: string;
  crossProduct: boolean;
  /** A prefix that negates ("ne", "nejne"); "nej" makes a superlative, a form of the same lemma. */
  negates: boolean;
}

/** How a word relates to its lemma: as an inflected form, or its negation ("ne" + the form). */
export interface Analysis {
  /** The folded dictionary entry the word is a form of. */
  lemma: string;
  /** True when the word is the negation of a form of `lemma` ("nezaplacení" of "zaplacení"). */
  negated: boolean;
  /** True when the entry carries affix flags (a word with forms), not a fixed word like "důvodu". */
  paradigm: boolean;
  /** True when every entry folding to the lemma is capitalised: a name ("Dita"), not a word. */
  proper: boolean;
}

/**
 * A rule's condition on folded entries. Folding a class widens what it accepts, as it should
 * ("[bdfmnptvw]" keeps its letters), but a negated class must lose its letters with diacritics:
 * "[^dď]" folded to "[^dd]" would refuse "d", which the original accepts.
 */
function conditionRegex(cond: string, kind: 'PFX' | 'SFX'): RegExp | null {
  if (cond === '.') return null;
  const source = cond.replace(/\[\^([^\]]*)\]|[^[\]]+|\[[^\]]*\]/g, (part, negated?: string) =>
    negated === undefined ? fold(part) : `[^${[...negated].filter((c) => fold(c) === c).join('')}]`,
  );
  return new RegExp(kind === 'SFX' ? `${source}$` : `^${source}`);
}

export class HunspellLemmatizer {
  /** Folded entry -> the flags of every entry that folds to it. */
  private readonly entries = new Map<string, string>();
  /** Folded entries written in lower case somewhere in the dictionary (the others are names). */
  private readonly common = new Set<string>();
  /** Suffix rules by their folded add (what a form ends with). */
  private readonly suffixes = new Map<string, Affix[]>();
  private readonly prefixes: Affix[] = [];
  private maxAddLength = 0;
  /**
   * By a rule's flag: the suffix rules whose continuation names it, by their add (in the order of
   * `suffixes`), and their longest add. A twofold lookup goes through these only, not through
   * every rule of every ending to skip those that do not continue.
   */
  private readonly continuing = new Map<string, { byAdd: Map<string, Affix[]>; maxAddLength: number }>();

  constructor(aff: string, dic: string) {
    this.readAff(aff);
    this.indexContinuations();
    this.readDic(dic);
  }

  get size(): number {
    return this.entries.size;
  }

  private readAff(aff: string): void {
    const headers = new Map<string, boolean>();
    for (const line of aff.split('\n')) {
      const p = line.trim().split(/\s+/);
      if (p[0] !== 'PFX' && p[0] !== 'SFX') continue;
      const kind = p[0];
      if (p.length === 4 && (p[2] === 'Y' || p[2] === 'N') && /^\d+$/.test(p[3])) {
        headers.set(p[1], p[2] === 'Y');
        continue;
      }
      if (p.length < 4) continue;
      const [addRaw, continuation = ''] = p[3].split('/');
      const affix: Affix = {
        flag: p[1],
        strip: p[2] === '0' ? '' : fold(p[2]),
        add: addRaw === '0' ? '' : fold(addRaw),
        condition: conditionRegex(p[4] ?? '.', kind),
        continuation: continuation,
        crossProduct: headers.get(p[1]) ?? false,
        negates: kind === 'PFX' && addRaw !== '0' && fold(addRaw).endsWith('ne'),
      };
      if (kind === 'SFX') {
        const list = this.suffixes.get(affix.add);
        if (list) list.push(affix);
        else this.suffixes.set(affix.add, [affix]);
        this.maxAddLength = Math.max(this.maxAddLength, affix.add.length);
      } else if (affix.strip === '' && affix.add !== '') {
        this.prefixes.push(affix);
      }
    }
  }

  private indexContinuations(): void {
    const flags = new Set<string>();
    for (const rules of this.suffixes.values()) for (const r of rules) flags.add(r.flag);
    for (const flag of flags) {
      const byAdd = new Map<string, Affix[]>();
      let maxAddLength = 0;
      for (const [add, rules] of this.suffixes) {
        const on = rules.filter((r) => r.continuation.includes(flag));
        if (!on.length) continue;
        byAdd.set(add, on);
        maxAddLength = Math.max(maxAddLength, add.length);
      }
      if (byAdd.size) this.continuing.set(flag, { byAdd, maxAddLength });
    }
  }

  private readDic(dic: string): void {
    const lines = dic.split('\n');
    // Folded in one pass (folding keeps the lines), much cheaper than line by line.
    const folded = fold(dic).split('\n');
    // The first line is the entry count.
    for (let i = /^\d+\s*$/.test(lines[0] ?? '') ? 1 : 0; i < lines.length; i++) {
      const line = folded[i].trim();
      if (!line) continue;
      const slash = line.indexOf('/');
      const word = slash < 0 ? line : line.slice(0, slash);
      // Flags are read from the original line: folding would change them ("ý" is a flag).
      const original = lines[i].trim();
      const oslash = original.indexOf('/');
      const flags = oslash < 0 ? '' : original.slice(oslash + 1).split(/\s/)[0];
      if (original[0] === original[0].toLowerCase()) this.common.add(word);
      const had = this.entries.get(word);
      this.entries.set(word, had === undefined ? flags : had + flags);
    }
  }

  /** Entries `form` is a suffixed form of, through one suffix or two; `needFlag` limits the rules. */
  private suffixBases(form: string, out: Set<string>, needPrefixFlag?: string): void {
    for (let n = Math.min(this.maxAddLength, form.length - 1); n >= 0; n--) {
      const rules = this.suffixes.get(form.slice(form.length - n));
      if (!rules) continue;
      const stem = form.slice(0, form.length - n);
      for (const r of rules) {
        const base = stem + r.strip;
        if (r.condition && !r.condition.test(base)) continue;
        // Through one suffix: the entry carries the rule's flag.
        const flags = this.entries.get(base);
        if (
          flags?.includes(r.flag) &&
          (needPrefixFlag === undefined || r.continuation.includes(needPrefixFlag) || (flags.includes(needPrefixFlag) && r.crossProduct))
        ) {
          out.add(base);
        }
        // Through two: `base` is itself a suffixed form whose rule continues with this one.
        if (needPrefixFlag === undefined) this.twofoldBases(base, r.flag, out);
      }
    }
  }

  private twofoldBases(mid: string, flag: string, out: Set<string>): void {
    const on = this.continuing.get(flag);
    if (!on) return;
    for (let n = Math.min(on.maxAddLength, mid.length - 1); n >= 0; n--) {
      const rules = on.byAdd.get(mid.slice(mid.length - n));
      if (!rules) continue;
      const stem = mid.slice(0, mid.length - n);
      for (const r of rules) {
        const base = stem + r.strip;
        if (r.condition && !r.condition.test(base)) continue;
        if (this.entries.get(base)?.includes(r.flag)) out.add(base);
      }
    }
  }

  private sortedEntries: string[] | undefined;

  /**
   * Entries that begin with `prefix`, common words with forms only (no names, no fixed words), in
   * order; the sorted list is built on first use.
   */
  entriesStartingWith(prefix: string, limit = 200): string[] {
    this.sortedEntries ??= [...this.entries.keys()].filter((e) => this.common.has(e) && this.hasFlags(e)).sort();
    const list = this.sortedEntries;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < list.length && list[i].startsWith(prefix) && out.length < limit; i++) out.push(list[i]);
    return out;
  }

  private hasFlags(entry: string): boolean {
    return (this.entries.get(entry) ?? '') !== '';
  }

  /** Every analysis of a folded word, in no particular order; empty when the dictionary does not know it. */
  analyse(word: string): Analysis[] {
    const plain = new Set<string>();
    if (this.entries.has(word)) plain.add(word);
    this.suffixBases(word, plain);
    const out: Analysis[] = [...plain].map((lemma) => ({
      lemma,
      negated: false,
      paradigm: this.hasFlags(lemma),
      proper: !this.common.has(lemma),
    }));
    for (const p of this.prefixes) {
      if (!word.startsWith(p.add) || word.length <= p.add.length + 1) continue;
      const rest = word.slice(p.add.length);
      if (p.condition && !p.condition.test(rest)) continue;
      const bases = new Set<string>();
      if (this.entries.get(rest)?.includes(p.flag)) bases.add(rest);
      this.suffixBases(rest, bases, p.flag);
      const negated = p.negates;
      for (const lemma of bases) {
        if (!out.some((a) => a.lemma === lemma && a.negated === negated)) {
          out.push({ lemma, negated, paradigm: this.hasFlags(lemma), proper: !this.common.has(lemma) });
        }
      }
    }
    return out;
  }
}
