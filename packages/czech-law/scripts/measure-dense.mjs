#!/usr/bin/env node
// Offline proxy of a vector ("dense") signal beside the lexical ranking (#37 item 3). No embedding
// model ships in a registry package this machine reaches (docs/DECISIONS.md), so the vectors here
// are the fallback the issue names: vectors learned from the collection itself, latent semantic
// analysis (a truncated SVD of the log-tf × idf term-section matrix, by randomized subspace
// iteration). On the 35-act proxy of measure-terms.mjs (one half's acts, their sections with their
// ancestors' headings) it ranks by:
//   lexical — BM25 over queryTerms (own + related terms: the lexicon row of measure-terms.mjs),
//   dense   — cosine of the LSA vectors of the question's terms and of each section,
//   fused   — reciprocal-rank fusion of both (RRF_K, dense weight DENSE_WEIGHT),
// and prints recall@10 / MRR@10 of each with the training and embedding throughput.
// HALF=heldout counts the held-out half's questions over its own acts and prints nothing of them
// but the totals. TRAIN=collection learns the SVD from every non-amending act of the collection
// (the pool measure-collection.mjs caches at CACHE; build it by running that script first),
// TRAIN=proxy (default) from the proxy's own sections. DIM (default 256) is the vectors' size.
// FASTTEXT_MODEL=model.bin takes word vectors from a fastText model instead (trained with `fasttext
// cbow` on the text collection-terms.mjs writes; FASTTEXT names the binary) and adds the row
// "lexical + vector neighbours" (EXPAND=k,floor,weight: each own query term's k nearest index terms
// with cosine >= floor as related terms at weight × cosine).
// Usage: node packages/czech-law/scripts/measure-dense.mjs [/path/to/legalize-cz.git]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { proxySections } from './proxy-sections.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const law = require(join(here, '..', 'dist', 'index.js'));
const gitDir = process.argv[2] ?? '/work/data/legalize-cz.git';
const half = process.env.HALF === 'heldout' ? 'heldout' : 'tune';
const questions = JSON.parse(readFileSync(join(here, `../../../apps/api/src/eval/question-set.${half}.json`), 'utf8')).questions;
const DIM = Number(process.env.DIM ?? 256);
const RRF_K = Number(process.env.RRF_K ?? 60);
const weights = (process.env.DENSE_WEIGHT ?? '0.25,0.5,1').split(',').map(Number);
const train = process.env.TRAIN ?? 'proxy';
const cache = process.env.CACHE ?? '/tmp/measure-collection.json';
const fmt = (x) => x.toFixed(3);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

// The proxy's sections, as measure-terms.mjs builds them.
const t0 = performance.now();
const sections = proxySections(law, gitDir, [...new Set(questions.map((q) => q.act))]).map((s) => {
  const terms = law.indexTerms([s.title, ...s.headings, s.text].join('\n'));
  const tf = new Map();
  for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
  return { act: s.act, id: s.id, tf, len: terms.length };
});
console.log(
  `${half}: ${sections.length} sections of ${new Set(sections.map((s) => s.act)).size} acts in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${questions.length} questions; load ${load()}`,
);

// Lexical: BM25 over the query's terms with their weights (measure-terms.mjs's lexicon row).
const df = new Map();
for (const s of sections) for (const t of s.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
const avgLen = sections.reduce((a, s) => a + s.len, 0) / sections.length;
const bmIdf = (t) => Math.log(1 + (sections.length - df.get(t) + 0.5) / (df.get(t) + 0.5));
function lexical(qterms) {
  const scored = [];
  sections.forEach((s, i) => {
    let score = 0;
    for (const { term, weight } of qterms) {
      const f = s.tf.get(term);
      if (f) score += weight * bmIdf(term) * ((f * 2.2) / (f + 1.2 * (0.25 + (0.75 * s.len) / avgLen)));
    }
    if (score > 0) scored.push({ i, score });
  });
  return scored.sort((a, b) => b.score - a.score).map((x) => x.i);
}

// The training documents: term-frequency maps.
function lsa() {
  let corpus;
  if (train === 'collection') {
    if (!existsSync(cache)) throw new Error(`no pool at ${cache}: run measure-collection.mjs with CACHE=${cache} first`);
    corpus = JSON.parse(readFileSync(cache, 'utf8')).units.map((u) => new Map(u.tf));
  } else corpus = sections.map((s) => s.tf);

  // Vocabulary: terms in at least MIN_DF training documents.
  const tTrain = performance.now();
  const minDf = Number(process.env.MIN_DF ?? 3);
  const trainDf = new Map();
  for (const tf of corpus) for (const t of tf.keys()) trainDf.set(t, (trainDf.get(t) ?? 0) + 1);
  const vocab = new Map();
  for (const [t, n] of trainDf) if (n >= minDf) vocab.set(t, vocab.size);
  const idf = new Float64Array(vocab.size);
  for (const [t, j] of vocab) idf[j] = Math.log(corpus.length / trainDf.get(t));
  // Each document as a sparse row (term index, log(1 + tf) × idf), unit length.
  function sparse(tf) {
    const idx = [];
    const val = [];
    for (const [t, f] of tf) {
      const j = vocab.get(t);
      if (j === undefined) continue;
      idx.push(j);
      val.push((1 + Math.log(f)) * idf[j]);
    }
    const norm = Math.hypot(...val) || 1;
    return { idx: Int32Array.from(idx), val: Float64Array.from(val, (v) => v / norm) };
  }
  const rows = corpus.map(sparse);
  const m = vocab.size;
  const l = DIM + 10;
  // Randomized range finder for X (documents × terms): Q spans X^T's top right-singular subspace.
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff - 0.5;
  };
  const terms = (n) => new Float64Array(n * l);
  // Y (terms × l) = X^T (X Q)
  function xtx(Q) {
    const Y = terms(m);
    const tmp = new Float64Array(l);
    for (const { idx, val } of rows) {
      tmp.fill(0);
      for (let k = 0; k < idx.length; k++) {
        const off = idx[k] * l;
        const v = val[k];
        for (let c = 0; c < l; c++) tmp[c] += v * Q[off + c];
      }
      for (let k = 0; k < idx.length; k++) {
        const off = idx[k] * l;
        const v = val[k];
        for (let c = 0; c < l; c++) Y[off + c] += v * tmp[c];
      }
    }
    return Y;
  }
  // Orthonormal columns by Cholesky QR, twice (rows stay contiguous, unlike Gram-Schmidt's columns).
  function cholQr(Y) {
    const G = new Float64Array(l * l);
    for (let r = 0; r < m; r++) {
      const off = r * l;
      for (let a = 0; a < l; a++) {
        const ya = Y[off + a];
        if (ya === 0) continue;
        for (let b = a; b < l; b++) G[a * l + b] += ya * Y[off + b];
      }
    }
    // G = R^T R, R upper triangular; a tiny ridge keeps a rank-deficient G positive definite.
    const R = new Float64Array(l * l);
    for (let a = 0; a < l; a++) {
      for (let b = a; b < l; b++) {
        let s = G[a * l + b] + (a === b ? 1e-12 : 0);
        for (let k = 0; k < a; k++) s -= R[k * l + a] * R[k * l + b];
        R[a * l + b] = a === b ? Math.sqrt(Math.max(s, 1e-12)) : s / R[a * l + a];
      }
    }
    // Each row y := y R^-1 (forward substitution against R's columns).
    for (let r = 0; r < m; r++) {
      const off = r * l;
      for (let b = 0; b < l; b++) {
        let s = Y[off + b];
        for (let k = 0; k < b; k++) s -= Y[off + k] * R[k * l + b];
        Y[off + b] = s / R[b * l + b];
      }
    }
    return Y;
  }
  const orth = (Y) => cholQr(cholQr(Y));
  let Q = terms(m);
  for (let i = 0; i < Q.length; i++) Q[i] = rand();
  Q = orth(Q);
  const iterations = Number(process.env.POWER ?? 3);
  for (let it = 0; it < iterations; it++) Q = orth(xtx(Q));
  // Rayleigh-Ritz: the small matrix B = Q^T X^T X Q (l × l), eigenvectors by Jacobi rotations.
  const XQ = xtx(Q);
  const B = new Float64Array(l * l);
  for (let r = 0; r < m; r++)
    for (let a = 0; a < l; a++) {
      const q = Q[r * l + a];
      if (q === 0) continue;
      for (let b = 0; b < l; b++) B[a * l + b] += q * XQ[r * l + b];
    }
  function jacobi(A, n) {
    const V = new Float64Array(n * n);
    for (let i = 0; i < n; i++) V[i * n + i] = 1;
    for (let sweep = 0; sweep < 30; sweep++) {
      let off = 0;
      for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += A[p * n + q] ** 2;
      if (off < 1e-18) break;
      for (let p = 0; p < n; p++)
        for (let q = p + 1; q < n; q++) {
          const apq = A[p * n + q];
          if (Math.abs(apq) < 1e-15) continue;
          const theta = (A[q * n + q] - A[p * n + p]) / (2 * apq);
          const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
          const c = 1 / Math.sqrt(t * t + 1);
          const s = t * c;
          for (let k = 0; k < n; k++) {
            const akp = A[k * n + p];
            const akq = A[k * n + q];
            A[k * n + p] = c * akp - s * akq;
            A[k * n + q] = s * akp + c * akq;
          }
          for (let k = 0; k < n; k++) {
            const apk = A[p * n + k];
            const aqk = A[q * n + k];
            A[p * n + k] = c * apk - s * aqk;
            A[q * n + k] = s * apk + c * aqk;
          }
          for (let k = 0; k < n; k++) {
            const vkp = V[k * n + p];
            const vkq = V[k * n + q];
            V[k * n + p] = c * vkp - s * vkq;
            V[k * n + q] = s * vkp + c * vkq;
          }
        }
    }
    return { values: Array.from({ length: n }, (_, i) => A[i * n + i]), V };
  }
  const { values, V } = jacobi(B, l);
  const order = values
    .map((v, i) => [v, i])
    .sort((a, b) => b[0] - a[0])
    .slice(0, DIM);
  // Term vectors: U (terms × DIM) = Q V, scaled by the singular value to the power SCALE (0: plain
  // projection; LSI folding-in compares U^T x).
  const scalePow = Number(process.env.SCALE ?? 0);
  const U = new Float32Array(m * DIM);
  for (let r = 0; r < m; r++)
    order.forEach(([value, i], d) => {
      let s = 0;
      for (let a = 0; a < l; a++) s += Q[r * l + a] * V[a * l + i];
      U[r * DIM + d] = s * Math.max(value, 1e-12) ** (scalePow / 2);
    });
  const trainSeconds = (performance.now() - tTrain) / 1000;

  // A text's vector: its weighted tf-idf row projected on U, unit length.
  function embed(weighted) {
    const v = new Float32Array(DIM);
    for (const [t, w] of weighted) {
      const j = vocab.get(t);
      if (j === undefined) continue;
      const x = w * idf[j];
      for (let d = 0; d < DIM; d++) v[d] += x * U[j * DIM + d];
    }
    const n = Math.hypot(...v) || 1;
    for (let d = 0; d < DIM; d++) v[d] /= n;
    return v;
  }
  const tEmbed = performance.now();
  const vectors = sections.map((s) => embed([...s.tf].map(([t, f]) => [t, 1 + Math.log(f)])));
  const embedSeconds = (performance.now() - tEmbed) / 1000;
  console.log(
    `LSA from ${train} (${corpus.length} documents, ${m} terms with df >= ${minDf}, ${DIM} dims, ${iterations} power iterations): ${trainSeconds.toFixed(1)} s; ${(sections.length / embedSeconds).toFixed(0)} sections/s embedded; heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB; load ${load()}`,
  );
  return { vectors, embedQuery: (qterms) => embed(qterms.map(({ term, weight }) => [term, weight])) };
}

// fastText word vectors (FASTTEXT_MODEL: a model trained by `fasttext skipgram` on the text
// collection-terms.mjs writes): the vectors of every proxy term and question term, out-of-vocabulary
// ones from their character n-grams, as `fasttext print-word-vectors` gives them.
function fastTextVectors() {
  const words = new Set(df.keys());
  for (const q of questions) for (const t of law.queryTerms(q.q)) words.add(t.term);
  const tVec = performance.now();
  const printed = execFileSync(process.env.FASTTEXT ?? 'fasttext', ['print-word-vectors', process.env.FASTTEXT_MODEL], {
    input: [...words].join('\n') + '\n',
    maxBuffer: 1 << 30,
    encoding: 'utf8',
  });
  const vec = new Map();
  for (const line of printed.split('\n')) {
    const parts = line.trim().split(' ');
    if (parts.length < 3) continue;
    const v = Float32Array.from(parts.slice(1), Number);
    const n = Math.hypot(...v) || 1;
    for (let d = 0; d < v.length; d++) v[d] /= n;
    vec.set(parts[0], v);
  }
  const dim = vec.values().next().value.length;
  console.log(`fastText: ${vec.size} word vectors of ${dim} dims in ${((performance.now() - tVec) / 1000).toFixed(1)} s`);
  // A text's vector: the idf-weighted sum of its terms' unit vectors, unit length.
  const embed = (weighted) => {
    const v = new Float32Array(dim);
    for (const [t, w] of weighted) {
      const x = vec.get(t);
      if (!x || !df.has(t)) continue;
      const g = w * bmIdf(t);
      for (let d = 0; d < dim; d++) v[d] += g * x[d];
    }
    const n = Math.hypot(...v) || 1;
    for (let d = 0; d < dim; d++) v[d] /= n;
    return v;
  };
  const tEmbed = performance.now();
  const vectors = sections.map((s) => embed([...s.tf].map(([t, f]) => [t, 1 + Math.log(f)])));
  console.log(`${(sections.length / ((performance.now() - tEmbed) / 1000)).toFixed(0)} sections/s embedded`);
  // The query's own terms, out-of-vocabulary ones too, by their n-gram vectors.
  const embedQuery = (qterms) => {
    const v = new Float32Array(dim);
    for (const { term, weight } of qterms) {
      const x = vec.get(term);
      if (!x) continue;
      const g = weight * (df.has(term) ? bmIdf(term) : Math.log(sections.length));
      for (let d = 0; d < dim; d++) v[d] += g * x[d];
    }
    const n = Math.hypot(...v) || 1;
    for (let d = 0; d < dim; d++) v[d] /= n;
    return v;
  };
  // Nearest index terms of a query term: related terms for the lexical ranking.
  const vocab = [...df.keys()].filter((t) => vec.has(t));
  const neighbours = (term, k, floor) => {
    const x = vec.get(term);
    if (!x) return [];
    const out = [];
    for (const t of vocab) {
      if (t === term) continue;
      const y = vec.get(t);
      let s = 0;
      for (let d = 0; d < dim; d++) s += x[d] * y[d];
      if (s >= floor) out.push({ term: t, sim: s });
    }
    return out.sort((a, b) => b.sim - a.sim).slice(0, k);
  };
  return { vectors, embedQuery, neighbours };
}

const model = process.env.FASTTEXT_MODEL ? fastTextVectors() : lsa();
function dense(qterms) {
  const q = model.embedQuery(qterms);
  const scored = model.vectors.map((v, i) => {
    let s = 0;
    for (let d = 0; d < v.length; d++) s += v[d] * q[d];
    return { i, s };
  });
  return scored.sort((a, b) => b.s - a.s).map((x) => x.i);
}
// Query expansion by the vectors' nearest index terms (EXPAND=k,floor,weight), fastText only.
const [expandK, expandFloor, expandWeight] = (process.env.EXPAND ?? '3,0.6,0.5').split(',').map(Number);
function expand(all) {
  if (!model.neighbours) return all;
  const have = new Set(all.map((t) => t.term));
  const extra = [];
  for (const t of all.filter((x) => x.from !== 'related')) {
    for (const n of model.neighbours(t.term, expandK, expandFloor)) {
      if (have.has(n.term)) continue;
      have.add(n.term);
      extra.push({ term: n.term, weight: expandWeight * n.sim, from: 'related' });
    }
  }
  return [...all, ...extra];
}
function fuse(a, b, w) {
  const score = new Map();
  a.slice(0, 100).forEach((i, r) => score.set(i, 1 / (RRF_K + r + 1)));
  b.slice(0, 100).forEach((i, r) => score.set(i, (score.get(i) ?? 0) + w / (RRF_K + r + 1)));
  return [...score].sort((x, y) => y[1] - x[1]).map(([i]) => i);
}

const rowsOut = { lexical: [0, 0], dense: [0, 0], 'dense (own terms)': [0, 0] };
if (model.neighbours) rowsOut['lexical + vector neighbours'] = [0, 0];
for (const w of weights) rowsOut[`fused RRF, dense × ${w}`] = [0, 0];
for (const q of questions) {
  const want = new Set(q.provisions.map((p) => p.split('/')[0]));
  const hit = (ranking) => ranking.slice(0, 10).findIndex((i) => sections[i].act === q.act && want.has(sections[i].id));
  const all = law.queryTerms(q.q);
  const lex = lexical(all);
  const den = dense(all);
  const rankings = {
    lexical: lex,
    dense: den,
    'dense (own terms)': dense(all.filter((t) => t.from !== 'related')),
  };
  for (const w of weights) rankings[`fused RRF, dense × ${w}`] = fuse(lex, den, w);
  if (model.neighbours) rankings['lexical + vector neighbours'] = lexical(expand(all));
  for (const [name, ranking] of Object.entries(rankings)) {
    const at = hit(ranking);
    if (at >= 0) {
      rowsOut[name][0]++;
      rowsOut[name][1] += 1 / (at + 1);
    }
  }
}
for (const [name, [hits, rr]] of Object.entries(rowsOut))
  console.log(`${name.padEnd(26)} recall@10 ${fmt(hits / questions.length)}  MRR@10 ${fmt(rr / questions.length)}`);
console.log(`load ${load()}`);
