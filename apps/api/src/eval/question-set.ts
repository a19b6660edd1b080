/**
 * The questions evaluation set (#37 item 5): people's legal questions in Czech, each with the
 * provision(s) of the act that answer it, checked against the act's newest text in the source.
 * Two files, split by act with `splitHalf` (question-set.tune.json, question-set.heldout.json);
 * `check-question-set.ts` runs `checkQuestionSet` over both (`pnpm eval:questions:check`).
 * See docs/search.md, "Questions evaluation set".
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fold, queryTerms, splitHalf, words, type Half } from '@dp/core';
import { parseProvisions } from '@dp/czech-law';
import { titleShortNames } from '@dp/db';
import { z } from 'zod';

/** What a question is about; one vocabulary, so counts by topic mean the same in both halves. */
export const TOPICS = [
  'labour',
  'tenancy',
  'purchase_consumer',
  'contracts_obligations',
  'inheritance',
  'family',
  'property_neighbours',
  'traffic_driving',
  'taxes',
  'social_benefits',
  'pensions',
  'health_insurance',
  'health_care',
  'employment_office',
  'enforcement_insolvency',
  'offences_criminal',
  'business',
  'personal_data',
  'information_administration',
  'education',
  'construction',
  'weapons',
  'animals',
  'citizenship_identity',
  'courts_fees',
  'communications_media',
] as const;

export type Topic = (typeof TOPICS)[number];

/** A question is `long` when it has more words than this (a situation told in a sentence or two). */
export const SHORT_MAX_WORDS = 12;

export const questionSchema = z
  .object({
    q: z.string().min(3).max(400),
    act: z.string().regex(/^sb\/\d{4}\/\d+$/, 'a natural key such as sb/2006/262'),
    provisions: z
      .array(
        z.string().regex(/^[a-z]+(?:_[0-9a-z]+)?(?:~\d+)?(?:\/[a-z]+(?:_[0-9a-z]+)?(?:~\d+)?)*$/, 'a provision id such as par_35/odst_1'),
      )
      .min(1),
    style: z.enum(['colloquial', 'formal']),
    length: z.enum(['short', 'long']),
    typo: z.boolean(),
    topic: z.enum(TOPICS),
    evidence: z.string().min(8).max(120),
  })
  .strict();

export type Question = z.infer<typeof questionSchema>;

export interface QuestionSetFile {
  description: string;
  half: Half;
  questions: Question[];
}

/** An act as the source holds it at its newest version. */
export interface ActText {
  title: string;
  /** `262/2006 Sb.` */
  docNumber: string;
  /** The Markdown body after the front matter. */
  body: string;
}

export interface Problem {
  /** Index of the question in its list (-1: the list as a whole). */
  index: number;
  q: string;
  kind:
    | 'shape'
    | 'act_missing'
    | 'provision_missing'
    | 'evidence_not_in_provision'
    | 'names_act'
    | 'duplicate'
    | 'wrong_half'
    | 'length_label'
    | 'typo_label';
  message: string;
}

/** Lower case, no diacritics, punctuation as spaces, single spaces: the form duplicates are compared in. */
export function questionKey(q: string): string {
  return words(q).join(' ');
}

const wordCount = (q: string) => q.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/**
 * Well-known abbreviations of acts people might otherwise name (compared case-sensitively as whole
 * words); the titles' own words, numbers and short names are read from the source.
 */
const ABBREVIATIONS: Record<string, string[]> = {
  'sb/2006/262': ['ZP', 'ZPr', 'ZPráce'],
  'sb/2012/89': ['OZ', 'NOZ', 'ObčZ'],
  'sb/2009/40': ['TZ', 'TZK', 'TrZ'],
  'sb/2006/182': ['IZ', 'InsZ', 'InsZák'],
  'sb/2001/120': ['EŘ', 'ExŘ'],
  'sb/1992/586': ['ZDP', 'ZDaP'],
  'sb/2004/235': ['ZDPH'],
  'sb/2004/500': ['SŘ', 'SprŘ'],
  'sb/2009/280': ['DŘ', 'DaňŘ'],
  'sb/2012/90': ['ZOK'],
  'sb/2016/250': ['ZOP', 'PřesZ'],
  'sb/2000/361': ['ZSP', 'ZPPK'],
  'sb/1991/455': ['ŽZ', 'ŽivZ'],
  'sb/2013/292': ['ZŘS'],
  'sb/2004/561': ['ŠZ', 'ŠkolZ'],
  'sb/1998/111': ['ZVŠ', 'VŠZ'],
  'sb/2019/110': ['ZZOÚ'],
  'sb/2021/283': ['SZ', 'NSZ', 'StavZ'],
  'sb/1999/106': ['InfZ', 'ZSPI'],
  'sb/1992/634': ['ZOS', 'ZOSp'],
  'sb/2024/90': ['ZZbr', 'ZoZ'],
  'sb/1995/155': ['ZDP', 'ZDPo'],
  'sb/2006/187': ['ZNP', 'ZNPo'],
  'sb/1997/48': ['ZVZP'],
  'sb/2004/435': ['ZZ', 'ZoZ'],
  'sb/2013/186': ['ZSO'],
};

/** Words that name a kind of enactment: a question names none ("podle zákona o …", "vyhláška"). */
const ENACTMENT_STEMS = new Set(['zakon', 'zakonik', 'zakonk', 'vyhlask', 'vyhlas']);

/**
 * The names an act goes by: each subject of its title ("o matrikách, jménu a příjmení"; a title
 * with several "a o …" subjects gives one name per subject, amending subjects left out) and its
 * short names ("insolvenční zákon", "zákoník práce"), as sets of stems; a question that holds
 * every stem of one of them names the act.
 */
export function actNames(title: string): string[][] {
  const names: string[] = [...titleShortNames(title)];
  const core = title
    .replace(/\s+/g, ' ')
    .replace(/\s*\([^()]*\)\s*$/u, '')
    .replace(
      /^(?:Ústavní zákon|Zákon(?: České národní rady| Federálního shromáždění)?|Nařízení vlády|Vyhláška|Sdělení|Opatření)\b(?:\s+(?:Ministerstva|ministerstva|Českého|České|Státního|Úřadu)\b[^,]*?(?=,|\so\s|\skterou\s|\skterým\s|$))?/u,
      '',
    )
    .replace(/^,?\s*(?:kterým|kterou)\s+se\s+(?:stanoví|stanovují|provádí|provádějí|upravuje|upravují|vydává)\s*/u, '')
    .replace(/^ze dne [^o]*?(?=\so\s)/u, '')
    .trim();
  for (const part of core.split(/(?:,|\sa)\s+(?=o\s)/u)) {
    if (/^o\s+(?:změn[ěáy]|doplnění|zrušení)(?=\s|$)/u.test(part)) continue;
    names.push(part);
  }
  return names.map((n) => [...new Set(queryTerms(n))]).filter((stems) => stems.length > 0 && !(stems.length === 1 && stems[0] === 'zakon'));
}

/** Why a question names an act (a number, a kind of enactment, a name, an abbreviation), or null. */
export function namesAnAct(q: string, act: { key: string; title: string; docNumber: string }): string | null {
  if (/\d+\s*\/\s*\d{4}/u.test(q) || /§|\bSb\./u.test(q) || /\bparagraf/iu.test(fold(q))) return 'cites an act or a provision';
  const [, year, n] = act.key.split('/');
  if (new RegExp(`\\b${n}\\s*/\\s*${year}\\b`).test(q)) return `names the act's number ${n}/${year}`;
  const terms = new Set(queryTerms(q));
  const enactment = [...terms].find((t) => ENACTMENT_STEMS.has(t));
  if (enactment) return `names a kind of enactment ("${enactment}")`;
  if (/\bnařízení vlády\b/iu.test(q) || /\bnarizeni vlady\b/iu.test(fold(q))) return 'names a kind of enactment ("nařízení vlády")';
  for (const name of actNames(act.title)) {
    if (name.every((s) => terms.has(s))) return `names the act by its title words (${name.join(' ')})`;
  }
  const tokens = new Set(q.split(/[^\p{L}\p{N}]+/u).filter(Boolean));
  const abbr = (ABBREVIATIONS[act.key] ?? []).find((a) => tokens.has(a));
  if (abbr) return `names the act by its abbreviation ${abbr}`;
  return null;
}

const normalizeSpace = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Has a letter with a diacritic (Czech text without one is typed without diacritics). */
const hasDiacritics = (s: string) => fold(s) !== s.toLowerCase();

/**
 * Every check of the set on one list of questions: shape, the act in the source, every provision
 * id in the act's newest text (parsed as the product parses it), the evidence inside the first
 * (best) provision's text, no act named, no duplicates, the half of each question's act (when
 * `half` is given), and the length and typo labels against the text.
 */
export function checkQuestionSet(items: unknown[], acts: ReadonlyMap<string, ActText | null>, half?: Half): Problem[] {
  const problems: Problem[] = [];
  const seen = new Map<string, number>();
  const parsed = new Map<string, Map<string, string>>();
  const provisionsOf = (key: string, text: ActText): Map<string, string> => {
    let m = parsed.get(key);
    if (!m) {
      m = new Map(parseProvisions(text.body).provisions.map((p) => [p.id, normalizeSpace(text.body.slice(p.start, p.end))]));
      parsed.set(key, m);
    }
    return m;
  };
  items.forEach((item, index) => {
    const shaped = questionSchema.safeParse(item);
    const raw = (item as { q?: unknown } | null)?.q;
    const q = typeof raw === 'string' ? raw : '';
    const add = (kind: Problem['kind'], message: string) => problems.push({ index, q, kind, message });
    if (!shaped.success) {
      add('shape', shaped.error.issues.map((i) => `${i.path.join('.') || '(entry)'}: ${i.message}`).join('; '));
      return;
    }
    const e = shaped.data;
    const key = questionKey(e.q);
    const first = seen.get(key);
    if (first !== undefined) add('duplicate', `same question as #${first}`);
    else seen.set(key, index);
    if (half && splitHalf(e.act) !== half) add('wrong_half', `${e.act} belongs to ${splitHalf(e.act)}, not ${half}`);
    const words = wordCount(e.q);
    const length = words > SHORT_MAX_WORDS ? 'long' : 'short';
    if (e.length !== length) add('length_label', `${words} words make it ${length}, not ${e.length}`);
    if (!e.typo && words >= 4 && !hasDiacritics(e.q)) add('typo_label', 'written without diacritics but typo is false');
    if (new Set(e.provisions).size !== e.provisions.length) add('shape', 'a provision is listed twice');
    const text = acts.get(e.act);
    if (!text) {
      add('act_missing', `${e.act} is not in the source`);
      return;
    }
    const named = namesAnAct(e.q, { key: e.act, title: text.title, docNumber: text.docNumber });
    if (named) add('names_act', named);
    const provisions = provisionsOf(e.act, text);
    const missing = e.provisions.filter((p) => !provisions.has(p));
    if (missing.length) add('provision_missing', `${e.act} has no ${missing.join(', ')} in its newest text`);
    const best = provisions.get(e.provisions[0]);
    if (best !== undefined && !best.includes(normalizeSpace(e.evidence)))
      add('evidence_not_in_provision', `"${e.evidence}" is not in ${e.act} ${e.provisions[0]}`);
  });
  return problems;
}

/** Duplicates across the two halves (each file checks its own). */
export function crossDuplicates(tune: Question[], heldout: Question[]): Problem[] {
  const keys = new Set(tune.map((e) => questionKey(e.q)));
  return heldout
    .map((e, index) => ({ e, index }))
    .filter(({ e }) => keys.has(questionKey(e.q)))
    .map(({ e, index }) => ({ index, q: e.q, kind: 'duplicate' as const, message: 'also in the tuning half' }));
}

/** Counts of one half, for the docs and the check's summary. */
export interface HalfSummary {
  questions: number;
  acts: number;
  byTopic: Record<string, number>;
  byStyle: Record<string, number>;
  byLength: Record<string, number>;
  typos: number;
}

export function summarizeHalf(questions: Question[]): HalfSummary {
  const count = (f: (e: Question) => string) =>
    questions.reduce<Record<string, number>>((acc, e) => ({ ...acc, [f(e)]: (acc[f(e)] ?? 0) + 1 }), {});
  return {
    questions: questions.length,
    acts: new Set(questions.map((e) => e.act)).size,
    byTopic: count((e) => e.topic),
    byStyle: count((e) => e.style),
    byLength: count((e) => e.length),
    typos: questions.filter((e) => e.typo).length,
  };
}

/**
 * The path of one half's file; tsc does not copy JSON into dist/, so the source folder is tried
 * too (as loadQueries does for the search queries).
 */
export function questionSetPath(half: Half): string {
  const name = `question-set.${half}.json`;
  const candidates = [join(__dirname, name), join(__dirname, '..', '..', 'src', 'eval', name)];
  return candidates.find((f) => existsSync(f)) ?? candidates[candidates.length - 1];
}

export function loadQuestionSet(half: Half, path = questionSetPath(half)): QuestionSetFile {
  return JSON.parse(readFileSync(path, 'utf8')) as QuestionSetFile;
}
