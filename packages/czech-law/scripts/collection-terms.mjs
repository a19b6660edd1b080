#!/usr/bin/env node
// Writes the training text for word vectors learned from the collection (#37 item 3): one line per
// section (§, čl., annex) of every act at the upstream HEAD that is not an amending act, the same
// pool as measure-collection.mjs, as its index terms in order (indexTerms: folded lemma keys, stop
// words dropped), so the vectors' words are the index's own keys. Written to a temporary file,
// then renamed. Usage: node packages/czech-law/scripts/collection-terms.mjs OUT [git dir]
import { createWriteStream, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { git as gitIn } from './proxy-sections.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const law = require(join(here, '..', 'dist', 'index.js'));
const out = process.argv[2];
if (!out) throw new Error('usage: collection-terms.mjs OUT [git dir]');
const gitDir = process.argv[3] ?? '/work/data/legalize-cz.git';
// The question sets' acts (decrees among them) are in the pool whatever their rank, as in
// measure-collection.mjs; only their act keys are read.
const setActs = new Set(
  ['tune', 'heldout'].flatMap((h) =>
    JSON.parse(readFileSync(join(here, `../../../apps/api/src/eval/question-set.${h}.json`), 'utf8')).questions.map((q) => q.act),
  ),
);

const git = (args, input) => gitIn(gitDir, args, input);

const t0 = performance.now();
// Objects the partial clone lacks are skipped (rev-list prints them with '?').
const listed = (await git(['rev-list', '--objects', '--no-walk', '--missing=print', 'HEAD'], '')).toString().split('\n');
const blobs = listed.filter((l) => / cz\/SB-\d+-\d+\.md$/.test(l) && !l.startsWith('?')).map((l) => l.split(' ')[0]);
const buf = await git(['cat-file', '--batch'], `${blobs.join('\n')}\n`);
const tmp = `${out}.tmp`;
const file = createWriteStream(tmp);
let lines = 0;
let tokens = 0;
for (let off = 0; off < buf.length;) {
  const nl = buf.indexOf(10, off);
  const size = Number(buf.subarray(off, nl).toString().split(' ')[2]);
  const md = buf.subarray(nl + 1, nl + 1 + size).toString('utf8');
  off = nl + 2 + size;
  const title = /^title: "(.*)"$/m.exec(md)?.[1] ?? '';
  const rank = /^rank: "(.*)"$/m.exec(md)?.[1] ?? '';
  const [, year, number] = (/^identifier: "(.*)"$/m.exec(md)?.[1] ?? '').split('-');
  const isLaw = rank === 'law' || rank === 'constitutional_law';
  if (!setActs.has(`sb/${year}/${number}`) && !(isLaw && !law.isAmendingTitle(title))) continue;
  const text = md.replace(/^---\n[\s\S]*?\n---\n/, '');
  let provisions;
  try {
    provisions = law.parseProvisions(text).provisions;
  } catch {
    // an unparsable text is one line
    provisions = [];
  }
  const bodies = provisions
    .filter((p) => p.kind === 'section' || p.kind === 'article' || p.kind === 'annex')
    .map((p) => [p.heading ?? '', text.slice(p.start, p.end).slice(0, 20_000)].join('\n'));
  for (const body of [title, ...(bodies.length ? bodies : [text.slice(0, 20_000)])]) {
    const terms = law.indexTerms(body);
    if (!terms.length) continue;
    if (!file.write(`${terms.join(' ')}\n`)) await new Promise((r) => file.once('drain', r));
    lines++;
    tokens += terms.length;
  }
}
await new Promise((r, j) => file.end((e) => (e ? j(e) : r())));
renameSync(tmp, out);
console.log(`${lines} lines, ${tokens} terms in ${((performance.now() - t0) / 1000).toFixed(0)} s -> ${out}`);
