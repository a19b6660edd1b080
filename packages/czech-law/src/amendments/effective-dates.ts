/**
 * Effective dates of an amending act (#35 item 2): its účinnost provisions read from the text
 * ("Tento zákon nabývá účinnosti dnem 1. ledna 2012, s výjimkou ustanovení čl. I bodu 23, které
 * nabývá účinnosti dnem jeho vyhlášení."), each with the act's parts, articles, §§ and points it
 * covers, and the date of every block's points from them. Pure.
 *
 * Dates written in words are computed from the publication date: "dnem vyhlášení" is that day,
 * "patnáctým dnem po dni jeho vyhlášení" fifteen days later, "prvním dnem třetího kalendářního
 * měsíce následujícího po dni jeho vyhlášení" the first day of the third month after its month.
 */

import { ordinalValue } from '../provisions/parse-provisions';
import { romanToInt } from '../roman';
import type { AmendmentBlock, EffectiveDate, EffectiveHow } from './types';

/** One thing an exception names: the act's own part, article, § (and points of it), or a provision it cannot place. */
export interface EffectSelector {
  /** Keys as the provisions parser makes them: part `2`, article `1` (čl. I), § `5a`. */
  part?: string;
  article?: string;
  section?: string;
  /** Point numbers ("bodů 1 až 5 a 7" → 1, 2, 3, 4, 5, 7). */
  points?: string[];
  /** "pokud jde o § 8k": the rule covers part of these points only. */
  partial?: string;
  /** A finer provision named after the § ("§ 2 odst. 1 písm. a)"), or an annex ("přílohy č. 2"). */
  detail?: string;
}

export interface EffectiveRule {
  /** null for the act as a whole (its main date); else what the exception names. */
  selectors: EffectSelector[] | null;
  date: EffectiveDate;
  /** The clause as written. */
  words: string;
}

export interface EffectivenessReading {
  rules: EffectiveRule[];
  /** The main date: the text's, or the front matter's when the text states none it can compute. */
  main: EffectiveDate;
  /** Clauses the reader could not place (an exception naming nothing it knows). */
  unread: string[];
}

export interface EffectiveMeta {
  publicationDate: string | null;
  effectivenessDate: string | null;
}

const MONTHS: Record<string, number> = {
  ledna: 1,
  února: 2,
  března: 3,
  dubna: 4,
  května: 5,
  června: 6,
  července: 7,
  srpna: 8,
  září: 9,
  října: 10,
  listopadu: 11,
  prosince: 12,
  januára: 1,
  februára: 2,
  marca: 3,
  apríla: 4,
  mája: 5,
  júna: 6,
  júla: 7,
  augusta: 8,
  septembra: 9,
  októbra: 10,
  novembra: 11,
  decembra: 12,
  // Slovak acts also write "1. augustom 1981".
  januárom: 1,
  februárom: 2,
  marcom: 3,
  aprílom: 4,
  májom: 5,
  júnom: 6,
  júlom: 7,
  augustom: 8,
  septembrom: 9,
  októbrom: 10,
  novembrom: 11,
  decembrom: 12,
};
const MONTH_WORD = Object.keys(MONTHS).join('|');

/**
 * Events whose day is known: the Treaty of Accession of the Czech Republic to the European Union
 * entered into force on 1 May 2004 (Sdělení č. 44/2004 Sb. m. s.); the European Patent Convention
 * bound the Czech Republic from 1 July 2002 (zákon č. 116/2000 Sb., čl. X); the controls on the
 * Czech Republic's internal land borders were lifted on 21 December 2007 (Council Decision
 * 2007/801/EC; the source's commits of zákon č. 379/2007 Sb. carry that day).
 */
const EVENTS: { re: RegExp; date: string; name: string }[] = [
  {
    // "dnem, kdy vstoupí v platnost smlouva o přistoupení …" (nařízení vlády č. 285/2000 Sb.): the comma after "dnem".
    re: /^,?\s*(?:dnem(?=[\s,])\s*)?(?:vstupu\s+(?:s|S)mlouvy\s+o\s+přistoupení\s+České\s+republiky\s+(?:k|do)\s+Evropské\s+unii?\s+v\s+platnost|,?\s*kdy\s+vstoupí\s+v\s+platnost\s+(?:s|S)mlouva\s+o\s+přistoupení\s+České\s+republiky\s+(?:k|do)\s+Evropské\s+unii?|přistoupení\s+České\s+republiky\s+k\s+Evropské\s+unii)/u,
    date: '2004-05-01',
    name: 'the Treaty of Accession to the European Union in force',
  },
  {
    re: /^,?\s*dnem\s*,?\s*(?:v\s+němž|kdy)\s+se\s+stane\s+ratifikovaná\s+a\s+vyhlášená\s+Úmluva\s+o\s+udělování\s+evropských\s+patentů\s+pro\s+Českou\s+republiku\s+závazn\p{L}*/u,
    date: '2002-07-01',
    name: 'the European Patent Convention binding on the Czech Republic',
  },
  {
    // The whole name of the decision, to "pro Českou republiku": its dates ("19. června 1990") are no end of the expression.
    re: /^,?\s*dnem\s+odstranění\s+kontrol\s+na\s+(?:státních|vnitřních)\s+hranicích(?:[^;]{0,400}?pro\s+Českou\s+republiku)?/u,
    date: '2007-12-21',
    name: 'the controls on the internal borders lifted (Schengen)',
  },
];

const VERB = /(?:nabývá|nabývají|nabude|nabudou|nadobúda|nadobúdajú)\s+účinnost[iíť]/gu;
const MAIN_SUBJECT =
  /^(?:Tento|Tato|Toto|Táto)\s+(?:ústavní\s+)?(?:zákon|vyhláška|nařízení|nariadenie|zákonné\s+opatření|dekret|výnos|opatření|usnesení|rozhodnutí|sdělení)$|^(?:Zákon|Vyhláška|Nařízení)$/u;
const STATEMENT = /(?:nabývá|nabývají|nabude|nabudou|nadobúda|nadobúdajú)\s+účinnost[iíť]/u;

/** A date expression (the words after "nabývá účinnosti") and how many characters it took. */
export interface DateExpression extends EffectiveDate {
  length: number;
}

function iso(y: number, m: number, d: number): string | null {
  const dt = new Date(Date.UTC(2000, 0, 1));
  dt.setUTCFullYear(y, m - 1, d);
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return dt.toISOString().slice(0, 10);
}

function addDays(isoDate: string, days: number): string {
  const dt = new Date(`${isoDate}T00:00:00Z`);
  dt.setUTCDate(dt.getUTCDate() + days);
  return dt.toISOString().slice(0, 10);
}

function firstOfMonthAfter(isoDate: string, months: number): string {
  const dt = new Date(`${isoDate}T00:00:00Z`);
  const d = new Date(Date.UTC(2000, 0, 1));
  d.setUTCFullYear(dt.getUTCFullYear(), dt.getUTCMonth() + months, 1);
  return d.toISOString().slice(0, 10);
}

const PUBLICATION = '(?:(?:jeho|jejího|jej|její|jejich|ich)\\s+)?(?:vyhlášení|vyhlásenia)';
/** "dnem vyhlášení tohoto zákona" (zákon č. 141/2001 Sb., čl. VIII): the act named after the word, not another act ("zákona č. …"). */
const OF_THIS_ACT = '(?:\\s+(?:tohoto\\s+)?(?:zákona|nařízení|vyhlášky)(?!\\s*č\\.))?';
const ORDINAL_INSTR = '(\\p{L}+(?:ým|ím)(?:\\s+\\p{L}+(?:ým|ím))?)';
const ORDINAL_NOM = '(\\p{L}+ý(?:\\s+\\p{L}+[ýí])?)';
/** A genitive ordinal ("druhého", "třetího", "dvacátého prvního"), never the "kalendářního" after it (in -ího, it would be read as a second word). */
const ORDINAL_GEN = '((?!kalendářního)\\p{L}+(?:ého|ího)(?:\\s+(?!kalendářního)\\p{L}+(?:ého|ího))?)';

const DATE_FORMS: { re: RegExp; read(m: RegExpExecArray, pub: string | null): EffectiveDate }[] = [
  {
    re: new RegExp(`^\\s*(?:dnem|dňom|dne)?\\s*(\\d{1,2})\\.\\s*(${MONTH_WORD})\\s+(\\d{4})`, 'u'),
    read: (m, pub) => stated(iso(Number(m[3]), MONTHS[m[2]], Number(m[1])), m[0], pub),
  },
  {
    re: /^\s*(?:dnem|dňom|dne)?\s*(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})/u,
    read: (m, pub) => stated(iso(Number(m[3]), Number(m[2]), Number(m[1])), m[0], pub),
  },
  {
    re: new RegExp(`^\\s*(?:dnem|dňom)\\s+${PUBLICATION}${OF_THIS_ACT}(?=\\s*(?:[.,;)]|$|s\\s+výjimkou|a\\s))`, 'u'),
    read: (m, pub) => relative(pub, 0, m[0]),
  },
  {
    re: new RegExp(`^\\s*dnem\\s+následujícím\\s+po\\s+(?:dni\\s+|dnu\\s+)?${PUBLICATION}`, 'u'),
    read: (m, pub) => relative(pub, 1, m[0]),
  },
  {
    re: new RegExp(
      `^\\s*${ORDINAL_INSTR}\\s+dnem\\s+(?:následujícím\\s+)?(?:po|ode|od)\\s+(?:dni\\s+|dne\\s+|dnu\\s+)?${PUBLICATION}`,
      'u',
    ),
    read: (m, pub) => {
      const n = ordinalValue(m[1]);
      return n === null ? unread(m[0]) : relative(pub, n, m[0]);
    },
  },
  // "třicátý den po jeho vyhlášení" (zákon č. 635/2004 Sb., čl. XI): the ordinal in the nominative.
  {
    re: new RegExp(`^\\s*${ORDINAL_NOM}\\s+den\\s+(?:následující\\s+)?(?:po|ode|od)\\s+(?:dni\\s+|dne\\s+|dnu\\s+)?${PUBLICATION}`, 'u'),
    read: (m, pub) => {
      const n = ordinalValue(m[1]);
      return n === null ? unread(m[0]) : relative(pub, n, m[0]);
    },
  },
  {
    re: new RegExp(
      `^\\s*prvním\\s+dnem\\s+(?:${ORDINAL_GEN}\\s+)?(?:kalendářního\\s+)?měsíce\\s+(?:následujícího\\s+)?po\\s+(?:dni\\s+|dnu\\s+|dne\\s+)?${PUBLICATION}`,
      'u',
    ),
    read: (m, pub) => {
      const n = m[1] ? ordinalValue(m[1]) : 1;
      if (n === null) return unread(m[0]);
      if (!pub) return noPublication(m[0]);
      return { date: firstOfMonthAfter(pub, n), how: 'relative_to_publication', note: null, evidence: m[0].trim() };
    },
  },
  // "prvním dnem kalendářního čtvrtletí následujícího po dni jeho vyhlášení" (zákon č. 80/2019 Sb., čl. XI).
  {
    re: new RegExp(
      `^\\s*prvním\\s+dnem\\s+(?:kalendářního\\s+)?čtvrtletí\\s+následujícího\\s+po\\s+(?:dni\\s+|dnu\\s+|dne\\s+)?${PUBLICATION}`,
      'u',
    ),
    read: (m, pub) => {
      if (!pub) return noPublication(m[0]);
      const month = Number(pub.slice(5, 7));
      return { date: firstOfMonthAfter(pub, 3 - ((month - 1) % 3)), how: 'relative_to_publication', note: null, evidence: m[0].trim() };
    },
  },
  {
    re: new RegExp(
      `^\\s*(?:prvním\\s+dnem\\s+(?:${ORDINAL_GEN}\\s+)?(?:kalendářního\\s+)?roku|(?:dnem\\s+)?1\\.\\s*ledna\\s+(?:kalendářního\\s+)?roku)\\s+následujícího\\s+po\\s+(?:roce|dni|dnu)(?:[^.;]{0,60}?)${PUBLICATION}`,
      'u',
    ),
    read: (m, pub) => {
      const n = m[1] ? ordinalValue(m[1]) : 1;
      if (n === null) return unread(m[0]);
      if (!pub) return noPublication(m[0]);
      const y = Number(pub.slice(0, 4)) + n;
      return { date: iso(y, 1, 1), how: 'relative_to_publication', note: null, evidence: m[0].trim() };
    },
  },
];

function stated(date: string | null, words: string, pub: string | null): EffectiveDate {
  if (!date) return { date: null, how: null, note: `not a calendar date: ${words.trim()}`, evidence: words.trim() };
  if (pub && date < pub) return beforePublication(date, pub, words);
  return { date, how: 'stated', note: null, evidence: words.trim() };
}

/**
 * A stated day before the act's publication is kept as stated, with a note: zákon č. 309/1999 Sb.,
 * § 3 odst. 3, allows no day of effect before publication, yet e-Sbírka keeps the stated day for
 * most such acts and the 15th day after publication for others, so no rule computes what it gives.
 */
function beforePublication(date: string, pub: string, words: string): EffectiveDate {
  return { date, how: 'stated', note: `stated ${date}, before its publication on ${pub}`, evidence: words.trim() };
}

function relative(pub: string | null, days: number, words: string): EffectiveDate {
  if (!pub) return noPublication(words);
  return { date: addDays(pub, days), how: 'relative_to_publication', note: null, evidence: words.trim() };
}

function noPublication(words: string): EffectiveDate {
  return { date: null, how: null, note: 'counted from the publication date, which the metadata lacks', evidence: words.trim() };
}

function unread(words: string): EffectiveDate {
  return { date: null, how: null, note: `date expression not read: ${words.trim().slice(0, 160)}`, evidence: words.trim().slice(0, 160) };
}

/** Reads the date expression at the start of `s` (the words after "nabývá účinnosti"). */
export function readDateExpression(s: string, publicationDate: string | null): DateExpression {
  for (const form of DATE_FORMS) {
    const m = form.re.exec(s);
    if (m) return { ...form.read(m, publicationDate), length: m[0].length };
  }
  for (const e of EVENTS) {
    const m = e.re.exec(s);
    if (m) return { date: e.date, how: 'event', note: e.name, evidence: m[0].replace(/^[,\s]+/, ''), length: m[0].length };
  }
  const dep =
    /^\s*(?:dnem\s+)?(?:nabytí\s+účinnosti|účinnosti)\s+(?:ustanovení\s+[^,.;]{0,80}?\s+)?(?:zákona|vyhlášky|nařízení)\s+(?:[^,.;]{0,60}?\s)?č\.\s?(\d{1,5})\/(\d{4})\s?Sb\./u.exec(
      s,
    );
  if (dep) {
    return {
      date: null,
      how: null,
      note: 'the day another act takes effect',
      evidence: dep[0].trim(),
      dependsOn: `sb/${dep[2]}/${Number(dep[1])}`,
      length: dep[0].length,
    };
  }
  const words = /^[^.;]*/.exec(s)?.[0] ?? '';
  // The expression runs to the next exception (", s výjimkou", ", a …, které") at most; "s výjimkou"
  // may come without its comma ("třicátý den po jeho vyhlášení s výjimkou části desáté, …").
  const cut = words.search(/(?:,\s*|\s+)s\s+výjimkou|,\s*a\s+(?:s\s+výjimkou|ustanovení|čl\.|části|§|bod)/u);
  const expr = cut >= 0 ? words.slice(0, cut) : words;
  return { ...unread(expr), length: expr.length };
}

// ---------------------------------------------------------------------------------------------
// What an exception names

const PART_WORD = /^(?:část[iíě]?|části|částí|částech)$/iu;
const ARTICLE_WORD = /^(?:čl\.|Čl\.|článk[uůy]|článek|článcích|čl)$/u;
const POINT_WORD = /^(?:bod[uůyě]?|bodech|bodů|body|bod)$/u;
const SECTION_WORD = /^§§?$/u;
const DETAIL_WORD =
  /^(?:odst\.|odstavc\p{L}*|odstavec|písm\.|písmen\p{L}*|vět\p{L}*|přílo\p{L}*|pozn\p{L}*|položk\p{L}*|tabulk\p{L}*|nadpis\p{L}*|hlav\p{L}*|díl\p{L}*|oddíl\p{L}*)$/u;
/** A qualifier read inside an exception's list, as a token (readSelectors). */
const QUALIFIER = '\u2063partial\u2063';
const PARTIAL = /\b(?:pokud\s+(?:jde|se\s+týk\p{L}*)|v\s+části\s+týkající|ve\s+vztahu\s+k|v\s+rozsahu|ve\s+slovech|v\s+části,)/u;

function articleKey(token: string): { key: string } | null {
  const t = token.replace(/[.,;]+$/, '');
  const m = /^([IVXLC]+|\d+)([a-z]?)$/.exec(t);
  if (!m) return null;
  const r = romanToInt(m[1]);
  const n = r !== null ? String(r) : String(Number(m[1]));
  return { key: `${n}${m[2]}` };
}

function numberKey(token: string): string | null {
  const m = /^(\d{1,4})([a-z]{0,2})$/.exec(token.replace(/[.,;]+$/, ''));
  return m ? `${Number(m[1])}${m[2]}` : null;
}

/**
 * Reads what an exception names: "čl. I bodů 1 až 5 a 7, čl. III a IV", "části druhé až čtvrté",
 * "části první čl. I bodu 5", "§ 4 odst. 7", "bodu 10". Null when it names nothing it can place.
 */
export function readSelectors(words: string): EffectSelector[] | null {
  let s = words
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\([^()]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // "Část první a druhá tohoto zákona nabývají účinnosti dnem 1. ledna 2010." (zákon č. 417/2009 Sb., čl. VII bod 1).
  s = s.replace(/\s+(?:tohoto|této)\s+(?:zákona|nařízení|vyhlášky|opatření)\s*$/u, '');
  let partial: string | undefined;
  // "čl. I bodů 22, 25 až 27, 103, pokud jde o § 73a odst. 9, 116, 117 … a čl. IX" (zákon č. 229/2016
  // Sb., čl. XI): a qualifier inside the list, ended by a comma before the list's next number or unit,
  // is the one item's before it; the list goes on after it.
  const inner: string[] = [];
  for (let pm = PARTIAL.exec(s); pm; pm = PARTIAL.exec(s)) {
    const end = /,\s*(?=(?:\d|čl\.|Čl\.|část|bod))/u.exec(s.slice(pm.index));
    if (!end) break;
    inner.push(s.slice(pm.index, pm.index + end.index).trim());
    s = `${s.slice(0, pm.index)} ${QUALIFIER} , ${s.slice(pm.index + end.index + end[0].length)}`;
  }
  const pm = PARTIAL.exec(s);
  if (pm) {
    partial = s.slice(pm.index).trim();
    s = s.slice(0, pm.index);
  }
  const tokens = s
    .replace(/,/g, ' , ')
    .split(/\s+/)
    .filter((t) => t !== '');
  const items: EffectSelector[] = [];
  let context: 'part' | 'article' | 'point' | 'section' | 'detail' | null = null;
  let current: EffectSelector | null = null;
  let range = false;
  let lastNumber: string | null = null;
  let adjacent = false;
  // After a qualifier inside the list, its next points start an item of their own (`resume`).
  let resume: EffectSelector | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === QUALIFIER) {
      const words = inner.shift();
      if (!current || words === undefined) return null;
      const last = current.points?.pop();
      if (last !== undefined) {
        // The qualified point becomes an item of its own; an item left with no point goes.
        const place: EffectSelector = { ...current };
        delete place.points;
        if (!current.points?.length) items.splice(items.indexOf(current), 1);
        const own: EffectSelector = { ...place, points: [last], partial: words };
        items.push(own);
        resume = place;
        current = own;
      } else current.partial = words;
      continue;
    }
    if (t === ',' || t === 'a' || t === 'ustanovení' || t === 'Ustanovení' || t === 'jakož' || t === 'i' || t === 'a,') {
      adjacent = false;
      continue;
    }
    if (t === 'až') {
      range = true;
      continue;
    }
    if (PART_WORD.test(t)) {
      resume = null;
      context = 'part';
      continue;
    }
    if (ARTICLE_WORD.test(t)) {
      resume = null;
      context = 'article';
      adjacent = current?.part !== undefined && adjacent;
      continue;
    }
    if (POINT_WORD.test(t)) {
      context = 'point';
      continue;
    }
    if (SECTION_WORD.test(t)) {
      resume = null;
      context = 'section';
      continue;
    }
    if (DETAIL_WORD.test(t)) {
      if (current && (current.section || current.article)) current.detail = [current.detail, t].filter(Boolean).join(' ');
      else items.push({ detail: t });
      context = 'detail';
      continue;
    }
    if (context === 'part') {
      const two = i + 1 < tokens.length ? ordinalValue(`${t} ${tokens[i + 1]}`) : null;
      const n = two ?? ordinalValue(t) ?? (romanToInt(t) || null) ?? (/^\d+$/.test(t) ? Number(t) : null);
      if (n === null) return null;
      if (two !== null) i++;
      if (range && lastNumber !== null) {
        for (let k = Number(lastNumber) + 1; k <= n; k++) items.push({ part: String(k) });
        range = false;
      } else items.push({ part: String(n) });
      current = items[items.length - 1];
      lastNumber = String(n);
      adjacent = true;
      continue;
    }
    if (context === 'article') {
      const a = articleKey(t);
      if (!a) return null;
      const base: EffectSelector = adjacent && current?.part !== undefined && current.article === undefined ? current : {};
      if (range && lastNumber !== null && /^\d+$/.test(lastNumber) && /^\d+$/.test(a.key)) {
        for (let k = Number(lastNumber) + 1; k <= Number(a.key); k++) items.push({ article: String(k) });
        range = false;
      } else if (base === current && current) current.article = a.key;
      else items.push({ article: a.key });
      current = items[items.length - 1];
      lastNumber = a.key;
      adjacent = false;
      continue;
    }
    if (context === 'section') {
      const n = numberKey(t);
      if (n === null) return null;
      if (range && lastNumber !== null && /^\d+$/.test(lastNumber) && /^\d+$/.test(n)) {
        for (let k = Number(lastNumber) + 1; k <= Number(n); k++) items.push({ section: String(k) });
        range = false;
      } else items.push({ section: n });
      current = items[items.length - 1];
      lastNumber = n;
      continue;
    }
    if (context === 'point') {
      const n = numberKey(t);
      if (n === null) return null;
      if (resume) {
        current = { ...resume };
        items.push(current);
        resume = null;
      } else if (
        !current ||
        (current.points === undefined && current.part === undefined && current.article === undefined && current.section === undefined)
      ) {
        current = {};
        items.push(current);
      }
      const pts = current.points ?? (current.points = []);
      if (range && pts.length && /^\d+$/.test(pts[pts.length - 1]) && /^\d+$/.test(n)) {
        for (let k = Number(pts[pts.length - 1]) + 1; k <= Number(n); k++) pts.push(String(k));
        range = false;
      } else pts.push(n);
      continue;
    }
    if (context === 'detail') continue;
    return null;
  }
  if (items.length === 0) return null;
  if (partial) for (const it of items) it.partial = partial;
  return items;
}

// ---------------------------------------------------------------------------------------------
// Reading the účinnost provisions

/** The act's lines outside its amendment blocks that state when it, or part of it, takes effect. */
function statements(text: string, blocks: AmendmentBlock[]): string[] {
  const out: string[] = [];
  const lines: { start: number; text: string }[] = [];
  let pos = 0;
  while (pos < text.length) {
    let nl = text.indexOf('\n', pos);
    if (nl < 0) nl = text.length;
    lines.push({ start: pos, text: text.slice(pos, nl).replace(/\r$/, '') });
    pos = nl + 1;
  }
  const inBlock = (at: number) => blocks.some((b) => at >= b.start && at < b.end);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    // Quoted lines are another act's words (an amended účinnost article, "…, které nabývají účinnosti dnem 1. ledna 2007.“.").
    if (!STATEMENT.test(l.text) || inBlock(l.start) || /^[#\s]*[„"]/.test(l.text) || /^#/.test(l.text) || /[“"]\.?\s*$/.test(l.text))
      continue;
    let s = l.text.replace(/^\s*-\s+/, '');
    // "…, s výjimkou" followed by the exceptions as list items.
    let j = i + 1;
    while (j < lines.length) {
      const t = lines[j].text;
      if (t.trim() === '') {
        j++;
        continue;
      }
      if (/^\s*-\s+[a-z]\)\s/.test(t) && !STATEMENT.test(t.replace(/^\s*-\s+[a-z]\)\s*/, '').slice(0, 40))) {
        s += ` ${t.replace(/^\s*-\s+/, '').replace(/^[a-z]\)\s*/, '')}`;
        i = j;
        j++;
        continue;
      }
      if (/^\s*-\s+[a-z]\)\s/.test(t) && /s\s+výjimkou\s*:?\s*$/.test(s)) {
        s += ` ${t.replace(/^\s*-\s+[a-z]\)\s*/, '')}`;
        i = j;
        j++;
        continue;
      }
      break;
    }
    out.push(s.trim());
  }
  return out;
}

/** Reads the act's účinnost provisions. `blocks` are left out (their quoted texts speak of other acts). */
export function readEffectiveDates(text: string, meta: EffectiveMeta, blocks: AmendmentBlock[] = []): EffectivenessReading {
  const rules: EffectiveRule[] = [];
  const unread: string[] = [];
  let main: EffectiveDate | null = null;
  for (const st of statements(text, blocks)) {
    let prevEnd = 0;
    let first = true;
    for (const m of st.matchAll(VERB)) {
      const at = m.index ?? 0;
      const subjectRaw = st.slice(prevEnd, at);
      const expr = readDateExpression(st.slice(at + m[0].length), meta.publicationDate);
      prevEnd = at + m[0].length + expr.length;
      const { length: _length, ...date } = expr;
      void _length;
      const subject = subjectRaw
        .replace(/^\s*(?:\(\d+[a-z]?\)|\d+\.|-\s+\d+\.|[a-z]\))\s*/u, '')
        .replace(/^[\s,;:]*(?:a\s+)?(?:s\s+výjimkou\s*:?\s*)?(?:-?\s*[a-z]\)\s*)?(?:ustanovení\s+)?/iu, '')
        .replace(/,?\s*(?:kter\p{L}*|jež|ktor\p{L}*)\s*$/u, '')
        .replace(/\s+(?:se|sa)\s*$/u, '')
        .trim();
      if (first && MAIN_SUBJECT.test(subject)) {
        if (!main) {
          main = date;
          rules.push({ selectors: null, date, words: st.slice(0, prevEnd) });
        }
      } else if (!first || !/^(?:Tento|Tato|Toto|Táto)\s/u.test(subject)) {
        const selectors = readSelectors(subject);
        if (selectors) rules.push({ selectors, date, words: `${subject} … ${date.evidence ?? ''}`.trim() });
        else unread.push(subject.slice(0, 200));
      }
      first = false;
    }
  }
  // The act's main date set by another act's ("dnem nabytí účinnosti zákona č. 349/1999 Sb.", zákon
  // č. 18/2000 Sb., čl. III) is resolved by nothing else: the front matter's date is that day as the
  // Collection resolved it, so it stands in too, the act it depends on kept.
  if (!main || main.date === null) {
    const note = main
      ? `the text's date was not read (${main.note ?? ''}); the front matter date`
      : 'no účinnost provision read; the front matter date';
    const fm: EffectiveDate = meta.effectivenessDate
      ? {
          date: meta.effectivenessDate,
          how: 'front_matter',
          note,
          evidence: null,
          ...(main?.dependsOn ? { dependsOn: main.dependsOn } : {}),
        }
      : {
          date: null,
          how: null,
          note: main ? main.note : 'no účinnost provision read and no effectiveness_date',
          evidence: main?.evidence ?? null,
        };
    const idx = rules.findIndex((r) => r.selectors === null);
    if (idx >= 0) rules[idx] = { ...rules[idx], date: fm };
    else rules.unshift({ selectors: null, date: fm, words: '' });
    main = fm;
  }
  return { rules, main, unread };
}

// ---------------------------------------------------------------------------------------------
// Dates of the blocks' points

interface Location {
  part: string | null;
  article: string | null;
  section: string | null;
  point: string | null;
  /** The first § the point's instruction names ("V § 4 odst. 7 se …" → 4). */
  targetSection: string | null;
  /** The point names a unit inside that § first ("V § 4 odst. 7 se …"), not the § itself ("§ 4 až 7 znějí:"). */
  targetInner: boolean;
}

function keyOf(written: string | null | undefined, kind: 'part' | 'article' | 'section'): string | null {
  if (!written) return null;
  if (kind === 'section') return numberKey(written.replace(/^§\s*/, ''));
  if (kind === 'article') {
    const m = /(?:Čl\.|čl\.|ČL\.|ČI\.|Článek|článek|ČLÁNEK)\s*(\S+)/u.exec(written);
    return m ? (articleKey(m[1])?.key ?? null) : null;
  }
  const word = written.replace(/^\s*(?:ČÁST|Část|část|ČASŤ|Časť)\s+/u, '');
  const n = ordinalValue(word) ?? romanToInt(word) ?? (/^\d+$/.test(word) ? Number(word) : null);
  return n === null ? null : String(n);
}

function targetSectionOf(text: string): string | null {
  const m = /^(?:V|Ve|Za|Před|Na\s+konci|Na\s+začátku)?\s*§\s*(\d+[a-z]{0,2})\b/u.exec(text.trim());
  return m ? numberKey(m[1]) : null;
}

const TARGET_INNER =
  /^(?:V|Ve|Za|Před|Na\s+konci|Na\s+začátku)?\s*§\s*\d+[a-z]{0,2}\s+(?:odst\.|odstav\p{L}*|písm\.|písmen\p{L}*|vět\p{L}*|bod\p{L}*)/u;

/** How specifically a selector names a location (0: not at all). */
function specificity(sel: EffectSelector, loc: Location, ownSections: Set<string>): number {
  if (sel.part !== undefined && sel.part !== loc.part) return 0;
  if (sel.article !== undefined && sel.article !== loc.article) return 0;
  let score = sel.part !== undefined ? 1 : 0;
  if (sel.article !== undefined) score = 2;
  if (sel.section !== undefined) {
    if (ownSections.has(sel.section)) {
      if (sel.section !== loc.section) return 0;
      score = 2;
    } else if (sel.section === loc.targetSection && loc.article !== null && (sel.part === undefined || sel.article !== undefined)) {
      // The amended act's § (the act's own §§ hold no block): the points that name it first.
      score = 2.5;
    } else if (sel.section === loc.targetSection && loc.article === null && loc.section === null) {
      score = 2.5;
    } else return 0;
  }
  if (sel.points !== undefined) {
    if (loc.point === null || !sel.points.includes(loc.point)) return 0;
    score = 3;
  }
  if (sel.section === undefined && sel.points === undefined && sel.article === undefined && sel.part === undefined) return 0;
  return score;
}

/** Gives every point of `blocks` its effective date from the reading. */
export function assignEffectiveDates(blocks: AmendmentBlock[], reading: EffectivenessReading): void {
  const ownSections = new Set(blocks.map((b) => keyOf(b.section, 'section')).filter((k): k is string => k !== null));
  for (const b of blocks) {
    const dates = new Set<string>();
    for (const p of b.points) {
      const loc: Location = {
        part: keyOf(b.part, 'part'),
        article: keyOf(b.article, 'article'),
        section: keyOf(b.section, 'section'),
        point: p.number,
        targetSection: targetSectionOf(p.instruction ?? p.text),
        targetInner: TARGET_INNER.test((p.instruction ?? p.text).trim()),
      };
      let best = 0;
      let chosen: EffectiveDate[] = [];
      const partial: string[] = [];
      for (const r of reading.rules) {
        if (r.selectors === null) continue;
        let s = 0;
        let isPartial = false;
        for (const sel of r.selectors) {
          const k = specificity(sel, loc, ownSections);
          if (k > s) {
            s = k;
            // "s výjimkou § 4 odst. 2 písm. b)" (zákon č. 423/2003 Sb., on zákon č. 96/1993 Sb.) of a
            // point that gives "§ 4 až 7" a new wording: a unit inside the amended § the point names
            // first, so the rest of the point takes the main date.
            isPartial = sel.partial !== undefined || (k === 2.5 && sel.detail !== undefined && !loc.targetInner);
          }
        }
        if (s === 0) continue;
        if (isPartial) {
          partial.push(`${r.date.date ?? 'a date not read'} for ${r.selectors.find((x) => x.partial)?.partial ?? 'part of it'}`);
          continue;
        }
        if (s > best) {
          best = s;
          chosen = [r.date];
        } else if (s === best) chosen.push(r.date);
      }
      let eff: EffectiveDate;
      if (chosen.length === 0) eff = { ...reading.main };
      else if (new Set(chosen.map((d) => d.date)).size === 1) eff = { ...chosen[0] };
      else eff = { date: null, how: null, note: `exceptions disagree: ${chosen.map((d) => d.date ?? '?').join(', ')}`, evidence: null };
      if (best === 2.5 && chosen.length) eff.note = [eff.note, 'placed by the amended § the point names first'].filter(Boolean).join('; ');
      if (partial.length) eff.note = [eff.note, `partly later: ${partial.join('; ')}`].filter(Boolean).join('; ');
      p.effective = eff;
      if (eff.date) dates.add(eff.date);
    }
    b.effectiveDates = [...dates].sort();
  }
}

export type { EffectiveDate, EffectiveHow };
