#!/usr/bin/env node
// Offline proxy of the provision search's act ranking over the whole collection (#37, h-acts).
// measure-collection.mjs ranks the sections of the non-amending acts (zákony) with BM25; this one
// holds every document at the upstream HEAD (decrees, regulations, communications and amending acts
// too, as the database does) and scores a section as rankProvisions does: per query term its
// ts_rank over the weighted positions (headings A, the act's title and short names B, text D;
// PROVISION_WEIGHTS.vector) times its rarity from the ~1,000 commonest terms' shares as pg_stats
// lists them (the rest at half the least listed share), plus the own terms' cover density, times
// the act's factor (in force, amending act, kind, in-degree from the citations of other documents'
// texts), times the unit's and the act's share of the query's weight over the 1,000 best. Then act
// stages to compare (STAGES): none beyond that (`search`), and the candidates measured here.
// The pool is cached (CACHE, default /tmp/measure-acts.json). HALF=heldout counts the held-out
// half: its figures only, nothing per question is printed for it.
// Usage: node packages/czech-law/scripts/measure-acts.mjs [git dir]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { batchDocuments, git as gitIn } from './proxy-sections.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const law = require(join(here, '..', 'dist', 'index.js'));
const { titleShortNames } = require(join(here, '../../db/dist/search/names-in-titles.js'));
const gitDir = process.argv[2] ?? '/work/data/legalize-cz.git';
const cache = process.env.CACHE ?? '/tmp/measure-acts.json';
const half = process.env.HALF === 'heldout' ? 'heldout' : 'tune';
const questions = JSON.parse(readFileSync(join(here, `../../../apps/api/src/eval/question-set.${half}.json`), 'utf8')).questions;
const git = (args, input) => gitIn(gitDir, args, input);

/** The documents at HEAD: their metadata, their sections' lemma keys by field, and who cites them. */
async function buildPool() {
  const listed = (await git(['rev-list', '--objects', '--no-walk', '--missing=print', 'HEAD'], '')).toString().split('\n');
  const files = listed.filter((l) => / cz\/SB-\d+-\d+\.md$/.test(l) && !l.startsWith('?'));
  const vocab = new Map();
  const id = (t) => {
    let i = vocab.get(t);
    if (i === undefined) vocab.set(t, (i = vocab.size));
    return i;
  };
  const counts = (terms) => {
    const tf = new Map();
    for (const t of terms) tf.set(id(t), (tf.get(id(t)) ?? 0) + 1);
    return [...tf].flat();
  };
  const docs = [];
  const units = [];
  const citers = new Map();
  // How often each document was changed: its [reform] commits.
  const reforms = new Map();
  const log = (await git(['log', '--format=%s', '--name-only', 'HEAD'], '')).toString().split('\n');
  let reform = false;
  for (const l of log) {
    if (l.startsWith('[')) reform = l.startsWith('[reform]');
    const m = /^cz\/SB-(\d+)-(\d+)\.md$/.exec(l);
    if (m && reform) reforms.set(`sb/${m[1]}/${m[2]}`, (reforms.get(`sb/${m[1]}/${m[2]}`) ?? 0) + 1);
  }
  const chunk = 400;
  for (let i = 0; i < files.length; i += chunk) {
    const blobs = files.slice(i, i + chunk).map((l) => l.split(' ')[0]);
    const buf = await git(['cat-file', '--batch'], `${blobs.join('\n')}\n`);
    for (const { fm, key, title, text } of batchDocuments(buf)) {
      const d = docs.length;
      const cited = new Set();
      for (const m of text.matchAll(/č\.\s*(\d+)\s*\/\s*(\d{4})\s*Sb\./gu)) cited.add(`sb/${m[2]}/${m[1]}`);
      cited.delete(key);
      for (const c of cited) citers.set(c, (citers.get(c) ?? 0) + 1);
      let provisions = [];
      try {
        provisions = law.parseProvisions(text).provisions;
      } catch {
        // an unparsable text is one unit
      }
      const byId = new Map(provisions.map((p) => [p.id, p]));
      const headingsAll = [];
      let n = 0;
      for (const p of provisions) {
        if (p.kind !== 'section' && p.kind !== 'article' && p.kind !== 'annex') continue;
        const headings = [p.heading ?? ''];
        for (let up = p.parent ? byId.get(p.parent) : undefined; up; up = up.parent ? byId.get(up.parent) : undefined) {
          if (up.heading) headings.push(up.heading);
        }
        if (p.heading) headingsAll.push(p.heading);
        const body = text.slice(p.start, p.end).slice(0, 20_000);
        units.push({
          d,
          id: p.id,
          rep: Boolean(p.repealed),
          a: counts(law.indexTerms(headings.join(' '))),
          t: counts(law.indexTerms(body)),
        });
        n++;
      }
      if (!n) units.push({ d, id: 'whole', rep: false, a: [], t: counts(law.indexTerms(text.slice(0, 20_000))) });
      for (const p of provisions)
        if (p.kind !== 'section' && p.kind !== 'article' && p.kind !== 'annex' && p.heading) headingsAll.push(p.heading);
      docs.push({
        key,
        title,
        rank: fm('rank'),
        status: fm('status'),
        vt: fm('version_type'),
        amending: law.isAmendingTitle(title),
        reforms: reforms.get(key) ?? 0,
        units: n || 1,
        b: counts(law.indexTerms([title, fm('full_citation'), ...titleShortNames(title)].join(' '))),
        h: counts(law.indexTerms(headingsAll.join(' '))),
      });
    }
    if (i % 4000 === 0) console.error(`${i}/${files.length} files, ${units.length} units`);
  }
  for (const doc of docs) doc.cited = citers.get(doc.key) ?? 0;
  return { vocab: [...vocab.keys()], docs, units };
}

const t0 = performance.now();
if (!existsSync(cache)) writeFileSync(cache, JSON.stringify(await buildPool()));
const pool = JSON.parse(readFileSync(cache, 'utf8'));
console.log(`${pool.docs.length} documents, ${pool.units.length} sections, ready in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
//SCORING
const { vocab, docs, units } = pool;
const termId = new Map(vocab.map((t, i) => [t, i]));
const N = units.length;

// Each term's share of the units as the search reads it: the commonest MCELEM terms with their own
// share (a B term is in every unit of its act), the rest at half the least listed share.
const df = new Float64Array(vocab.length);
const docUnits = docs.map(() => []);
units.forEach((u, i) => docUnits[u.d].push(i));
units.forEach((u) => {
  const seen = new Set();
  for (let k = 0; k < u.a.length; k += 2) seen.add(u.a[k]);
  for (let k = 0; k < u.t.length; k += 2) seen.add(u.t[k]);
  const b = docs[u.d].b;
  for (let k = 0; k < b.length; k += 2) seen.add(b[k]);
  for (const t of seen) df[t]++;
});
const MCELEM = Number(process.env.MCELEM ?? 1000);
const order = [...df.keys()].sort((x, y) => df[y] - df[x]);
const listed = new Map(order.slice(0, MCELEM).map((t) => [t, df[t] / N]));
const floor = Math.min(...listed.values()) / 2;
const shareOf = (term) => listed.get(termId.get(term)) ?? floor;

// The questions' terms, and postings for those only.
const select = (all, mode) =>
  mode === 'fulltext'
    ? all.filter((t) => t.from !== 'related')
    : [
        ...all.filter((t) => t.from !== 'related'),
        ...all
          .filter((t) => t.from === 'related')
          .sort((x, y) => y.weight - x.weight)
          .slice(0, 8),
      ];
const MODE = process.env.MODE ?? 'hybrid';
const qterms = questions.map((q) => select(law.queryTerms(q.q), MODE).filter((t) => /^[a-z0-9]+$/.test(t.term)));
const wanted = new Set(qterms.flatMap((ts) => ts.map((t) => termId.get(t.term)).filter((x) => x !== undefined)));
const postA = new Map();
const postT = new Map();
const postB = new Map();
const postH = new Map();
const put = (post, t, i, f) => {
  if (!wanted.has(t)) return;
  let m = post.get(t);
  if (!m) post.set(t, (m = new Map()));
  m.set(i, f);
};
units.forEach((u, i) => {
  for (let k = 0; k < u.a.length; k += 2) put(postA, u.a[k], i, u.a[k + 1]);
  for (let k = 0; k < u.t.length; k += 2) put(postT, u.t[k], i, u.t[k + 1]);
});
docs.forEach((d, i) => {
  for (let k = 0; k < d.b.length; k += 2) put(postB, d.b[k], i, d.b[k + 1]);
  for (let k = 0; k < d.h.length; k += 2) put(postH, d.h[k], i, d.h[k + 1]);
});
// The act's whole text per query term (the sum over its sections).
const actT = new Map();
for (const [t, m] of postT) {
  const per = new Map();
  for (const [u, f] of m) per.set(units[u].d, (per.get(units[u].d) ?? 0) + f);
  actT.set(t, per);
}
const H2 = new Float64Array(300);
for (let j = 1; j < 300; j++) H2[j] = H2[j - 1] + 1 / (j * j);
const WA = 0.5;
const WB = 0.4;
const WD = Number(process.env.WD ?? 0.1);
/** ts_rank of one term (normalisation 0) from its positions' counts: A first, then B, then D, at most 256. */
function tsRank(na, nb, nd) {
  const a = Math.min(256, na);
  const b = Math.min(256, a + nb);
  const d = Math.min(256, b + nd);
  return (WA * H2[a] + WB * (H2[b] - H2[a]) + WD * (H2[d] - H2[b])) / 1.64493406685;
}
// The kind as the sync maps it (map-front-matter.ts: the citation's first words; the title starts alike).
const isAct = (d) => /^(Ústavní zákon|Zákon)/u.test(d.title) && !/^Zákonné opatření/u.test(d.title);
const isDecree = (d) => /^(Vyhláška|Nařízení vlády)/u.test(d.title);
const degree = (d) => d.cited;
const inForce = (d) => d.vt === 'AKTUALNI' || d.vt === 'AKTUALNI_CASTECNE_UCINNE';

const BASE = {
  notInForce: 0.15,
  amending: 0.3,
  notAct: 0.9,
  otherType: 0.5,
  degree: 0.6,
  cover: 1,
  repealed: 0.2,
  /** act stage: exponent of the act's BM25F score, normalised by the best (0: none). */
  actDoc: 0,
  /** field weights of the act's document: title B, headings H, text T. */
  fb: 3,
  fh: 1,
  ft: 0,
  k1: 1.2,
  lenB: 0.75,
  /** exponent of the act's prior by its length in sections. */
  lenExp: 0,
  /** reforms prior: × (1 + w log10(1 + reforms)). */
  reforms: 0,
  /** rank fusion of the unit and act rankings instead (weight of the act rank, 0 none). */
  rrf: 0,
  /** factor of a unit inside an amending part (its headings: "Změna zákona …"). */
  inAmendment: 1,
  unitShare: 1,
  actShare: 1,
};

function factor(d, c) {
  return (
    (inForce(d) ? 1 : c.notInForce) *
    (d.amending ? c.amending : 1) *
    (isAct(d) ? 1 : isDecree(d) ? c.notAct : c.otherType) *
    (1 + c.degree * Math.log10(1 + degree(d))) *
    (1 + c.reforms * Math.log10(1 + d.reforms)) *
    (c.lenExp ? Math.log10(10 + d.units) ** c.lenExp : 1)
  );
}

const avgUnits = docs.reduce((s, d) => s + d.units, 0) / docs.length;
const docIdf = (t, post) => {
  const n = post.get(t)?.size ?? 0;
  return Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
};

// A unit inside an amending part ("ČÁST DRUHÁ › Změna zákona o …"): its headings name a change of an act.
const AMEND_HEAD = new Set(['zakon', 'zakonik', 'vyhlaska', 'naridit', 'rad'].map((t) => termId.get(t)));
const ZMENA = termId.get('zmena');
const inAmendment = units.map((u) => {
  let z = false;
  let act = false;
  for (let k = 0; k < u.a.length; k += 2) {
    if (u.a[k] === ZMENA) z = true;
    if (AMEND_HEAD.has(u.a[k])) act = true;
  }
  return z && act;
});

/** Per question, what no row changes: each matching unit's lexical score, its share and its terms. */
const featuresOf = new Map();
function features(qi) {
  const hit = featuresOf.get(qi);
  if (hit) return hit;
  const ts = qterms[qi]
    .map((t) => ({ ...t, id: termId.get(t.term), share: shareOf(t.term) }))
    .map((t) => ({ ...t, w: t.weight * Math.max(0.1, -Math.log(t.share)) }));
  const total = ts.reduce((s, t) => s + t.w, 0);
  const cand = new Set();
  for (const t of ts) {
    if (t.id === undefined) continue;
    if (t.from === 'related' && t.weight < 0.5) continue;
    for (const u of postA.get(t.id)?.keys() ?? []) cand.add(u);
    for (const u of postT.get(t.id)?.keys() ?? []) cand.add(u);
    for (const d of postB.get(t.id)?.keys() ?? []) for (const u of docUnits[d]) cand.add(u);
  }
  const base = new Map();
  const all = [];
  for (const u of cand) {
    const d = units[u].d;
    let f = base.get(d);
    if (f === undefined) base.set(d, (f = factor(docs[d], BASE)));
    let lex = 0;
    let held = 0;
    const has = [];
    ts.forEach((t, i) => {
      if (t.id === undefined) return;
      const na = postA.get(t.id)?.get(u) ?? 0;
      const nb = postB.get(t.id)?.get(d) ?? 0;
      const nd = postT.get(t.id)?.get(u) ?? 0;
      if (!(na || nb || nd)) return;
      lex += t.w * tsRank(na, nb, nd);
      held += t.w;
      has.push(i);
      if (t.from !== 'related') lex += BASE.cover * (0.5 * Math.min(256, na) + 0.4 * Math.min(256, nb) + WD * Math.min(256, nd));
    });
    all.push({ u, d, lex, b: lex * f, held: held / total, has });
  }
  // Keep what any row could rank: the best by the lexical score alone and by it times the prior.
  const keep = new Set([...all].sort((x, y) => y.b - x.b).slice(0, 6000));
  for (const x of [...all].sort((x, y) => y.lex - x.lex).slice(0, 6000)) keep.add(x);
  const found = { ts, total, units: [...keep] };
  featuresOf.set(qi, found);
  return found;
}

function rank(qi, c) {
  const { ts, total, units: feats } = features(qi);
  if (!ts.length) return [];
  const fac = new Map();
  const scored = feats.map((x) => {
    let f = fac.get(x.d);
    if (f === undefined) fac.set(x.d, (f = factor(docs[x.d], c)));
    return { ...x, s: x.lex * f * (units[x.u].rep ? c.repealed : 1) * (inAmendment[x.u] ? c.inAmendment : 1) };
  });
  scored.sort((x, y) => y.s - x.s);
  const ranked = scored.slice(0, 1000);
  const actHas = new Map();
  for (const r of ranked) {
    const set = actHas.get(r.d) ?? new Set();
    actHas.set(r.d, set);
    for (const i of r.has) set.add(i);
  }
  const actShare = new Map([...actHas].map(([d, set]) => [d, [...set].reduce((s, i) => s + ts[i].w, 0) / total]));
  for (const r of ranked) r.s *= r.held ** c.unitShare * actShare.get(r.d) ** c.actShare;
  if (c.actDoc || c.rrf) {
    // The act as one document: BM25F over its title (and short names), all its headings and its text.
    const actScore = new Map();
    for (const d of actHas.keys()) {
      let s = 0;
      const lenNorm = 1 - c.lenB + (c.lenB * docs[d].units) / avgUnits;
      for (const t of ts) {
        if (t.id === undefined) continue;
        const tf =
          c.fb * (postB.get(t.id)?.get(d) ?? 0) + (c.fh * (postH.get(t.id)?.get(d) ?? 0) + c.ft * (actT.get(t.id)?.get(d) ?? 0)) / lenNorm;
        if (tf) s += t.weight * docIdf(t.id, postH.has(t.id) ? postH : postB) * (tf / (c.k1 + tf));
      }
      actScore.set(d, s);
    }
    if (c.actDoc) {
      const best = Math.max(...actScore.values()) || 1;
      for (const r of ranked) r.s *= (0.05 + actScore.get(r.d) / best) ** c.actDoc;
    }
    if (c.rrf) {
      const actOrder = [...actScore].sort((x, y) => y[1] - x[1]).map(([d]) => d);
      const actRank = new Map(actOrder.map((d, i) => [d, i]));
      ranked.sort((x, y) => y.s - x.s);
      ranked.forEach((r, i) => (r.s = 1 / (60 + i) + c.rrf / (60 + actRank.get(r.d))));
    }
  }
  return ranked.sort((x, y) => y.s - x.s);
}

function evaluate(c) {
  let hits = 0;
  let rr = 0;
  let actRr = 0;
  const actMiss = new Map();
  questions.forEach((q, qi) => {
    const want = new Set(q.provisions.map((p) => p.split('/')[0]));
    const top = rank(qi, c).slice(0, 10);
    const at = top.findIndex((r) => docs[r.d].key === q.act && want.has(units[r.u].id));
    if (at >= 0) {
      hits++;
      rr += 1 / (at + 1);
    }
    const acts = [...new Set(top.map((r) => docs[r.d].key))];
    const actAt = acts.indexOf(q.act);
    if (actAt >= 0) actRr += 1 / (actAt + 1);
    if (actAt !== 0 && half === 'tune' && top.length) {
      const k = top[0].d;
      actMiss.set(k, (actMiss.get(k) ?? 0) + 1);
    }
  });
  const n = questions.length;
  return { recall: hits / n, mrr: rr / n, actMrr: actRr / n, actMiss };
}

const load = loadavg()
  .map((x) => x.toFixed(1))
  .join(' ');
console.log(`${half}: ${questions.length} questions, mode ${MODE}, load ${load}`);
const ROWS = JSON.parse(process.env.ROWS ?? '[{}]');
for (const row of ROWS) {
  const c = { ...BASE, ...row };
  const r = evaluate(c);
  console.log(
    `${JSON.stringify(row).padEnd(60)} recall@10 ${r.recall.toFixed(3)}  MRR@10 ${r.mrr.toFixed(3)}  act MRR@10 ${r.actMrr.toFixed(3)}`,
  );
  if (process.env.SHOW_MISSES && half === 'tune') {
    const top = [...r.actMiss].sort((x, y) => y[1] - x[1]).slice(0, 15);
    console.log(
      '  ranked first instead:',
      top.map(([d, n]) => `${docs[d].key} ${docs[d].rank} ${docs[d].title.slice(0, 50)} (${n})`).join('\n    '),
    );
  }
}
