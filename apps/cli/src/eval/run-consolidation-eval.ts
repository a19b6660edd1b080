/**
 * The consolidation replay (#36 item 2) and the effects figures (#35 item 4):
 * `pnpm eval:consolidation [git-dir] [--half tune|heldout] [--docs N] [--sample K] [--misses FILE]`.
 *
 * Replays every `[reform]` commit whose `Source-Id` act is in the collection: the points of that
 * act's block(s) for the document applied to the text before, compared per unit with the text
 * after. Figures per half (`splitHalf` of the amended act); the unsupported forms and the misses
 * (`--misses`, JSON lines) only of the tuning half. Each text is parsed once: a case's text after
 * is the next case's text before.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { Half } from '@dp/core';
import {
  applyAmendment,
  parseInstruction,
  parseProvisions,
  readAmendingAct,
  splitUnits,
  type AmendmentBlock,
  type AmendmentPoint,
  type TextUnit,
} from '@dp/czech-law';
import { listObjects, openBlobReader, parseFrontMatter, resolveGitDir } from '@dp/db';
import { normText, scoreCase, scoreEffects, unitTexts, type UnitTexts } from './consolidation-score';
import { reformCases, type ReformCase } from './reform-cases';

interface Tally {
  cases: number;
  noBlock: number;
  noPoints: number;
  /** Cases where git changed no unit (only the front matter). */
  unchanged: number;
  gitChanged: number;
  reproduced: number;
  engineChanged: number;
  engineRight: number;
  exact: number;
  points: number;
  applied: number;
  reasons: Map<string, number>;
  forms: Map<string, number>;
  effectsHit: number;
  effectsChanged: number;
  effectsTargeted: number;
  /** Cases whose changed units the effects all target. */
  effectsCases: number;
  /** Points of the block whose effective date is after the version's. */
  later: number;
  /** Engine outputs whose units were checked against the text parsed afresh, and those that differed. */
  verified: number;
  verifyDiffers: number;
}

const newTally = (): Tally => ({
  cases: 0,
  noBlock: 0,
  noPoints: 0,
  unchanged: 0,
  gitChanged: 0,
  reproduced: 0,
  engineChanged: 0,
  engineRight: 0,
  exact: 0,
  points: 0,
  applied: 0,
  reasons: new Map(),
  forms: new Map(),
  effectsHit: 0,
  effectsChanged: 0,
  effectsTargeted: 0,
  effectsCases: 0,
  later: 0,
  verified: 0,
  verifyDiffers: 0,
});

const bump = (m: Map<string, number>, k: string, n = 1) => m.set(k, (m.get(k) ?? 0) + n);

/** A text, parsed when first needed (a case without a block needs its text only as the next case's text before). */
interface Version {
  blob: string;
  text: string;
  parsed: { units: TextUnit[]; texts: UnitTexts } | null;
}

interface Args {
  gitDir: string | null;
  half: Half | null;
  docs: number;
  sample: number;
  misses: string | null;
  casesCache: string | null;
  allPoints: boolean;
  verifyEvery: number;
  workers: number;
}

function readArgs(argv: string[]): Args {
  let gitDir: string | null = null;
  let half: Half | null = null;
  let docs = Infinity;
  let sample = 1;
  let misses: string | null = null;
  let casesCache: string | null = null;
  let allPoints = false;
  let verifyEvery = 10;
  let workers = 2;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--half') half = argv[++i] as Half;
    else if (a === '--docs') docs = Number(argv[++i]);
    else if (a === '--sample') sample = Number(argv[++i]);
    else if (a === '--misses') misses = argv[++i];
    else if (a === '--cases-cache') casesCache = argv[++i];
    else if (a === '--all-points') allPoints = true;
    else if (a === '--verify-every') verifyEvery = Math.max(1, Number(argv[++i]));
    else if (a === '--workers') workers = Math.max(1, Number(argv[++i]));
    else if (!a.startsWith('--')) gitDir = a;
  }
  if (half && half !== 'tune' && half !== 'heldout') throw new Error('--half is tune or heldout');
  return { gitDir: gitDir ?? process.env.CORPUS_GIT_DIR ?? null, half, docs, sample, misses, casesCache, allPoints, verifyEvery, workers };
}

const pct = (a: number, b: number) => (b ? (a / b).toFixed(4) : '   -  ');

/**
 * The cases, from the history or from a list a previous run wrote (`--cases-cache FILE`, for
 * quick reruns while tuning; keep it out of the repository, e.g. in /tmp).
 */
async function* cases(gitDir: string, half: Half | null, cache: string | null): AsyncGenerator<ReformCase> {
  if (cache && existsSync(cache)) {
    for (const c of JSON.parse(readFileSync(cache, 'utf8')) as ReformCase[]) if (!half || c.half === half) yield c;
    return;
  }
  const all: ReformCase[] = [];
  for await (const c of reformCases(gitDir)) {
    if (cache) all.push(c);
    if (!half || c.half === half) yield c;
  }
  if (cache) writeFileSync(cache, JSON.stringify(all));
}

/** Replays the cases (grouped by document, in order) with one blob reader; the tallies per half. */
async function replay(gitDir: string, all: ReformCase[], args: Args, available: Set<string>): Promise<Record<Half, Tally>> {
  // Objects the repository lacks (a partial copy) are answered without asking git, which can
  // spend minutes on one.
  const reader = openBlobReader(gitDir, available);
  const tallies: Record<Half, Tally> = { tune: newTally(), heldout: newTally() };
  /** Each amending act read once: its blocks by amended act. */
  const actBlocks = new Map<string, Map<string, AmendmentBlock[]>>();
  const readBody = async (blob: string | null): Promise<string | null> => {
    if (!blob) return null;
    const b = await reader.read(blob);
    return b ? parseFrontMatter(b.toString('utf8')).body : null;
  };
  const version = (blob: string, text: string): Version => ({ blob, text, parsed: null });
  const parse = (v: Version): { units: TextUnit[]; texts: UnitTexts } => {
    if (!v.parsed) {
      const units = splitUnits(v.text, parseProvisions(v.text));
      v.parsed = { units, texts: unitTexts(units) };
    }
    return v.parsed;
  };
  const blocksFor = async (c: ReformCase): Promise<AmendmentBlock[]> => {
    let byTarget = actBlocks.get(c.sourceKey);
    if (!byTarget) {
      byTarget = new Map();
      const b = c.sourceBlob ? await reader.read(c.sourceBlob) : null;
      if (b) {
        const file = parseFrontMatter(b.toString('utf8'));
        const fields = file.ok ? file.fields : {};
        const reading = readAmendingAct(file.body, {
          naturalKey: c.sourceKey,
          publicationDate: fields.publication_date ?? null,
          effectivenessDate: fields.effectiveness_date ?? null,
        });
        for (const block of reading.blocks) byTarget.set(block.targetKey, [...(byTarget.get(block.targetKey) ?? []), block]);
      }
      actBlocks.set(c.sourceKey, byTarget);
    }
    return byTarget.get(c.amendedKey) ?? [];
  };

  const runGroup = async (cases: ReformCase[]) => {
    // The texts of one document, read together (git answers them in one pipelined batch).
    const blobs = [...new Set(cases.flatMap((c) => [c.beforeBlob, c.afterBlob]).filter((b): b is string => !!b))];
    const bodies = new Map<string, string | null>();
    await Promise.all(blobs.map(async (b) => bodies.set(b, await readBody(b))));
    let prev: Version | null = null;
    for (const c of cases) {
      const t = tallies[c.half];
      const beforeText = c.beforeBlob ? bodies.get(c.beforeBlob) : null;
      const afterText = bodies.get(c.afterBlob);
      if (beforeText == null || afterText == null) continue;
      const before = prev && prev.blob === c.beforeBlob ? prev : version(c.beforeBlob!, beforeText);
      const after = version(c.afterBlob, afterText);
      prev = after;
      t.cases++;
      const blocks = await blocksFor(c);
      // The points in effect on the version's day (a point with a later date is for a later version).
      const all: AmendmentPoint[] = blocks.flatMap((b) => b.points);
      const points = args.allPoints ? all : all.filter((p) => !p.effective?.date || p.effective.date <= c.date);
      t.later += all.length - points.length;
      if (!blocks.length) {
        t.noBlock++;
        continue;
      }
      const b = parse(before);
      const a = parse(after);
      if (!scoreCase(b.texts, a.texts, b.texts).gitChanged.length) t.unchanged++;
      if (!points.length) t.noPoints++;
      const parsed = points.map((p) => parseInstruction(p));
      const result = applyAmendment(before.text, points, { units: b.units, parsed });
      // The engine's own units of its text; every `verifyEvery`-th case they are checked against
      // the text parsed afresh (what a reader of the stored text gets).
      let outputTexts = result.text === before.text ? b.texts : unitTexts(result.resultUnits);
      if (result.text !== before.text && t.cases % args.verifyEvery === 0) {
        const fresh = unitTexts(splitUnits(result.text, parseProvisions(result.text)));
        t.verified++;
        const same =
          fresh.order.join('\n') === outputTexts.order.join('\n') &&
          fresh.order.every((id) => normText(fresh, id) === normText(outputTexts, id));
        if (!same) {
          t.verifyDiffers++;
          outputTexts = fresh;
        }
      }
      const output = { texts: outputTexts };
      const before_ = { texts: b.texts };
      const after_ = { texts: a.texts };
      const s = scoreCase(b.texts, a.texts, outputTexts);
      t.gitChanged += s.gitChanged.length;
      t.reproduced += s.reproduced.length;
      t.engineChanged += s.engineChanged.length;
      t.engineRight += s.engineRight.length;
      if (s.exact) t.exact++;
      for (const p of result.points) {
        t.points++;
        if (p.status === 'applied') t.applied++;
        else bump(t.reasons, p.reason ?? 'unknown');
      }
      const targets: string[] = [];
      for (const p of parsed) {
        for (const e of p.effects) targets.push(...e.targets);
        if (c.half === 'tune') for (const u of p.unsupported) bump(t.forms, u.form);
        else t.forms.set('(held-out forms not listed)', (t.forms.get('(held-out forms not listed)') ?? 0) + p.unsupported.length);
      }
      const e = scoreEffects(s.gitChanged, targets);
      t.effectsHit += e.hit;
      t.effectsChanged += e.changed;
      t.effectsTargeted += e.targeted;
      if (e.hit === e.changed) t.effectsCases++;
      if (args.misses && c.half === 'tune') {
        const wrong = s.engineChanged.filter((id) => !s.engineRight.includes(id));
        const missed = s.gitChanged.filter((id) => !s.reproduced.includes(id) && !wrong.includes(id));
        if (wrong.length || missed.length) {
          const row = {
            commit: c.commit,
            doc: c.amendedKey,
            act: c.sourceKey,
            wrong: wrong.map((id) => ({
              id,
              before: normText(before_.texts, id),
              output: normText(output.texts, id),
              after: normText(after_.texts, id),
            })),
            missed: missed.map((id) => ({
              id,
              before: normText(before_.texts, id),
              output: normText(output.texts, id),
              after: normText(after_.texts, id),
            })),
            points: result.points.map((p, i) => ({ ...p, text: points[i].text.slice(0, 600) })),
          };
          appendFileSync(args.misses, `${JSON.stringify(row)}\n`);
        }
      }
    }
  };

  try {
    let group: ReformCase[] = [];
    for (const c of all) {
      if (group.length && group[0].amendedKey !== c.amendedKey) {
        await runGroup(group);
        group = [];
      }
      group.push(c);
    }
    if (group.length) await runGroup(group);
  } finally {
    await reader.close();
  }
  return tallies;
}

/** The cases of the run: the half, every `sample`-th document, the first `docs` documents. */
async function selectCases(gitDir: string, args: Args): Promise<ReformCase[]> {
  const out: ReformCase[] = [];
  let current: string | null = null;
  let seen = 0;
  let docs = 0;
  let take = false;
  for await (const c of cases(gitDir, args.half, args.casesCache)) {
    if (c.amendedKey !== current) {
      current = c.amendedKey;
      take = seen++ % args.sample === 0 && ++docs <= args.docs;
    }
    if (take) out.push(c);
  }
  return out;
}

/** Documents dealt to `n` workers, each document whole, by case count. */
function deal(all: ReformCase[], n: number): ReformCase[][] {
  const byDoc: ReformCase[][] = [];
  for (const c of all) {
    if (!byDoc.length || byDoc[byDoc.length - 1][0].amendedKey !== c.amendedKey) byDoc.push([]);
    byDoc[byDoc.length - 1].push(c);
  }
  const shares: ReformCase[][] = Array.from({ length: n }, () => []);
  for (const doc of [...byDoc].sort((a, b) => b.length - a.length)) {
    const least = shares.reduce((m, x, i) => (x.length < shares[m].length ? i : m), 0);
    shares[least].push(...doc);
  }
  return shares;
}

type TallyMessage = Record<Half, Omit<Tally, 'reasons' | 'forms'> & { reasons: [string, number][]; forms: [string, number][] }>;

const toMessage = (t: Record<Half, Tally>): TallyMessage =>
  Object.fromEntries(
    (['tune', 'heldout'] as Half[]).map((h) => [h, { ...t[h], reasons: [...t[h].reasons], forms: [...t[h].forms] }]),
  ) as TallyMessage;

function merge(into: Record<Half, Tally>, from: TallyMessage): void {
  for (const h of ['tune', 'heldout'] as Half[]) {
    const a = into[h];
    const b = from[h];
    for (const k of Object.keys(b) as (keyof Tally)[]) {
      if (k === 'reasons' || k === 'forms') continue;
      a[k] += b[k];
    }
    for (const [k, v] of b.reasons) bump(a.reasons, k, v);
    for (const [k, v] of b.forms) bump(a.forms, k, v);
  }
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const args = readArgs(argv);
  if (!args.gitDir)
    throw new Error('usage: pnpm eval:consolidation <git-dir> [--half tune|heldout] [--docs N] [--sample K] [--workers N] [--misses FILE]');
  const gitDir = await resolveGitDir(args.gitDir);
  const started = Date.now();
  const load0 = loadavg();
  if (args.misses) writeFileSync(args.misses, '');
  const all = await selectCases(gitDir, args);
  const available = await listObjects(gitDir);
  const tallies: Record<Half, Tally> = { tune: newTally(), heldout: newTally() };
  if (args.workers <= 1) {
    merge(tallies, toMessage(await replay(gitDir, all, args, available)));
  } else {
    // Each worker replays whole documents with its own git reader; the figures are summed.
    const results = await Promise.all(
      deal(all, args.workers).map(
        (share) =>
          new Promise<TallyMessage>((resolve, reject) => {
            const w = new Worker(__filename, {
              workerData: { consolidationReplay: { gitDir, cases: share, args, available: [...available] } },
            });
            w.once('message', (m: TallyMessage) => resolve(m));
            w.once('error', reject);
            w.once('exit', (code) => {
              if (code !== 0) reject(new Error(`replay worker exited with ${code}`));
            });
          }),
      ),
    );
    for (const r of results) merge(tallies, r);
  }
  const halves: Half[] = args.half ? [args.half] : ['tune', 'heldout'];
  const seconds = (Date.now() - started) / 1000;
  const row = (name: string, f: (t: Tally) => string) =>
    console.log(`${name.padEnd(44)}${halves.map((h) => f(tallies[h]).padStart(18)).join('')}`);
  console.log(
    `consolidation replay of ${gitDir}: ${seconds.toFixed(0)} s, load average ${load0.map((x) => x.toFixed(1)).join(' ')} → ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  row('', () => '');
  console.log(`${''.padEnd(44)}${halves.map((h) => h.padStart(18)).join('')}`);
  row('reform cases (amending act in the collection)', (t) => String(t.cases));
  row('  no block for the document in the act', (t) => String(t.noBlock));
  row('  block without points', (t) => String(t.noPoints));
  row('  git changed no unit (front matter only)', (t) => String(t.unchanged));
  row('(a) units git changed', (t) => String(t.gitChanged));
  row('    reproduced exactly', (t) => `${t.reproduced} ${pct(t.reproduced, t.gitChanged)}`);
  row('(b) units the engine changed', (t) => String(t.engineChanged));
  row('    equal to the after-text', (t) => `${t.engineRight} ${pct(t.engineRight, t.engineChanged)}`);
  row('(c) commits reproduced exactly (with a block)', (t) => `${t.exact} ${pct(t.exact, t.cases - t.noBlock)}`);
  row("points in effect on the version's day", (t) => String(t.points));
  row('  (points of the block in effect later)', (t) => String(t.later));
  row('  applied', (t) => `${t.applied} ${pct(t.applied, t.points)}`);
  const reasons = new Set(halves.flatMap((h) => [...tallies[h].reasons.keys()]));
  for (const r of [...reasons].sort()) row(`  not applied: ${r}`, (t) => String(t.reasons.get(r) ?? 0));
  row('engine units checked against a fresh parse', (t) => `${t.verified - t.verifyDiffers}/${t.verified} equal`);
  row('effects: changed units targeted (recall)', (t) => `${t.effectsHit}/${t.effectsChanged} ${pct(t.effectsHit, t.effectsChanged)}`);
  row('effects: targeted units changed (precision)', (t) => `${t.effectsHit}/${t.effectsTargeted} ${pct(t.effectsHit, t.effectsTargeted)}`);
  row('effects: cases with every change targeted', (t) => `${t.effectsCases} ${pct(t.effectsCases, t.cases - t.noBlock)}`);
  const forms = [...tallies.tune.forms].sort((a, b) => b[1] - a[1]);
  if (forms.length) {
    console.log('\nunsupported instruction forms (tuning half), by frequency:');
    for (const [f, n] of forms.slice(0, Number(process.env.EVAL_FORMS ?? 40))) console.log(`${String(n).padStart(6)}  ${f}`);
  }
  if (tallies.heldout.forms.size)
    console.log(`held-out unsupported statements: ${[...tallies.heldout.forms.values()].reduce((a, b) => a + b, 0)}`);
}

const job = isMainThread
  ? null
  : (workerData as { consolidationReplay?: { gitDir: string; cases: ReformCase[]; args: Args; available: string[] } } | null)
      ?.consolidationReplay;
if (job) {
  replay(job.gitDir, job.cases, job.args, new Set(job.available))
    .then((t) => parentPort!.postMessage(toMessage(t)))
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
} else if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
