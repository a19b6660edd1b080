#!/usr/bin/env node
// Offline recall proxy for the language module (#37): do a question's terms meet the terms of the
// section that answers it? Reads the tuning half of the question set (never the held-out half) and
// the answering acts' newest texts from the upstream repository, splits each act into sections
// (§ / čl.) with parseProvisions, indexes every section (its text, its and its ancestors'
// headings) and ranks the sections of all the set's acts with BM25 over the terms, for:
//   stemmer  — the suffix stemmer (the index before #37),
//   lemma    — indexTerms / queryTerms's own words (weight 1),
//   related  — queryTerms with its related terms (their weights).
// Prints section recall@10, MRR@10 and the share of the question's own terms found in the answer.
// Usage: node packages/czech-law/scripts/measure-terms.mjs [/path/to/legalize-cz.git]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { proxySections } from './proxy-sections.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const law = require(join(here, '..', 'dist', 'index.js'));
const gitDir = process.argv[2] ?? '/work/data/legalize-cz.git';
const tune = JSON.parse(readFileSync(join(here, '../../../apps/api/src/eval/question-set.tune.json'), 'utf8'));

const t0 = performance.now();
const sections = proxySections(law, gitDir, [...new Set(tune.questions.map((q) => q.act))]).map((s) => ({
  act: s.act,
  id: s.id,
  heading: [s.heading, ...s.headings].join('\n'),
  body: [s.title, ...s.headings, s.text].join('\n'),
}));
const tLoad = performance.now();

const stemTerms = (s) =>
  law
    .words(s)
    .filter((w) => !law.STOPWORDS.has(w) && (w.length >= 2 || /^\d+$/.test(w)))
    .map(law.stem);
const variants = {
  stemmer: { index: stemTerms, query: (q) => [...new Set(stemTerms(q))].map((term) => ({ term, weight: 1 })) },
  lemma: { index: law.indexTerms, query: (q) => law.queryTerms(q).filter((t) => t.from !== 'related') },
  lexicon: { index: law.indexTerms, query: (q) => law.queryTerms(q) },
  learned: { index: law.indexTerms, query: (q) => law.queryTerms(q), learn: 'window' },
  headings: { index: law.indexTerms, query: (q) => law.queryTerms(q), learn: 'headings' },
};

function bm25Index(index) {
  const docs = sections.map((s) => {
    const tf = new Map();
    const terms = index(s.body);
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    return { s, tf, len: terms.length };
  });
  const df = new Map();
  for (const d of docs) for (const t of d.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const avg = docs.reduce((a, d) => a + d.len, 0) / docs.length;
  return { docs, df, avg };
}

function rank({ docs, df, avg }, qterms) {
  const N = docs.length;
  const scored = [];
  for (const d of docs) {
    let score = 0;
    for (const { term, weight } of qterms) {
      const f = d.tf.get(term);
      if (!f) continue;
      const idf = Math.log(1 + (N - df.get(term) + 0.5) / (df.get(term) + 0.5));
      score += weight * idf * ((f * 2.2) / (f + 1.2 * (0.25 + (0.75 * d.len) / avg)));
    }
    if (score > 0) scored.push({ d, score });
  }
  return scored.sort((a, b) => b.score - a.score).slice(0, 10);
}

const learnOptions = JSON.parse(process.env.LEARN ?? '{}');
// UNIVERBATION=0 sets terms.ts UNIVERBATION_WEIGHT; VARIANTS=lexicon,lemma runs only those rows.
if (process.env.UNIVERBATION) law.UNIVERBATION_WEIGHT.weight = Number(process.env.UNIVERBATION);
const only = process.env.VARIANTS?.split(',');
const load = (await import('node:os'))
  .loadavg()
  .map((x) => x.toFixed(1))
  .join(' ');
console.log(
  `sections ${sections.length} from ${new Set(sections.map((s) => s.act)).size} acts, read in ${((tLoad - t0) / 1000).toFixed(1)} s; questions ${tune.questions.length}; load ${load}`,
);
for (const [name, v] of Object.entries(variants)) {
  if (only && !only.includes(name)) continue;
  const tIdx = performance.now();
  const idx = bm25Index(v.index);
  const built = performance.now() - tIdx;
  if (v.learn) {
    const tLearn = performance.now();
    const rows =
      v.learn === 'window'
        ? law.learnRelatedTerms(
            sections.map((s) => v.index(s.body)),
            learnOptions,
          )
        : law.learnHeadingTerms(
            sections.map((s) => ({ heading: v.index(s.heading), text: v.index(s.body) })),
            learnOptions,
          );
    law.useRelatedTerms(rows);
    console.log(
      `${v.learn}: learned ${rows.length} related terms in ${((performance.now() - tLearn) / 1000).toFixed(1)} s`,
      JSON.stringify(learnOptions),
    );
  }
  let hits = 0;
  let rr = 0;
  let cover = 0;
  for (const q of tune.questions) {
    const want = new Set(q.provisions.map((p) => p.split('/')[0]));
    const qterms = v.query(q.q);
    const top = rank(idx, qterms);
    const at = top.findIndex(({ d }) => d.s.act === q.act && want.has(d.s.id));
    if (at >= 0) {
      hits++;
      rr += 1 / (at + 1);
    }
    const answer = idx.docs.find((d) => d.s.act === q.act && want.has(d.s.id));
    const own = qterms.filter((t) => t.weight === 1);
    if (answer && own.length) cover += own.filter((t) => answer.tf.has(t.term)).length / own.length;
  }
  const n = tune.questions.length;
  console.log(
    `${name.padEnd(8)} recall@10 ${(hits / n).toFixed(3)}  MRR@10 ${(rr / n).toFixed(3)}  own terms in answer ${(cover / n).toFixed(3)}  (indexed in ${(built / 1000).toFixed(1)} s)`,
  );
}
