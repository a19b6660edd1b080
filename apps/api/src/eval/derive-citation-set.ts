/**
 * Derives the citation test set (#26) from the collection:
 * `DATABASE_URL=… node apps/api/dist/eval/derive-citation-set.js` (reads only) writes
 * apps/api/src/eval/citation-set.json (CITATION_SET_OUT overrides the path).
 *
 * Real citations: lines of the acts' texts (acts in a fixed hash order, at most two lines each, a
 * line of at most 400 characters) whose every `§`, `čl.`, `Sb.` and known short name this file's
 * own patterns account for — simple patterns written apart from the recogniser, so the set does
 * not grade the recogniser by itself. Lines with forms these patterns do not expand (`téhož`,
 * `§§`, `až`, lists of odstavce or písmena) are left out. Each citation's status on the set's day
 * comes from the database: the act's effectivity, and the provision in the text of the version in
 * force that day.
 *
 * Made-up citations: a § past the act's last one, an odstavec an existing § lacks, act numbers
 * the collection does not have, acts no longer in force, and real provisions written with
 * abbreviations or without diacritics, in a sentence of their own.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatIsoDate, type EffStatus } from '@dp/core';
import { childId, idSegment, provisionId, romanToInt, type IdSegment } from '@dp/czech-law';
import { createDatabase, indexProvisions, type Database, type ProvisionIndex } from '@dp/db';
import { statusAt } from '../legal/documents/effectivity';
import { toDate } from '../legal/documents/load';
import type { CitationCase, CitationSet, ExpectedCitation, ExpectedStatus } from './citation-set';

export const SET_DAY = '2026-11-01';
const REAL_TARGET = 330;
const LINE_MAX = 400;

const S = '[ \\u00a0]';
const TYPE_WORD = String.raw`(?:ústavní(?:ho|mu|m)?${S}zákon(?:a|u|em|ě)?|zákon(?:a|u|em|ě|y|ů|ům|ech)?|zák\.|vyhlášk(?:a|y|u|ou|ám|ami|ách)|vyhlášce|zákonn(?:é|ého|ému|ým)${S}opatření(?:m)?|nařízení(?:m)?|sdělení(?:m)?|usnesení(?:m)?|rozhodnutí(?:m)?|opatření(?:m)?|dekret(?:u|em|y)?|nález(?:u|em)?|výnos(?:u|em)?)`;
const NUMBER = String.raw`(?<![\d/])(?:č\.${S}?)?(\d{1,4})/(\d{4})${S}Sb\.(?!${S}?m\.${S}?s\.)`;
/** Words between a type and `č.` (the issuer), none of them a type word itself. */
const ISSUER = `(?:${S}(?!${TYPE_WORD}(?![\\p{L}]))[\\p{L}]+){0,6}?`;
const SECTION = String.raw`§${S}(\d{1,4}[a-z]?)(?:${S}odst\.${S}(\d{1,2}))?(?:${S}písm\.${S}([a-z])\))?`;
const ARTICLE = String.raw`čl\.${S}([IVXLC]+|\d{1,3})(?:${S}odst\.${S}(\d{1,2}))?(?:${S}bod(?:u)?${S}(\d{1,3}))?`;

/** Short names this file knows, independently of ACT_NAMES: the forms statutes use. */
const NAMES: [string[], string[]][] = [
  [
    ['občanský zákoník', 'občanského zákoníku', 'občanskému zákoníku', 'občanském zákoníku', 'občanským zákoníkem'],
    ['sb/2012/89', 'sb/1964/40'],
  ],
  [
    ['zákoník práce', 'zákoníku práce', 'zákoníkem práce'],
    ['sb/2006/262', 'sb/1965/65'],
  ],
  [['trestní zákoník', 'trestního zákoníku', 'trestním zákoníku', 'trestním zákoníkem'], ['sb/2009/40']],
  [['trestní řád', 'trestního řádu', 'trestním řádem', 'trestním řádu'], ['sb/1961/141']],
  [['občanský soudní řád', 'občanského soudního řádu', 'občanským soudním řádem', 'občanském soudním řádu'], ['sb/1963/99']],
  [['soudní řád správní', 'soudního řádu správního', 'soudním řádem správním', 'soudním řádu správním'], ['sb/2002/150']],
  [
    ['správní řád', 'správního řádu', 'správním řádem', 'správním řádu'],
    ['sb/2004/500', 'sb/1967/71'],
  ],
  [['daňový řád', 'daňového řádu', 'daňovým řádem', 'daňovém řádu'], ['sb/2009/280']],
  [['insolvenční zákon', 'insolvenčního zákona', 'insolvenčním zákonem', 'insolvenčním zákoně'], ['sb/2006/182']],
  [['obchodní zákoník', 'obchodního zákoníku', 'obchodním zákoníkem', 'obchodním zákoníku'], ['sb/1991/513']],
  [['živnostenský zákon', 'živnostenského zákona', 'živnostenským zákonem', 'živnostenském zákoně'], ['sb/1991/455']],
  [
    ['stavební zákon', 'stavebního zákona', 'stavebním zákonem', 'stavebním zákoně'],
    ['sb/2021/283', 'sb/2006/183'],
  ],
  [['exekuční řád', 'exekučního řádu', 'exekučním řádem', 'exekučním řádu'], ['sb/2001/120']],
  [['notářský řád', 'notářského řádu', 'notářským řádem', 'notářském řádu'], ['sb/1992/358']],
  [['Ústava', 'Ústavy', 'Ústavě', 'Ústavu', 'Ústavou'], ['sb/1993/1']],
  [
    [
      'Listina základních práv a svobod',
      'Listiny základních práv a svobod',
      'Listinou základních práv a svobod',
      'Listiny',
      'Listině',
      'Listinou',
    ],
    ['sb/1993/2'],
  ],
];
const NAME_ALT = NAMES.flatMap(([forms]) => forms)
  .sort((a, b) => b.length - a.length)
  .map((f) => f.replace(/\./g, '\\.').replace(/ /g, S))
  .join('|');
const NAME = String.raw`(?<![\p{L}])(${NAME_ALT})(?![\p{L}])`;
const keysOfName = (written: string) => NAMES.find(([forms]) => forms.includes(written.replace(/\u00a0/g, ' ')))![1];

/** Forms these patterns do not expand: lines with them are left out. */
const UNHANDLED =
  /téhož|téže|citovan|uvedeného zákona|písm\.\s[a-z]\)\s(?:a|až|nebo|,)|\bbod(?:u|y|ech)?\s\d+\s(?:a|až)|\(dále jen|věty|větě|\bZb\.|část[kc]/u;
/** `§ 5, 6 a 8`, `§§ 5 až 8`, `§ 5 odst. 1 a 2` before an act: one entry per § or odstavec (a range: its ends). */
const SECTION_LIST = String.raw`§§?${S}(\d{1,4}[a-z]?)(?:${S}odst\.${S}(\d{1,2}))?((?:,${S}\d{1,4}[a-z]?)*)${S}(a|až|nebo)${S}(\d{1,4}[a-z]?)`;

interface Raw {
  start: number;
  end: number;
  keys: string[];
  provision: string | null;
}

/** Where a number's own words start: the type word within six words before `č.`, if any. */
function typeStart(line: string, at: number): number {
  const before = line.slice(Math.max(0, at - 120), at);
  const m = new RegExp(`${TYPE_WORD}(${ISSUER})${S}$`, 'iu').exec(before);
  if (!m) return at;
  return at - before.length + m.index;
}

/** The citations of one line by this file's patterns, or null when the line has something they cannot read. */
export function annotate(line: string): Raw[] | null {
  if (UNHANDLED.test(line)) return null;
  const out: Raw[] = [];
  const taken: [number, number][] = [];
  const free = (a: number, b: number) => taken.every(([x, y]) => b <= x || a >= y);
  const take = (r: Raw) => {
    out.push(r);
    taken.push([r.start, r.end]);
  };
  const actAfter = (rest: string, from: number): { end: number; keys: string[] } | null => {
    const n = new RegExp(`^${S}${TYPE_WORD}(${ISSUER})${S}${NUMBER}`, 'iu').exec(rest);
    if (n) return { end: from + n[0].length, keys: [`sb/${n[n.length - 1]}/${Number(n[n.length - 2])}`] };
    const name = new RegExp(`^${S}${NAME}`, 'u').exec(rest);
    if (name) return { end: from + name[0].length, keys: keysOfName(name[1]) };
    return null;
  };
  // Lists and ranges of §§ or of one §'s odstavce, followed by their act.
  for (const m of line.matchAll(new RegExp(SECTION_LIST, 'gu'))) {
    const end = m.index + m[0].length;
    const act = actAfter(line.slice(end), end);
    if (!act || !free(m.index, act.end)) continue;
    const middle = m[3]
      ? m[3]
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : [];
    const items = [m[1], ...(m[4] === 'až' ? [] : middle), m[5]];
    const ids = m[2]
      ? [m[2], ...items.slice(1)].map((o) => childId(idSegment('par', m[1]), idSegment('odst', o)))
      : items.map((x) => idSegment('par', x));
    if (m[2] && !/^\d+$/.test(m[5])) continue;
    for (const id of ids) out.push({ start: m.index, end: act.end, keys: act.keys, provision: id });
    taken.push([m.index, act.end]);
  }
  // A § or čl. followed by its act.
  for (const [re, kind] of [
    [new RegExp(SECTION, 'gu'), 'par'],
    [new RegExp(ARTICLE, 'gu'), 'cl'],
  ] as const) {
    for (const m of line.matchAll(re)) {
      const end = m.index + m[0].length;
      const act = actAfter(line.slice(end), end);
      if (!act) continue;
      // The ids as the product writes them (czech-law's one builder); the patterns that find them are this file's own.
      const segments: IdSegment[] = [
        { word: kind, key: kind === 'par' || /^\d/.test(m[1]) ? m[1] : String(romanToInt(m[1]) ?? m[1]) },
        ...(m[2] ? [{ word: 'odst', key: m[2] }] : []),
        ...(m[3] ? [{ word: kind === 'par' ? 'pism' : 'bod', key: m[3] }] : []),
      ];
      const provision = provisionId(segments);
      if (free(m.index, act.end)) take({ start: m.index, end: act.end, keys: act.keys, provision });
    }
  }
  // Numbers on their own.
  for (const m of line.matchAll(new RegExp(NUMBER, 'gu'))) {
    const start = typeStart(line, m.index);
    const end = m.index + m[0].length;
    if (free(start, end)) take({ start, end, keys: [`sb/${m[2]}/${Number(m[1])}`], provision: null });
  }
  // Names on their own, except in the title written after a number (`…Sb., občanský zákoník,`).
  for (const m of line.matchAll(new RegExp(NAME, 'gu'))) {
    const before = line.slice(0, m.index);
    // The title runs from `Sb.,` to `ve znění`, `;`, `§`, a next number or a new clause.
    const title = /Sb\.,(?:(?!ve znění|;|§|č\.\s?\d|,\s(?:a|ale|nebo|podle|dle)\s).)*$/su.exec(before);
    if (title) continue;
    // A one-word proper name opening a sentence may be the common noun (`Listiny se předkládají`);
    // `Ústavu pro …`, `Ústavu zdravotnických informací` is an institute.
    if (!m[1].includes(' ') && /(?:^|[.!?:;] +|^[-*] +)$/.test(before)) continue;
    if (!m[1].includes(' ') && /^\s+(?:pro\s|\p{Ll}+(?:ých|ého|ích|ské)\s)/u.test(line.slice(m.index + m[0].length))) continue;
    if (free(m.index, m.index + m[0].length)) take({ start: m.index, end: m.index + m[0].length, keys: keysOfName(m[1]), provision: null });
  }
  // Every §, čl. and Sb. of the line must be inside a citation found here.
  for (const m of line.matchAll(/§|(?<![\p{L}])čl\.|Sb\./gu)) {
    if (!taken.some(([a, b]) => m.index >= a && m.index < b)) return null;
  }
  return out.sort((a, b) => a.start - b.start);
}

interface Facts {
  id: string;
  status: EffStatus;
  index: ProvisionIndex | null;
  /** The text of the version in force on the day is of a later day. */
  unverifiable: boolean;
}

const IN_FORCE = new Set<EffStatus>(['in_force', 'partially_in_force']);

async function factsOf(db: Database, key: string, day: Date, cache: Map<string, Facts | null>): Promise<Facts | null> {
  if (cache.has(key)) return cache.get(key)!;
  const rows = await db.query<{
    id: string;
    status: string;
    never_effective: boolean;
    effective_from: Date | null;
    effective_to: Date | null;
    inferred_effective_to: Date | null;
    current_version_from: Date | null;
    last_updated: Date | null;
    published_on: Date | null;
  }>(
    `SELECT id, status, never_effective, effective_from, effective_to, inferred_effective_to, current_version_from, last_updated, published_on
     FROM document WHERE natural_key = $1`,
    [key],
  );
  const d = rows[0];
  if (!d) {
    cache.set(key, null);
    return null;
  }
  const published = toDate(d.published_on);
  const status: EffStatus =
    published && day < published
      ? 'not_yet_in_force'
      : statusAt(
          {
            status: d.status,
            neverEffective: d.never_effective,
            effectiveFrom: d.effective_from,
            effectiveTo: d.effective_to,
            inferredEffectiveTo: d.inferred_effective_to,
            currentVersionFrom: d.current_version_from,
            lastUpdated: d.last_updated,
          },
          day,
        );
  const versions = await db.query<{
    valid_from: Date;
    valid_to: Date | null;
    text_as_of: Date;
    text: string | null;
    current: boolean;
  }>(
    `SELECT v.valid_from, v.valid_to, coalesce(v.text_as_of, v.valid_from) AS text_as_of, CASE WHEN v.text_is_current THEN d.text ELSE v.text END AS text, v.text_is_current AS current
     FROM document_version v JOIN document d ON d.id = v.document_id
     WHERE v.document_id = $1 AND v.valid_from <= $2::date ORDER BY v.valid_from DESC, v.version DESC LIMIT 1`,
    [d.id, formatIsoDate(day)],
  );
  const v = versions[0];
  const iso = (x: Date | null) => (x ? formatIsoDate(toDate(x)!) : null);
  const asOf = v ? iso(v.text_as_of) : null;
  const facts: Facts = {
    id: d.id,
    status,
    index: v?.text ? indexProvisions(v.text) : null,
    unverifiable: !v || !v.text || (asOf !== null && asOf > formatIsoDate(day)),
  };
  cache.set(key, facts);
  return facts;
}

/** The status a citation must get: the act meant on the day (of a name's acts, the one in force). */
async function expectedOf(db: Database, raw: Raw, day: Date, cache: Map<string, Facts | null>): Promise<ExpectedCitation> {
  const found: { key: string; f: Facts }[] = [];
  for (const key of raw.keys) {
    const f = await factsOf(db, key, day, cache);
    if (f) found.push({ key, f });
  }
  const base = { start: raw.start, end: raw.end, provision: raw.provision };
  if (!found.length) return { ...base, act: raw.keys[0], status: 'document_not_found' };
  const inForce = found.filter((x) => IN_FORCE.has(x.f.status));
  if (inForce.length > 1) return { ...base, act: raw.keys[0], status: 'ambiguous' };
  const chosen = inForce[0] ?? found[0];
  let status: ExpectedStatus;
  if (!IN_FORCE.has(chosen.f.status)) status = 'not_in_force';
  else if (!raw.provision) status = 'valid';
  else if (chosen.f.unverifiable || !chosen.f.index || !chosen.f.index.sections.length) status = 'unverified';
  else {
    const entry = chosen.f.index.byId.get(raw.provision);
    status = entry && !entry.repealed ? 'valid' : 'provision_not_found';
  }
  return { ...base, act: chosen.key, status };
}

const hash = (s: string) => createHash('sha256').update(s).digest('hex');

async function realCases(db: Database, day: Date, cache: Map<string, Facts | null>): Promise<CitationCase[]> {
  const docs = await db.query<{ natural_key: string }>(
    `SELECT natural_key FROM document WHERE doc_type IN ('act', 'decree', 'government_regulation')`,
  );
  docs.sort((a, b) => hash(a.natural_key).localeCompare(hash(b.natural_key)));
  const cases: CitationCase[] = [];
  let citations = 0;
  for (const { natural_key } of docs) {
    if (citations >= REAL_TARGET) break;
    const [row] = await db.query<{ text: string }>('SELECT text FROM document WHERE natural_key = $1', [natural_key]);
    const lines = row.text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.length > 20 && l.length <= LINE_MAX && !l.startsWith('#') && !l.startsWith('|') && !/^příloha/i.test(l))
      // Lines citing provisions first: they are the harder part.
      .sort((a, b) => Number(b.includes('§') || b.includes('čl.')) - Number(a.includes('§') || a.includes('čl.')));
    let taken = 0;
    for (const line of lines) {
      if (taken >= 2) break;
      const raws = annotate(line);
      if (!raws || !raws.length) continue;
      const expected: ExpectedCitation[] = [];
      for (const r of raws) expected.push(await expectedOf(db, r, day, cache));
      cases.push({ from: natural_key, text: line, expected });
      citations += expected.length;
      taken++;
    }
  }
  return cases;
}

async function madeUpCases(db: Database, day: Date, cache: Map<string, Facts | null>, real: CitationCase[]): Promise<CitationCase[]> {
  const cases: CitationCase[] = [];
  const add = async (from: string, before: string, cited: string, after: string, keys: string[], provision: string | null) => {
    const text = `${before}${cited}${after}`;
    const raw: Raw = { start: before.length, end: before.length + cited.length, keys, provision };
    cases.push({ from: `fabricated/${from}`, text, expected: [await expectedOf(db, raw, day, cache)] });
  };
  // Acts cited in the real cases that are in force and have §§, by number.
  const inForce: { key: string; number: string; last: number; firstPar: string }[] = [];
  for (const key of [...new Set(real.flatMap((c) => c.expected.map((e) => e.act)))].sort((a, b) => hash(a).localeCompare(hash(b)))) {
    const f = await factsOf(db, key, day, cache);
    if (!f || !IN_FORCE.has(f.status) || f.unverifiable || !f.index) continue;
    const pars = f.index.sections.filter((id) => /^par_\d+$/.test(id)).map((id) => Number(id.slice(4)));
    if (pars.length < 3) continue;
    const withOdst = [...f.index.byId.keys()].find((id) => /^par_\d+\/odst_1$/.test(id));
    if (!withOdst) continue;
    const [, y, n] = key.split('/');
    inForce.push({ key, number: `${n}/${y} Sb.`, last: Math.max(...pars), firstPar: withOdst.split('/')[0] });
  }
  for (const a of inForce.slice(0, 20)) {
    const past = a.last + 37;
    await add('beyond-last', 'Podle ', `§ ${past} zákona č. ${a.number}`, ' je návrh důvodný.', [a.key], idSegment('par', String(past)));
  }
  for (const a of inForce.slice(20, 32)) {
    const n = a.firstPar.slice(4);
    await add(
      'no-such-odstavec',
      'Dle ',
      `§ ${n} odst. 19 zákona č. ${a.number}`,
      ' se postupuje obdobně.',
      [a.key],
      `${a.firstPar}/odst_19`,
    );
  }
  const missing = await db.query<{ y: number; n: number }>(
    `SELECT y, n FROM generate_series(1995, 2024) y, generate_series(480, 520) n
     WHERE NOT EXISTS (SELECT 1 FROM document WHERE natural_key = 'sb/' || y || '/' || n) ORDER BY md5(y || '/' || n) LIMIT 15`,
  );
  for (const m of missing)
    await add('no-such-act', 'Ve smyslu ', `zákona č. ${m.n}/${m.y} Sb.`, ' nelze rozhodnout jinak.', [`sb/${m.y}/${m.n}`], null);
  const repealed = await db.query<{ natural_key: string; doc_number: string }>(
    `SELECT natural_key, doc_number FROM document
     WHERE doc_type = 'act' AND status = 'no_longer_in_force' AND effective_to IS NOT NULL AND effective_to < $1::date
     ORDER BY md5(natural_key) LIMIT 15`,
    [formatIsoDate(day)],
  );
  for (const r of repealed) {
    await add('repealed', 'Žalobce se dovolává ', `zákona č. ${r.doc_number}`, ', který dnes platí.', [r.natural_key], null);
  }
  // Real provisions of the big codes, written as lawyers abbreviate them.
  const forms: [string, string, string[], string][] = [
    ['abbreviation', '§ 52 písm. g) ZP', ['sb/2006/262', 'sb/1965/65'], 'par_52/pism_g'],
    ['abbreviation', '§ 2079 OZ', ['sb/2012/89', 'sb/1964/40'], 'par_2079'],
    ['abbreviation', '§ 2079 obč. zák.', ['sb/2012/89', 'sb/1964/40'], 'par_2079'],
    ['abbreviation', '§ 205 TZ', ['sb/2009/40', 'sb/1961/140'], 'par_205'],
    ['abbreviation', '§ 243a o. s. ř.', ['sb/1963/99'], 'par_243a'],
    ['abbreviation', '§ 68 odst. 3 s. ř.', ['sb/2004/500', 'sb/1967/71'], 'par_68/odst_3'],
    ['abbreviation', '§ 9999 ZP', ['sb/2006/262', 'sb/1965/65'], 'par_9999'],
    ['abbreviation', '§ 4 odst. 1 ZOK', ['sb/2012/90'], 'par_4/odst_1'],
    ['short-name', '§ 55 odst. 1 zákoníku práce', ['sb/2006/262', 'sb/1965/65'], 'par_55/odst_1'],
    ['short-name', 'čl. 36 odst. 1 Listiny', ['sb/1993/2'], 'cl_36/odst_1'],
    ['short-name', 'čl. 1 odst. 2 Ústavy', ['sb/1993/1'], 'cl_1/odst_2'],
    ['ascii', '§ 2079 obcanskeho zakoniku', ['sb/2012/89', 'sb/1964/40'], 'par_2079'],
    ['ascii', '§ 52 pism. g) zakoniku prace', ['sb/2006/262', 'sb/1965/65'], 'par_52/pism_g'],
    ['ascii', 'zakon c. 40/1964 Sb.', ['sb/1964/40'], ''],
  ];
  for (const [kind, cited, keys, provision] of forms) {
    const ascii = kind === 'ascii';
    await add(kind, ascii ? 'Podle ' : 'Podle ', cited, ascii ? ' je navrh duvodny.' : ' je návrh důvodný.', keys, provision || null);
  }
  return cases;
}

export async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('set DATABASE_URL to a database holding the collection');
  const db = await createDatabase({ url });
  const day = toDate(SET_DAY)!;
  const cache = new Map<string, Facts | null>();
  try {
    const real = await realCases(db, day, cache);
    const made = await madeUpCases(db, day, cache, real);
    const set: CitationSet = { at: SET_DAY, cases: [...real, ...made] };
    const out = process.env.CITATION_SET_OUT ?? join(__dirname, '..', '..', 'src', 'eval', 'citation-set.json');
    // One case a line: the set stays readable and its diffs small.
    const body = `{\n  "at": ${JSON.stringify(set.at)},\n  "cases": [\n${set.cases.map((c) => `    ${JSON.stringify(c)}`).join(',\n')}\n  ]\n}\n`;
    writeFileSync(`${out}.tmp`, body);
    const { renameSync } = await import('node:fs');
    renameSync(`${out}.tmp`, out);
    const n = (cs: CitationCase[]) => cs.reduce((s, c) => s + c.expected.length, 0);
    console.log(`${real.length} real lines with ${n(real)} citations, ${made.length} made-up citations → ${out}`);
  } finally {
    await db.close();
  }
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
