#!/usr/bin/env node
// Runs the provisions parser (the built one, packages/db/dist) over every Markdown file at a
// legalize-cz repository's HEAD and prints coverage figures as JSON.
//
//   pnpm --filter @dp/db build
//   node packages/db/scripts/provision-coverage.mjs /tmp/legalize-cz.git [--worst 20]
//
// Read-only: the repository is only read with `git ls-tree` and `git cat-file`. Blobs missing from
// a partial clone are counted and skipped (lazy fetching is turned off).
import { spawn, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { parseProvisions } = require(join(here, '..', 'dist', 'provisions', 'parse-provisions.js'));

const args = process.argv.slice(2);
const worstAt = args.indexOf('--worst');
const worstCount = worstAt >= 0 ? Number(args[worstAt + 1]) : 20;
const repo = args.find((a, i) => !a.startsWith('--') && (worstAt < 0 || i !== worstAt + 1)) ?? '/tmp/legalize-cz.git';
const env = { ...process.env, GIT_NO_LAZY_FETCH: '1' };
const git = (...a) => execFileSync('git', ['--git-dir', repo, ...a], { env, maxBuffer: 1 << 30 }).toString();

const entries = git('ls-tree', '-r', 'HEAD')
  .split('\n')
  .filter(Boolean)
  .map((l) => {
    const [meta, path] = l.split('\t');
    const [, type, oid] = meta.split(' ');
    return { type, oid, path };
  })
  .filter((e) => e.type === 'blob' && e.path.endsWith('.md') && e.path.includes('/'));
const present = new Set(git('cat-file', '--batch-all-objects', '--batch-check=%(objectname)').split('\n'));
const wanted = entries.filter((e) => present.has(e.oid));
const missing = entries.filter((e) => !present.has(e.oid)).map((e) => e.path);

/** Strips the YAML front matter: everything up to the second `---` line, if the file starts with one. */
function body(text) {
  if (!text.startsWith('---\n') && !text.startsWith('---\r\n')) return text;
  const m = /\r?\n---[ \t]*(\r?\n|$)/.exec(text.slice(3));
  return m ? text.slice(3 + m.index + m[0].length) : text;
}

const totals = {
  documents: 0,
  documentsWithProvisions: 0,
  bytes: 0,
  sectionHeadings: 0,
  sections: 0,
  quotedHeadings: 0,
  duplicates: 0,
  unparsed: 0,
  repealed: 0,
  runawayQuotes: 0,
};
const byKind = {};
const reasons = {};
const perDoc = [];
let parseNs = 0n;
let maxDoc = { path: null, ms: 0 };

function handle(path, text) {
  const b = body(text);
  const t0 = process.hrtime.bigint();
  const r = parseProvisions(b);
  const dt = process.hrtime.bigint() - t0;
  parseNs += dt;
  const ms = Number(dt) / 1e6;
  if (ms > maxDoc.ms) maxDoc = { path, ms: Math.round(ms * 10) / 10 };
  totals.documents++;
  totals.bytes += Buffer.byteLength(b);
  if (r.provisions.length) totals.documentsWithProvisions++;
  totals.sectionHeadings += r.stats.sectionHeadings;
  totals.sections += r.stats.sections;
  totals.quotedHeadings += r.stats.quotedHeadings;
  totals.duplicates += r.stats.duplicates;
  totals.runawayQuotes += r.stats.runawayQuotes;
  totals.unparsed += r.unparsed.length;
  for (const p of r.provisions) if (p.repealed) totals.repealed++;
  for (const [k, n] of Object.entries(r.stats.byKind)) byKind[k] = (byKind[k] ?? 0) + n;
  for (const u of r.unparsed) reasons[u.reason] = (reasons[u.reason] ?? 0) + 1;
  if (r.unparsed.length || r.stats.sectionHeadings !== r.stats.sections)
    perDoc.push({
      path,
      headings: r.stats.sectionHeadings,
      sections: r.stats.sections,
      unparsed: r.unparsed.length,
      samples: r.unparsed.slice(0, 3).map((u) => `${u.reason}: ${u.line.slice(0, 80)}`),
    });
}

const cat = spawn('git', ['--git-dir', repo, 'cat-file', '--batch'], { env, stdio: ['pipe', 'pipe', 'inherit'] });
let pending = Buffer.alloc(0);
let need = -1;
let index = 0;
cat.stdout.on('data', (chunk) => {
  pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
  for (;;) {
    if (need < 0) {
      const nl = pending.indexOf(10);
      if (nl < 0) return;
      const header = pending.toString('utf8', 0, nl).split(' ');
      pending = pending.subarray(nl + 1);
      if (header[1] === 'missing') {
        index++;
        continue;
      }
      need = Number(header[2]);
    }
    if (pending.length < need + 1) return;
    handle(wanted[index++].path, pending.toString('utf8', 0, need));
    pending = pending.subarray(need + 1);
    need = -1;
  }
});
cat.stdin.end(wanted.map((e) => e.oid).join('\n') + '\n');
await new Promise((resolve, reject) => {
  cat.on('error', reject);
  cat.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git cat-file exited with ${code}`))));
});

const mb = totals.bytes / 1e6;
const totalMs = Number(parseNs) / 1e6;
const share = (a, b) => (b ? Math.round((a / b) * 100000) / 1000 : null);
perDoc.sort((a, b) => b.unparsed - a.unparsed || b.headings - b.sections - (a.headings - a.sections));
console.log(
  JSON.stringify(
    {
      repository: repo,
      head: git('rev-parse', 'HEAD').trim(),
      documents: totals.documents,
      missingBlobs: missing,
      documentsWithProvisionsPercent: share(totals.documentsWithProvisions, totals.documents),
      documentsWithoutProvisions: totals.documents - totals.documentsWithProvisions,
      sectionHeadings: totals.sectionHeadings,
      sectionsMade: totals.sections,
      headingsToProvisionsPercent: share(totals.sections, totals.sectionHeadings),
      quotedHeadingsSkipped: totals.quotedHeadings,
      duplicateNumbers: totals.duplicates,
      runawayQuotesEnded: totals.runawayQuotes,
      unparsed: totals.unparsed,
      unparsedReasons: reasons,
      repealed: totals.repealed,
      provisionsByKind: byKind,
      provisionsTotal: Object.values(byKind).reduce((a, b) => a + b, 0),
      textMB: Math.round(mb * 10) / 10,
      parseMsTotal: Math.round(totalMs),
      parseMsPerMB: Math.round((totalMs / mb) * 10) / 10,
      slowestDocument: maxDoc,
      worst: perDoc.slice(0, worstCount),
    },
    null,
    2,
  ),
);
