import { ACT_NAMES } from './act-names';
import { romanToInt } from '../roman';
import { PROVISION_KINDS, provisionId, type IdSegment } from '../provisions/provision-id';

/**
 * Finds the Czech legal citations in a text (#26 item 2): numbered acts (`zákon č. 89/2012 Sb.`,
 * `89/2012 Sb.`, `vyhlášky Ministerstva zdravotnictví č. …`), provisions before an act (`§ 2079
 * zákona č. 89/2012 Sb.`, `§ 52 písm. g) zákoníku práce`, `čl. 1 odst. 2 Ústavy`) with their lists
 * and ranges (`§§ 52 až 55`, `§ 52 a 53`, `odst. 1 a 2`), the abbreviations and short names of
 * ACT_NAMES in any grammatical case, and `téhož zákona` / `citovaného zákona` referring back.
 *
 * Pure: text in, spans out; nothing here knows the collection (the resolver decides what a name
 * means on a day and whether a provision exists). Offsets are UTF-16 code units, as the document
 * endpoint's `text_offset`.
 */

export type CitationVia = 'number' | 'abbreviation' | 'name' | 'back_reference';

export interface CitedAct {
  via: CitationVia;
  /** Natural keys the mention may mean: one for a number, an ACT_NAMES entry's acts for a name. */
  keys: readonly string[];
  /** Where the act's own words are (`zákona č. 89/2012 Sb.`, `ZP`, `téhož zákona`). */
  start: number;
  end: number;
  /**
   * A back reference (`téhož zákona`) that could mean more than one act cited before it: the
   * reader must answer `ambiguous` with `keys` as the candidates instead of choosing by date.
   */
  ambiguous?: boolean;
}

export interface CitedProvision {
  /** As the provisions parser makes ids: `par_52`, `par_55/odst_1/pism_a`, `cl_1/odst_2`. */
  id: string;
  /** As people cite it: `§ 55 odst. 1 písm. a)`, `čl. I`. */
  label: string;
}

export interface RecognisedCitation {
  /** The whole expression as written (`§ 52 a 53 zákoníku práce`): entries of one list share it. */
  start: number;
  end: number;
  text: string;
  act: CitedAct;
  /** One cited provision (a list or range gives one entry per provision or end point), or null. */
  provision: CitedProvision | null;
}

// ---------------------------------------------------------------------------------------------
// Folding: diacritics off and every kind of space to ' ', one UTF-16 unit for one, so a match in
// the folded text has the same offsets in the original.

const FOLD_FROM = 'áäàâčćďéěëèíìîľĺňńóôöòŕřšśťúůüùýÿžźÁÄÀÂČĆĎÉĚËÈÍÌÎĽĹŇŃÓÔÖÒŔŘŠŚŤÚŮÜÙÝŸŽŹ';
const FOLD_TO = 'aaaaccdeeeeiiillnnoooorrsstuuuuyyzzAAAACCDEEEEIIILLNNOOOORRSSTUUUUYYZZ';
const FOLD = new Map<string, string>([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]]));
const SPACES = new Set(['\u00a0', '\u2007', '\u202f', '\u2009', '\u200a', '\u2002', '\u2003', '\t', '\r']);
const DASHES = new Set(['\u2013', '\u2014', '\u2212', '\u2010', '\u2011']);

/** Everything but printable ASCII and line feeds: letters to fold, spaces and dashes to make plain. */
const NEEDS_FOLDING = /[^\n -~]/g;

/** The text without diacritics, spaces made plain and dashes made `-`, same length (one UTF-16 unit for one). */
export function foldText(text: string): string {
  return text.replace(NEEDS_FOLDING, (c) => FOLD.get(c) ?? (SPACES.has(c) ? ' ' : DASHES.has(c) ? '-' : c));
}

const DIACRITIC = /[áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ]/g;

/**
 * A text written without diacritics (as models and quick notes often are): names and
 * abbreviations then match without them too. In a text with diacritics they must be written
 * with theirs, or `s. r.` in `s. r. o.` would read as `s. ř.` (správní řád). Czech prose has a
 * letter with a diacritic in every few dozen characters.
 */
function isPlain(text: string): boolean {
  const marked = text.match(DIACRITIC)?.length ?? 0;
  return marked / Math.max(1, text.length) < 0.002;
}

// ---------------------------------------------------------------------------------------------
// Acts by number.

/** Words naming an act's type, in their case forms (folded, lower case). */
const TYPE_WORD =
  '(?:ustavni(?:ho|mu|m)? +zakon(?:em|um|ech|a|u|e|y)?|zakonn(?:e|eho|emu|ym) +opatreni(?:m)?|zakon(?:em|um|ech|a|u|e|y)?|zak\\.|' +
  'vyhla(?:sk(?:ami|ach|am|ou|a|y|u)|sce)|narizeni(?:m)?|sdeleni(?:m)?|usneseni(?:m)?|rozhodnuti(?:m)?|opatreni(?:m)?|' +
  'dekret(?:u|em|y)?|nalez(?:u|em)?|vynos(?:u|em)?)';
/** Up to six words between the type and `č.`: the issuer (`vlády`, `Ministerstva zdravotnictví`). */
const ISSUER = `(?: +(?!${TYPE_WORD}(?![\\p{L}]))\\p{L}+){0,6}?`;
const NUMBERED = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(${TYPE_WORD})(${ISSUER}) +)?(?:(c\\.|cis\\.|cislo) *)?(?<![\\p{N}/])(\\d{1,4}) ?/ ?((?:18|19|20)\\d\\d)(?![\\p{N}])(?: *(Sb)(\\.|(?![\\p{L}])))?`,
  'giu',
);
/** `částka` (an issue of the Collection) before a number. */
const ISSUE_BEFORE = /cast(?:k(?:a|y|u|ou|ach|ami)?|ce) +$/i;
/** `Sb. m. s.` is the treaties' collection, not ours. */
const TREATIES_AFTER = /^ *m\. *s\./i;

interface ActMention extends CitedAct {
  /** End of a title written after the number (`, občanský zákoník`), where names are not new mentions. */
  titleEnd?: number;
  /** A short all-capitals abbreviation (`ZP`, `OZ`): a citation only after a provision. */
  needsProvision?: boolean;
}

/**
 * The act title after `89/2012 Sb.,` (`občanský zákoník`, `o soudech, soudcích … (zákon o soudech
 * a soudcích)`), in which a short name is that act's, not a citation of its own: it runs to `ve
 * znění`, `;`, `§`, the next number, a clause of the sentence (`, a`, `, podle`), the line's or
 * the sentence's end.
 */
function titleEnd(folded: string, from: number): number | undefined {
  const m = /^, +(?=\p{Ll})/u.exec(folded.slice(from, from + 3));
  if (!m) return undefined;
  const rest = folded.slice(from + 2, from + 400);
  const stop =
    /(?:,? +ve zneni|;|§|\n|\. +(?=\p{Lu})|\.$| +\(dale jen|(?<![\p{L}])c\. *\d|, +(?:a|ale|nebo|podle|dle|avsak|pricemz|jakoz)(?![\p{L}]))/u.exec(
      rest,
    );
  return from + 2 + (stop ? stop.index : rest.length);
}

function numberedMentions(folded: string): ActMention[] {
  const out: ActMention[] = [];
  for (const m of folded.matchAll(NUMBERED)) {
    const [whole, type, issuer, numberWord, number, year, sb] = m;
    const start = m.index;
    const end = start + whole.length;
    if (sb && TREATIES_AFTER.test(folded.slice(end))) continue;
    // `v částce 29/2000 Sb.`: an issue of the Collection, not an act.
    if (!type && ISSUE_BEFORE.test(folded.slice(Math.max(0, start - 12), start))) continue;
    if (!sb) {
      // Without `Sb.` only `zákon č. 12/2001` itself: EU regulations (`nařízení … č. 1907/2006`)
      // and file numbers look the same.
      if (!type || !numberWord || (issuer ?? '') !== '' || /^narizeni/i.test(type)) continue;
    }
    out.push({
      via: 'number',
      keys: [`sb/${year}/${Number(number)}`],
      start,
      end,
      titleEnd: titleEnd(folded, end),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Acts by abbreviation or short name (ACT_NAMES).

interface NameForm {
  entry: number;
  form: string;
  kind: 'abbreviation' | 'name';
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form as a pattern over folded text: spaces optional after a dot, any run of spaces between words. */
function formPattern(form: string): string {
  return [...foldText(form)]
    .map((c, i, all) => {
      if (c === ' ') return all[i - 1] === '.' ? ' *' : ' +';
      const e = escape(c);
      return c === '.' && all[i + 1] !== ' ' && i < all.length - 1 ? `${e} *` : e;
    })
    .join('');
}
const squash = (s: string) => s.replace(/\s+/g, '');
const foldKey = (s: string) => squash(foldText(s)).toLowerCase();

const FORMS = new Map<string, NameForm[]>();
for (const [entry, name] of ACT_NAMES.entries()) {
  for (const form of name.abbreviations) {
    const key = foldKey(form);
    FORMS.set(key, [...(FORMS.get(key) ?? []), { entry, form, kind: 'abbreviation' }]);
  }
  for (const form of name.names) {
    const key = foldKey(form);
    FORMS.set(key, [...(FORMS.get(key) ?? []), { entry, form, kind: 'name' }]);
  }
}
const ALL_FORMS = [...ACT_NAMES.flatMap((n) => [...n.abbreviations, ...n.names])].sort((a, b) => squash(b).length - squash(a).length);
/** Tried only where a word starts that begins some form: one alternation of every form at every position is slow. */
const NAME_AT = new RegExp(`(?:${ALL_FORMS.map(formPattern).join('|')})(?![\\p{L}\\p{N}])`, 'iuy');
const FIRST_WORDS = new Set(ALL_FORMS.map((f) => foldText(f).toLowerCase().split(/[ .]/)[0]));
const WORD = /\p{L}+/gu;
const NOT_A_CITATION_AFTER = /^ *o\./; // `s. r. o.`, `v. o. s.`: company forms
const INSTITUTE_AFTER = /^ +(?:pro(?![\p{L}])|\p{Ll}+(?:ych|eho|ich|ske)(?![\p{L}]))/u;
const SENTENCE_OPENING = /(?:^|[.!?:;] +|\n *(?:[-*] +)?|^[-*] +)$/;

/** Whether the written words are this form: exact capitals for abbreviations and capitalised names. */
function writtenAs(written: string, form: NameForm, plain: boolean): boolean {
  const a = plain ? foldText(squash(written)) : squash(written);
  const b = plain ? foldText(squash(form.form)) : squash(form.form);
  if (form.kind === 'abbreviation') return a === b;
  const capitalised = /^\p{Lu}/u.test(form.form);
  if (capitalised) return a === b;
  return a.toLowerCase() === b.toLowerCase() && (a.slice(1) === b.slice(1) || a.slice(1).toLowerCase() === a.slice(1));
}

function nameMentions(text: string, folded: string, plain: boolean): ActMention[] {
  const out: ActMention[] = [];
  WORD.lastIndex = 0;
  for (let w = WORD.exec(folded); w; w = WORD.exec(folded)) {
    if (!FIRST_WORDS.has(w[0].toLowerCase()) || /\p{N}/u.test(folded[w.index - 1] ?? '')) continue;
    NAME_AT.lastIndex = w.index;
    const m = NAME_AT.exec(folded);
    if (!m) continue;
    const start = m.index;
    const end = start + m[0].length;
    WORD.lastIndex = end;
    const written = text.slice(start, end);
    const form = (FORMS.get(foldKey(written)) ?? []).find((f) => writtenAs(written, f, plain));
    if (!form) continue;
    if (form.kind === 'abbreviation' && NOT_A_CITATION_AFTER.test(folded.slice(end))) continue;
    const bare = squash(form.form);
    // `Listiny se předkládají…`, `Ústavy sociální péče…`: a one-word proper name opening a
    // sentence may be the common noun; it is a citation there only after a provision.
    const oneWord = form.kind === 'name' && !form.form.includes(' ');
    const opensSentence = oneWord && SENTENCE_OPENING.test(folded.slice(Math.max(0, start - 12), start));
    // `Ústavu pro studium totalitních režimů`, `Ústavu zdravotnických informací`: an institute (ústav).
    if (oneWord && INSTITUTE_AFTER.test(folded.slice(end, end + 40))) continue;
    out.push({
      via: form.kind,
      keys: ACT_NAMES[form.entry].acts,
      start,
      end,
      needsProvision: opensSentence || (form.kind === 'abbreviation' && bare.length <= 2 && bare === bare.toUpperCase()),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Back references.

const BACK_REFERENCE =
  /(?<![\p{L}])(?:(?:tehoz|citovaneho|uvedeneho) +(?:zakona|zakoniku|narizeni)|(?:teze|citovane|uvedene) +vyhlasky)(?![\p{L}])/giu;
/** Where the sentence holding `pos` starts: after `. ` + a capital, or a line break. */
function sentenceStart(folded: string, pos: number): number {
  const from = Math.max(0, pos - 2000);
  let start = from;
  for (const m of folded.slice(from, pos).matchAll(/[.!?] +(?=\p{Lu})|\n/gu)) start = from + m.index + m[0].length;
  return start;
}

// ---------------------------------------------------------------------------------------------
// Provisions: `§ 55 odst. 1 písm. a) bod 2`, lists and ranges of them.

interface ProvisionRef {
  head: { kind: 'par' | 'cl'; key: string; written: string };
  odst?: string;
  pism?: string;
  bod?: string;
}
type Level = 'head' | 'odst' | 'pism' | 'bod';

const GAP = / *(?:\n *)?/y;
const SECTION_HEAD = /§§? *(\d{1,4}[a-z]{0,2})(?![\p{L}\p{N}])/uy;
const ARTICLE_HEAD = /(?:cl\.|clanek|clanku|clankem|clankum) *([ivxlcdm]+|\d{1,3}[a-z]?)(?![\p{L}\p{N}])/uy;
const ODST = /(?:odst\.|odstavec|odstavce|odstavci|odstavcem) *(\d{1,3}[a-z]?)(?![\p{L}\p{N}])/uy;
const PISM = /(?:pism\.|pismeno|pismene|pismenu|pismenem|pismen) *([a-z]{1,2})(?:\)|(?![\p{L}\p{N}]))/uy;
const BOD = /(?:bod|bodu|bodem|body|bodech) *(\d{1,3}[a-z]?)(?![\p{L}\p{N}])/uy;
const BARE_NUMBER = /(\d{1,4}[a-z]{0,2})(?![\p{L}\p{N}])/uy;
const BARE_ROMAN = /([ivxlcdm]+)(?![\p{L}\p{N}])/uy;
const BARE_LETTER = /([a-z]{1,2})\)/uy;
const SENTENCE =
  / +vet(?:a|y|e|u|ou) +(?:prvni|druh[aeyo]u?|treti|ctvrt[aeyo]u?|pat[aeyo]u?|sest[aeyo]u?|posledni|predposledni)(?![\p{L}])/uy;
const AND_FOLLOWING = / +a +nasl(?:\.|edujici(?:ch|m)?(?![\p{L}]))/uy;
const CONJUNCTION = / *(?:,|a(?![\p{L}])|nebo(?![\p{L}])|az(?![\p{L}])|-|, +a(?![\p{L}])) */uy;

function at(re: RegExp, s: string, pos: number): RegExpExecArray | null {
  re.lastIndex = pos;
  return re.exec(s);
}

function headOf(lower: string, pos: number): { head: ProvisionRef['head']; end: number } | null {
  let m = at(SECTION_HEAD, lower, pos);
  if (m) return { head: { kind: 'par', key: m[1], written: m[1] }, end: pos + m[0].length };
  m = at(ARTICLE_HEAD, lower, pos);
  if (m) {
    const roman = romanToInt(m[1].toUpperCase());
    return {
      head: { kind: 'cl', key: roman !== null ? String(roman) : m[1], written: roman !== null ? m[1].toUpperCase() : m[1] },
      end: pos + m[0].length,
    };
  }
  return null;
}

/** The levels below a head (`odst. 1 písm. a) bod 2`), each optional, in that order. */
function levelsOf(lower: string, pos: number, ref: ProvisionRef): { end: number; last: Level } {
  let end = pos;
  let last: Level = 'head';
  for (const [level, re] of [
    ['odst', ODST],
    ['pism', PISM],
    ['bod', BOD],
  ] as const) {
    const gap = at(GAP, lower, end)![0].length;
    if (gap === 0) continue;
    const m = at(re, lower, end + gap);
    if (!m) continue;
    ref[level] = m[1];
    end = end + gap + m[0].length;
    last = level;
  }
  const s = at(SENTENCE, lower, end);
  if (s) end += s[0].length;
  return { end, last };
}

interface Chain {
  start: number;
  end: number;
  refs: ProvisionRef[];
}

/** A provision or a list/range of them starting at `pos` (a `§` or `čl.`), or null. */
function chainAt(lower: string, pos: number): Chain | null {
  const first = headOf(lower, pos);
  if (!first) return null;
  const ref: ProvisionRef = { head: first.head };
  const lv = levelsOf(lower, first.end, ref);
  const refs = [ref];
  let end = lv.end;
  let last = lv.last;
  for (;;) {
    const c = at(CONJUNCTION, lower, end);
    if (!c || c[0].trim() === '') break;
    const next = end + c[0].length;
    const prev = refs[refs.length - 1];
    let made: { ref: ProvisionRef; end: number; last: Level } | null = null;
    const head = headOf(lower, next);
    if (head) {
      const r: ProvisionRef = { head: head.head };
      const l = levelsOf(lower, head.end, r);
      made = { ref: r, end: l.end, last: l.last };
    } else {
      // A level word restarts below the same head (`odst. 1 a odst. 3`, `písm. a) a písm. c)`).
      const r: ProvisionRef = { head: prev.head };
      const probe = levelsOf(lower, next - 1 >= 0 && lower[next - 1] === ' ' ? next - 1 : next, r);
      if (probe.last !== 'head') {
        if ((r.pism || r.bod) && !r.odst && r.pism) r.odst = prev.odst;
        if (r.bod && !r.pism) {
          r.odst ??= prev.odst;
          r.pism = prev.pism;
        }
        made = { ref: r, end: probe.end, last: probe.last };
      } else {
        // A bare number or letter continues the level the previous one ended at.
        const bare =
          last === 'pism'
            ? at(BARE_LETTER, lower, next)
            : prev.head.kind === 'cl' && last === 'head'
              ? (at(BARE_NUMBER, lower, next) ?? at(BARE_ROMAN, lower, next))
              : at(BARE_NUMBER, lower, next);
        if (bare) {
          const r2: ProvisionRef = { head: prev.head };
          if (last === 'head') {
            const roman = prev.head.kind === 'cl' ? romanToInt(bare[1].toUpperCase()) : null;
            r2.head = {
              kind: prev.head.kind,
              key: roman !== null ? String(roman) : bare[1],
              written: roman !== null ? bare[1].toUpperCase() : bare[1],
            };
          } else {
            if (last !== 'odst') r2.odst = prev.odst;
            if (last === 'bod') r2.pism = prev.pism;
            r2[last] = bare[1];
          }
          const l = last === 'head' ? levelsOf(lower, next + bare[0].length, r2) : { end: next + bare[0].length, last };
          made = { ref: r2, end: l.end, last: l.last === 'head' ? last : l.last };
        }
      }
    }
    if (!made) break;
    refs.push(made.ref);
    end = made.end;
    last = made.last;
  }
  const more = at(AND_FOLLOWING, lower, end);
  if (more) end += more[0].length;
  return { start: pos, end, refs };
}

function provisionOf(ref: ProvisionRef): CitedProvision {
  const segments: IdSegment[] = [{ word: ref.head.kind, key: ref.head.key }];
  let label = ref.head.kind === 'par' ? `§ ${ref.head.written}` : `čl. ${ref.head.written}`;
  if (ref.odst) {
    segments.push({ word: PROVISION_KINDS.paragraph.segment, key: ref.odst });
    label += ` odst. ${ref.odst}`;
  }
  if (ref.pism) {
    segments.push({ word: PROVISION_KINDS.letter.segment, key: ref.pism });
    label += ` písm. ${ref.pism})`;
  }
  if (ref.bod) {
    segments.push({ word: PROVISION_KINDS.point.segment, key: ref.bod });
    label += ` bod ${ref.bod}`;
  }
  return { id: provisionId(segments), label };
}

// ---------------------------------------------------------------------------------------------

const PROVISION_START = /§|(?<![\p{L}])(?:cl\.|clanek|clanku|clankem|clankum) *(?:[ivxlcdm]+|\d)/giu;

/** Every citation in `text`, in order of position. */
export function recogniseCitations(text: string): RecognisedCitation[] {
  const folded = foldText(text);
  const lower = lowerSameLength(folded);
  const plain = isPlain(text);

  // Act mentions: by number first; a name inside a number's title (`…, občanský zákoník`) is that act's title.
  const numbered = numberedMentions(folded);
  const titles = numbered.filter((n) => n.titleEnd !== undefined).map((n) => [n.end, n.titleEnd!] as const);
  const inTitle = (p: number) => titles.some(([from, to]) => p >= from && p < to);
  const mentions: ActMention[] = [...numbered, ...nameMentions(text, folded, plain).filter((n) => !inTitle(n.start))];
  mentions.sort((a, b) => a.start - b.start || b.end - a.end);
  const acts: ActMention[] = [];
  for (const m of mentions) if (!acts.length || m.start >= acts[acts.length - 1].end) acts.push(m);

  // Back references take the act cited last before them, when that is one act.
  for (const b of folded.matchAll(BACK_REFERENCE)) {
    const start = b.index;
    if (acts.some((a) => start >= a.start && start < a.end)) continue;
    const before = acts.filter((a) => a.end <= start && a.via !== 'back_reference');
    const last = before[before.length - 1];
    if (!last) continue;
    // Acts cited in the same sentence as the last one make "the same act" a guess.
    const from = sentenceStart(folded, last.start);
    const inSentence = before.filter((a) => a.start >= from);
    const distinct = [...new Set(inSentence.flatMap((a) => a.keys.join('|')))];
    acts.push({
      via: 'back_reference',
      keys: distinct.length > 1 ? [...new Set(inSentence.flatMap((a) => a.keys))] : last.keys,
      ambiguous: distinct.length > 1 || undefined,
      start,
      end: start + b[0].length,
      needsProvision: true,
    });
  }
  acts.sort((a, b) => a.start - b.start);
  const actAt = new Map(acts.map((a) => [a.start, a]));

  const out: RecognisedCitation[] = [];
  const used = new Set<ActMention>();
  let scanFrom = 0;
  for (const p of lower.matchAll(PROVISION_START)) {
    if (p.index < scanFrom) continue;
    if (acts.some((a) => p.index >= a.start && p.index < a.end)) continue;
    const chain = chainAt(lower, p.index);
    if (!chain) continue;
    const gap = at(GAP, lower, chain.end)![0].length;
    const act = actAt.get(chain.end + gap);
    if (!act) continue;
    used.add(act);
    scanFrom = act.end;
    const span = { start: chain.start, end: act.end, text: text.slice(chain.start, act.end) };
    for (const ref of chain.refs) out.push({ ...span, act: citedOf(act), provision: provisionOf(ref) });
  }
  for (const a of acts) {
    if (used.has(a) || a.needsProvision) continue;
    out.push({ start: a.start, end: a.end, text: text.slice(a.start, a.end), act: citedOf(a), provision: null });
  }
  return out.sort((a, b) => a.start - b.start);
}

function citedOf(a: ActMention): CitedAct {
  return { via: a.via, keys: a.keys, start: a.start, end: a.end, ...(a.ambiguous ? { ambiguous: true } : {}) };
}

function lowerSameLength(s: string): string {
  const lower = s.toLowerCase();
  if (lower.length === s.length) return lower;
  let out = '';
  for (const c of s) {
    const l = c.toLowerCase();
    out += l.length === c.length ? l : c;
  }
  return out;
}
