#!/usr/bin/env node
// Offline proxy of the provision search over the collection (#37), the tuning half (HALF=heldout: counted only), no database.
// measure-terms.mjs ranks the sections of the tuning half's 35 acts only, so no neighbouring act
// competes; this one ranks the sections (§, čl., annexes) of every act at the upstream repository's
// HEAD that is not an amending act (by its title), plus the tuning acts, with BM25 over indexTerms,
// an act not in force (version_type MINULE) × notInForce, as the search's prior does. Rows:
//   terms own | hybrid (own + the 8 heaviest related, as termsFor) | strong (own + related ≥ 0.5),
//   each with three act stages: none; the search's (× the unit's and the act's share of the query's
//   weight among the ranked 1,000, rankProvisions); the act as one document (× its BM25 over all
//   its sections, normalised by the best, ^0.5).
// The pool's terms are cached (CACHE, default /tmp/measure-collection.json; delete it after a
// change of indexTerms). Usage: node packages/czech-law/scripts/measure-collection.mjs [git dir];
// TERMS and STAGES (comma lists) keep only those rows. HALF=heldout counts the held-out half instead
// (its acts join the pool, its own cache file): aggregates only, nothing per question.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { batchDocuments, git as gitIn } from './proxy-sections.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const law = require(join(here, '..', 'dist', 'index.js'));
const gitDir = process.argv[2] ?? '/work/data/legalize-cz.git';
const half = process.env.HALF === 'heldout' ? 'heldout' : 'tune';
const cache = process.env.CACHE ?? (half === 'tune' ? '/tmp/measure-collection.json' : '/tmp/measure-collection.heldout.json');
const tune = JSON.parse(readFileSync(join(here, `../../../apps/api/src/eval/question-set.${half}.json`), 'utf8')).questions;
const notInForce = Number(process.env.NOT_IN_FORCE ?? 0.15);

const git = (args, input) => gitIn(gitDir, args, input);

async function buildPool() {
  const tuneActs = new Set(tune.map((q) => q.act));
  // Objects the partial clone lacks are skipped (rev-list prints them with '?').
  const listed = (await git(['rev-list', '--objects', '--no-walk', '--missing=print', 'HEAD'], '')).toString().split('\n');
  const blobs = listed.filter((l) => / cz\/SB-\d+-\d+\.md$/.test(l) && !l.startsWith('?')).map((l) => l.split(' ')[0]);
  const buf = await git(['cat-file', '--batch'], `${blobs.join('\n')}\n`);
  const acts = [];
  const units = [];
  for (const { fm, key, title, text } of batchDocuments(buf)) {
    const isLaw = fm('rank') === 'law' || fm('rank') === 'constitutional_law';
    if (!tuneActs.has(key) && !(isLaw && !law.isAmendingTitle(title))) continue;
    const a = acts.push({ key, title, inForce: fm('version_type') !== 'MINULE' }) - 1;
    const add = (id, body) => {
      const tf = new Map();
      const terms = law.indexTerms(body);
      for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
      units.push({ a, id, len: terms.length, tf: [...tf] });
    };
    let provisions = [];
    try {
      provisions = law.parseProvisions(text).provisions;
    } catch {
      // an unparsable text is one unit
    }
    const byId = new Map(provisions.map((p) => [p.id, p]));
    let n = 0;
    for (const p of provisions) {
      if (p.kind !== 'section' && p.kind !== 'article' && p.kind !== 'annex') continue;
      const headings = [];
      for (let up = p.parent ? byId.get(p.parent) : undefined; up; up = up.parent ? byId.get(up.parent) : undefined) {
        if (up.heading) headings.push(up.heading);
      }
      add(p.id, [title, ...headings, text.slice(p.start, p.end).slice(0, 20_000)].join('\n'));
      n++;
    }
    if (!n) add('whole', [title, text.slice(0, 20_000)].join('\n'));
  }
  return { acts, units };
}

const t0 = performance.now();
if (!existsSync(cache)) writeFileSync(cache, JSON.stringify(await buildPool()));
const { acts, units } = JSON.parse(readFileSync(cache, 'utf8'));
const prior = acts.map((a) => (a.inForce ? 1 : notInForce));
const bm25 = (f, len, avg) => (f * 2.2) / (f + 1.2 * (0.25 + (0.75 * len) / avg));
const postings = new Map();
let unitLen = 0;
units.forEach((u, i) => {
  unitLen += u.len;
  for (const [t, f] of u.tf) {
    const list = postings.get(t) ?? [];
    if (!list.length) postings.set(t, list);
    list.push(i, f);
  }
});
const avg = unitLen / units.length;
const idf = (n, df) => (df ? Math.log(1 + (n - df + 0.5) / (df + 0.5)) : 0);
const unitIdf = (t) => idf(units.length, (postings.get(t)?.length ?? 0) / 2);
const actTf = acts.map(() => new Map());
const actLen = acts.map(() => 0);
for (const u of units) {
  actLen[u.a] += u.len;
  for (const [t, f] of u.tf) actTf[u.a].set(t, (actTf[u.a].get(t) ?? 0) + f);
}
const actDf = new Map();
for (const m of actTf) for (const t of m.keys()) actDf.set(t, (actDf.get(t) ?? 0) + 1);
const actAvg = actLen.reduce((x, y) => x + y, 0) / acts.length;

function rank(qterms, stage) {
  const tw = qterms.map((t) => t.weight * unitIdf(t.term));
  const total = tw.reduce((x, y) => x + y, 0) || 1;
  const score = new Map();
  const held = new Map();
  qterms.forEach(({ term }, i) => {
    const list = postings.get(term) ?? [];
    for (let k = 0; k < list.length; k += 2) {
      const u = list[k];
      score.set(u, (score.get(u) ?? 0) + tw[i] * bm25(list[k + 1], units[u].len, avg));
      held.set(u, (held.get(u) ?? 0) + tw[i]);
    }
  });
  const ranked = [...score]
    .map(([u, s]) => ({ u, s: s * prior[units[u].a], held: held.get(u) / total }))
    .sort((x, y) => y.s - x.s)
    .slice(0, 1000);
  if (stage === 'none') return ranked;
  if (stage === 'search') {
    const actHeld = new Map();
    for (const r of ranked) {
      const set = actHeld.get(units[r.u].a) ?? new Set();
      actHeld.set(units[r.u].a, set);
      const tf = new Map(units[r.u].tf);
      qterms.forEach((t, i) => tf.has(t.term) && set.add(i));
    }
    const share = (a) => [...actHeld.get(a)].reduce((x, i) => x + tw[i], 0) / total;
    for (const r of ranked) r.s *= r.held * share(units[r.u].a);
  } else {
    const actScore = new Map();
    for (const r of ranked) {
      const a = units[r.u].a;
      if (actScore.has(a)) continue;
      let s = 0;
      for (const { term, weight } of qterms) {
        const f = actTf[a].get(term);
        if (f) s += weight * idf(acts.length, actDf.get(term)) * bm25(f, actLen[a], actAvg);
      }
      actScore.set(a, s);
    }
    const best = Math.max(...actScore.values()) || 1;
    for (const r of ranked) r.s *= (actScore.get(units[r.u].a) / best) ** 0.5;
  }
  return ranked.sort((x, y) => y.s - x.s);
}

const load = loadavg()
  .map((x) => x.toFixed(1))
  .join(' ');
console.log(
  `${acts.length} acts, ${units.length} sections, ready in ${((performance.now() - t0) / 1000).toFixed(0)} s; ${half}: ${tune.length} questions; load ${load}`,
);
const selections = {
  own: (all) => all.filter((t) => t.from !== 'related'),
  hybrid: (all) => [
    ...all.filter((t) => t.from !== 'related'),
    ...all
      .filter((t) => t.from === 'related')
      .sort((x, y) => y.weight - x.weight)
      .slice(0, Number(process.env.MAX_RELATED ?? 8)),
  ],
  strong: (all) => all.filter((t) => t.from !== 'related' || t.weight >= 0.5),
};
// TERMS=hybrid STAGES=none,search: only those rows (a quicker run while comparing query terms).
const only = (v, all) => (v ? v.split(',').filter((x) => all.includes(x)) : all);
for (const name of only(process.env.TERMS, Object.keys(selections))) {
  const select = selections[name];
  for (const stage of only(process.env.STAGES, ['none', 'search', 'act'])) {
    let hits = 0;
    let rr = 0;
    let actRr = 0;
    for (const q of tune) {
      const want = new Set(q.provisions.map((p) => p.split('/')[0]));
      const top = rank(select(law.queryTerms(q.q)), stage).slice(0, 10);
      const at = top.findIndex((r) => acts[units[r.u].a].key === q.act && want.has(units[r.u].id));
      if (at >= 0) {
        hits++;
        rr += 1 / (at + 1);
      }
      const actAt = [...new Set(top.map((r) => acts[units[r.u].a].key))].indexOf(q.act);
      if (actAt >= 0) actRr += 1 / (actAt + 1);
    }
    const n = tune.length;
    console.log(
      `terms ${name.padEnd(6)} act stage ${stage.padEnd(6)} recall@10 ${(hits / n).toFixed(3)}  MRR@10 ${(rr / n).toFixed(3)}  act MRR@10 ${(actRr / n).toFixed(3)}`,
    );
  }
}
