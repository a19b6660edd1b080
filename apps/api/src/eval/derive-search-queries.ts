/**
 * Derives (query -> act) pairs from the collection for the search evaluation, by rules that never
 * look at a ranking: `DATABASE_URL=… node apps/api/dist/eval/derive-search-queries.js` (reads only)
 * writes apps/api/src/eval/derived-queries.json (DERIVED_OUT overrides the path).
 *
 * Rules (docs/search.md, "Evaluation"):
 * - `short-name`: the short name in a title's trailing parentheses ("… (insolvenční zákon)"), or the
 *   name a title gives after "Zákon" ("Zákon trestní zákoník" -> "trestní zákoník").
 * - `amended-name`: the name a title or citation uses for an act it cites by number
 *   ("kterým se mění zákon č. 21/1992 Sb., o bankách" -> "zákon o bankách", and the short name in
 *   parentheses after it), where the number resolves to a document and the name is used for that
 *   act only.
 * - `heading`: a § heading (`##### § N` followed by `#### Heading`) found in exactly one in-force
 *   document that is not an amending act.
 * - `number`: "21/1992 Sb." and "zákon č. 21/1992" for a sample of acts.
 * Every third pair of a rule (in hash order) also gets a twin written without diacritics (rule
 * `<rule>/ascii`). Queries that would name two acts, or that are another document's title, are dropped; each act gives at most
 * 6 pairs (3 of a rule); each pair goes to `tune` or `heldout` by a hash of its ACT's natural key,
 * so an act's every query (and its twin) is in one half: what a ranking learns of an act on `tune`
 * (a prior, a name) cannot help it on `heldout`.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { splitHalf, type Half } from '@dp/core';
import { isAmendingTitle } from '@dp/czech-law';
import { citedNames, cleanName, createDatabase, titleShortNames } from '@dp/db';

export { citedNames, titleShortNames, type CitedName } from '@dp/db';

export type Rule = 'short-name' | 'amended-name' | 'heading' | 'number';

export interface DerivedPair {
  q: string;
  relevant: string[];
  /** The rule that made it; `<rule>/ascii` for the twin written without diacritics. */
  rule: string;
  half: Half;
}

/** What the derivation needs of one document (headings: the § headings of its text). */
export interface DocInput {
  natural_key: string;
  /** "21/1992 Sb." */
  doc_number: string;
  title: string;
  citation: string | null;
  doc_type: string;
  status: string;
  headings: string[];
}

export interface DeriveOptions {
  /** At most this many pairs (not counting ascii twins) per act. */
  perAct: number;
  /** At most this many pairs (not counting ascii twins) per act and rule. */
  perActRule: number;
  /** At most this many pairs (not counting ascii twins) per rule. */
  perRule: Record<Rule, number>;
}

export const DEFAULT_OPTIONS: DeriveOptions = {
  perAct: 6,
  perActRule: 3,
  perRule: { 'short-name': 700, 'amended-name': 700, heading: 700, number: 150 },
};

/** The order the caps take the rules in: the rarer the rule, the earlier. */
const RULES: Rule[] = ['short-name', 'amended-name', 'number', 'heading'];

const IN_FORCE = new Set(['in_force', 'partially_in_force']);

export function stripDiacritics(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/** The form two queries are the same under: lower case, single spaces, no diacritics. */
export function queryIdentity(q: string): string {
  return stripDiacritics(q).toLowerCase().replace(/\s+/g, ' ').trim();
}

function hash(s: string): string {
  return createHash('sha1').update(s).digest('hex');
}

/**
 * The names a title gives its own document: the title, without trailing parentheses, without
 * "a o změně …" ("Zákon o ochraně ovzduší" claims the query "zákon o ochraně ovzduší").
 */
export function titleNames(title: string): string[] {
  const t = cleanName(title);
  const bare = t.replace(/,?\s*\([^()]*\)\s*$/u, '');
  const cut = bare.replace(/,?\s+a\s+(?:o\s+)?(?:změn[ěáy]|změnách|zrušení|doplnění|doplňku)(?=\s|$).*$/u, '');
  return [...new Set([t, bare, cut])];
}

/**
 * A name cut at a comma of the act's own name: "zákon o mzdě" for "Zákon o mzdě, odměně za
 * pracovní pohotovost a o průměrném výdělku" (the cited name was read up to its first comma).
 */
export function truncatedName(q: string, title: string): boolean {
  const name = queryIdentity(q).replace(/^zakon\s+/u, '');
  const own = queryIdentity(title)
    .replace(/^[^,]*?\b(?=o\s)/u, '')
    .trim();
  return own.startsWith(`${name},`);
}

/** § headings: a `#### Heading` line right after a `##### § N` line (blank lines between). */
export function sectionHeadings(markdown: string): string[] {
  const out: string[] = [];
  const re = /^#{2,6}\s*§\s*\d+[a-z]*\s*\n(?:\s*\n)*#{2,6}\s+([^\n#][^\n]*)$/gmu;
  for (let m = re.exec(markdown); m; m = re.exec(markdown)) {
    const h = cleanName(m[1]).replace(/[.:;]$/u, '');
    const words = h.split(' ').length;
    if (h.length >= 5 && words <= 10 && /^\p{Lu}/u.test(h) && !/\d|§|\(/u.test(h)) out.push(h);
  }
  return out;
}

interface Candidate {
  q: string;
  key: string;
  rule: Rule;
}

/** All pairs of the rules, capped and split; deterministic for the same input. */
export function derivePairs(docs: DocInput[], options: DeriveOptions = DEFAULT_OPTIONS): DerivedPair[] {
  const byNumber = new Map(docs.map((d) => [d.doc_number, d]));
  const candidates: Candidate[] = [];

  for (const d of docs) {
    if (isAmendingTitle(d.title)) continue;
    for (const q of titleShortNames(d.title)) candidates.push({ q, key: d.natural_key, rule: 'short-name' });
  }

  // amended-name: a name must be used for one act only, across every title and citation.
  const nameTargets = new Map<string, { q: string; numbers: Set<string> }>();
  for (const d of docs) {
    const seen = new Set<string>();
    for (const text of [d.title, d.citation ?? '']) {
      for (const c of citedNames(text)) {
        for (const q of c.names) {
          const id = queryIdentity(q);
          if (seen.has(`${id}\u0000${c.doc_number}`)) continue;
          seen.add(`${id}\u0000${c.doc_number}`);
          const entry = nameTargets.get(id) ?? { q, numbers: new Set<string>() };
          entry.numbers.add(c.doc_number);
          nameTargets.set(id, entry);
        }
      }
    }
  }
  for (const { q, numbers } of nameTargets.values()) {
    if (numbers.size !== 1) continue;
    const target = byNumber.get([...numbers][0]);
    if (target && !truncatedName(q, target.title)) candidates.push({ q, key: target.natural_key, rule: 'amended-name' });
  }

  // heading: in exactly one in-force, non-amending document.
  const headingDocs = new Map<string, { q: string; keys: Set<string> }>();
  for (const d of docs) {
    if (!IN_FORCE.has(d.status) || isAmendingTitle(d.title)) continue;
    for (const h of d.headings) {
      const id = queryIdentity(h);
      const entry = headingDocs.get(id) ?? { q: h, keys: new Set<string>() };
      entry.keys.add(d.natural_key);
      headingDocs.set(id, entry);
    }
  }
  for (const { q, keys } of headingDocs.values()) {
    if (keys.size === 1) candidates.push({ q, key: [...keys][0], rule: 'heading' });
  }

  for (const d of docs) {
    if (d.doc_type !== 'act' || isAmendingTitle(d.title)) continue;
    const m = /^(\d+)\/(\d{4}) Sb\.$/u.exec(d.doc_number);
    if (!m) continue;
    candidates.push({ q: d.doc_number, key: d.natural_key, rule: 'number' });
    candidates.push({ q: `zákon č. ${m[1]}/${m[2]}`, key: d.natural_key, rule: 'number' });
  }

  // A query that names two acts (under any rules, or as another document's title) is not a
  // judgment: drop it everywhere.
  const keysOf = new Map<string, Set<string>>();
  for (const d of docs) {
    for (const name of titleNames(d.title))
      keysOf.set(queryIdentity(name), (keysOf.get(queryIdentity(name)) ?? new Set()).add(d.natural_key));
  }
  for (const c of candidates) {
    const id = queryIdentity(c.q);
    keysOf.set(id, (keysOf.get(id) ?? new Set()).add(c.key));
  }
  const unique = new Map<string, Candidate>();
  for (const c of candidates) {
    const id = queryIdentity(c.q);
    if (keysOf.get(id)!.size === 1 && !unique.has(id)) unique.set(id, c);
  }

  // Caps, in hash order (not collection order) within a rule, the rules in RULES order: per act
  // and rule, per act, per rule.
  const ordered = [...unique.values()].sort((a, b) => RULES.indexOf(a.rule) - RULES.indexOf(b.rule) || hash(a.q).localeCompare(hash(b.q)));
  const counts = new Map<string, number>();
  const bump = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
  const kept: Candidate[] = [];
  for (const c of ordered) {
    const actRule = `${c.key} ${c.rule}`;
    if ((counts.get(actRule) ?? 0) >= options.perActRule) continue;
    if ((counts.get(c.key) ?? 0) >= options.perAct || (counts.get(c.rule) ?? 0) >= options.perRule[c.rule]) continue;
    bump(actRule);
    bump(c.key);
    bump(c.rule);
    kept.push(c);
  }

  const out: DerivedPair[] = [];
  const nth = new Map<Rule, number>();
  for (const c of kept) {
    const half = splitHalf(c.key);
    out.push({ q: c.q, relevant: [c.key], rule: c.rule, half });
    const i = nth.get(c.rule) ?? 0;
    nth.set(c.rule, i + 1);
    const ascii = stripDiacritics(c.q);
    if (i % 3 === 2 && ascii !== c.q) out.push({ q: ascii, relevant: [c.key], rule: `${c.rule}/ascii`, half });
  }
  return out.sort((a, b) => a.rule.localeCompare(b.rule) || a.q.localeCompare(b.q, 'cs'));
}

/**
 * The file as Prettier writes it (one pair a line, or one field a line past 140 columns), so a
 * regenerated file passes `pnpm format:check` as it is.
 */
export function formatDerived(documents: number, pairs: DerivedPair[]): string {
  const j = (v: unknown) => JSON.stringify(v);
  const lines = pairs.map((p, i) => {
    const comma = i < pairs.length - 1 ? ',' : '';
    const fields = [`"q": ${j(p.q)}`, `"relevant": [${p.relevant.map(j).join(', ')}]`, `"rule": ${j(p.rule)}`, `"half": ${j(p.half)}`];
    const one = `    { ${fields.join(', ')} }${comma}`;
    return one.length <= 140 ? one : `    {\n${fields.map((f) => `      ${f}`).join(',\n')}\n    }${comma}`;
  });
  const note =
    'Derived by derive-search-queries.ts from the collection (docs/search.md, Evaluation). Tune rankings on `tune` only; `heldout` is reported, never tuned on.';
  return `{\n  "note": ${j(note)},\n  "documents": ${documents},\n  "pairs": ${pairs.length},\n  "queries": [\n${lines.join('\n')}\n  ]\n}\n`;
}

export async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('set DATABASE_URL to a database that holds the collection');
  const db = await createDatabase({ url, schema: process.env.EVAL_SCHEMA, queryTimeoutMs: 0, readOnly: true });
  try {
    const docs = await db.query<Omit<DocInput, 'headings'>>(
      `SELECT natural_key, doc_number, title, citation, doc_type, status FROM "document" ORDER BY natural_key`,
    );
    const headings = new Map<string, string[]>();
    const inForce = docs.filter((d) => IN_FORCE.has(d.status) && !isAmendingTitle(d.title)).map((d) => d.natural_key);
    for (let i = 0; i < inForce.length; i += 500) {
      const rows = await db.query<{ natural_key: string; text: string }>(
        'SELECT natural_key, text FROM "document" WHERE natural_key = ANY($1::text[])',
        [inForce.slice(i, i + 500)],
      );
      for (const r of rows) headings.set(r.natural_key, sectionHeadings(r.text));
    }
    const pairs = derivePairs(docs.map((d) => ({ ...d, headings: headings.get(d.natural_key) ?? [] })));
    const out = process.env.DERIVED_OUT ?? join(__dirname, '..', '..', 'src', 'eval', 'derived-queries.json');
    writeFileSync(out, formatDerived(docs.length, pairs));
    const count = (f: (p: DerivedPair) => boolean) => pairs.filter(f).length;
    console.log(`${pairs.length} pairs from ${docs.length} documents -> ${out}`);
    for (const rule of [...new Set(pairs.map((p) => p.rule))]) {
      console.log(
        `  ${rule.padEnd(20)} ${count((p) => p.rule === rule)} (tune ${count((p) => p.rule === rule && p.half === 'tune')}, heldout ${count((p) => p.rule === rule && p.half === 'heldout')})`,
      );
    }
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
