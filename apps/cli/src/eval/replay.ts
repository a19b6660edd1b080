/**
 * The driver both replay evaluations share (#35 item 4, #36 item 2): the reform cases of the
 * chosen halves, dealt by document to at most a few worker threads; each worker reads the texts
 * with its own git reader, parses each text once (a case's text after is the next case's text
 * before), reads each named amending act once through the product's own extraction
 * (`extractEffectsOfTexts` over all the act's texts, as the sync stores it) and hands every case to the evaluation's visitor, which
 * adds to named counters per half. The counters are summed across workers.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { writeFileAtomicSync } from '@dp/core';
import { loadavg } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { Half } from '@dp/core';
import { parseProvisions, splitUnits, type ParseReport, type TextUnit } from '@dp/czech-law';
import {
  amendingActs,
  effectPoints,
  extractEffectsOfTexts,
  listObjects,
  openBlobReader,
  parseFrontMatter,
  resolveGitDir,
  type EffectInput,
} from '@dp/db';
import { loadActIndex, loadTitles, type ActIndex } from './act-index';
import { inWindow, unitTexts, type DatedTargets, type UnitTexts } from './consolidation-score';
import type { EvalArgs } from './eval-args';
import { reformCases, resolveHead, type ReformCase } from './reform-cases';

/** Named counts (`cases`, `reason:text_not_found`, `form:…`), summed across workers. */
export type Counters = Map<string, number>;

export const bump = (m: Counters, k: string, n = 1): void => {
  m.set(k, (m.get(k) ?? 0) + n);
};
export const count = (m: Counters, k: string): number => m.get(k) ?? 0;

/** A text of the amended act, parsed when first needed. */
export interface ReplayText {
  blob: string;
  text: string;
  fields: Record<string, string>;
  parsed: { report: ParseReport; units: TextUnit[]; texts: UnitTexts } | null;
}

export function parsed(v: ReplayText): NonNullable<ReplayText['parsed']> {
  if (!v.parsed) {
    const report = parseProvisions(v.text);
    const units = splitUnits(v.text, report);
    v.parsed = { report, units, texts: unitTexts(units) };
  }
  return v.parsed;
}

/** What the product reads of the named amending act: its effects on each act it amends. */
export interface ActReading {
  /** False when the act's text is not in the repository (its head blob missing). */
  readable: boolean;
  byTarget: Map<string, EffectInput[]>;
  /** The act's own date (its newest front matter's `effectiveness_date`), as the sync stores it on the act. */
  effectiveFrom: string | null;
  /** The act's publication day (its newest front matter's `publication_date`): the rebuild orders acts of one day by it. */
  publishedOn?: string | null;
}

export interface CaseInput {
  c: ReformCase;
  before: ReplayText;
  after: ReplayText;
  act: ActReading;
  /** The act's effects on this document (every date). */
  effects: EffectInput[];
  /**
   * The effects the product's rebuild would apply from the text before to reach this version: those
   * dated after the text before's day and on or before the version's (rebuild.ts applies effects
   * dated after the base text's day, in order of date).
   */
  window: EffectInput[];
  /**
   * The amended document's head front matter lists the act (`full_citation_with_amendments` beyond
   * `full_citation`, or `amendments`): the sync's `source-metadata` edge, which the amendments read
   * lists with the act's own date. Not the commit's `Source-Id` (that would be circular).
   */
  listed: boolean;
  /**
   * With `--window`: the effects of every act the product knows for the document (the named one's
   * included), every date; the window measure takes those dated in the case's window. Null without it.
   */
  allActs: DatedTargets[] | null;
  /** With `--window`: the titles of the document and of the acts in `allActs`, by natural key. */
  titles?: Map<string, string> | null;
  /**
   * The act the source's commit of the text before names (the previous case's, when its text after
   * is this case's text before), null when unknown: the text holds its own act (`textLacks`).
   */
  beforeAct?: string | null;
}

export interface Visitor {
  visit(input: CaseInput, counters: Counters): void;
}

/** An evaluation: its visitor made in each worker from the run's flags. */
export type VisitorFactory = (flags: Map<string, string>) => Visitor;

/** The window's points as the engine takes them (the product's rebuild makes them so). */
export const windowPoints = (input: CaseInput) => effectPoints(input.window);

interface Share {
  module: string;
  gitDir: string;
  cases: ReformCase[];
  flags: [string, string][];
  available: string[];
  /** With `--window`: the act index's entries of the share's documents. */
  acts: [string, DatedTargets[]][] | null;
  /** With `--window`: the titles of the share's documents and of the acts on them. */
  titles: [string, string][] | null;
}

async function replayShare(share: Share): Promise<Record<Half, [string, number][]>> {
  const factory = ((await import(share.module)) as { visitor: VisitorFactory }).visitor;
  const visitor = factory(new Map(share.flags));
  const reader = openBlobReader(share.gitDir, new Set(share.available));
  const counters: Record<Half, Counters> = { tune: new Map(), heldout: new Map() };
  const acts = new Map<string, ActReading>();
  const actIndex: ActIndex | null = share.acts ? new Map(share.acts) : null;
  const titles = share.titles ? new Map(share.titles) : null;
  const readFile = async (blob: string | null) => {
    if (!blob) return null;
    const b = await reader.read(blob);
    if (!b) return null;
    const file = parseFrontMatter(b.toString('utf8'));
    return { body: file.body, fields: file.ok ? file.fields : {} };
  };
  const actOf = async (c: ReformCase): Promise<ActReading> => {
    let act = acts.get(c.sourceKey);
    if (!act) {
      const files = (await Promise.all(c.sourceBlobs.map((b) => readFile(b)))).filter((f) => f !== null);
      const newest = files[files.length - 1];
      act = {
        readable: newest !== undefined,
        byTarget: new Map(),
        effectiveFrom: newest?.fields.effectiveness_date ?? null,
        publishedOn: newest?.fields.publication_date ?? null,
      };
      if (newest) {
        const read = extractEffectsOfTexts(
          files.map((f) => f.body),
          {
            naturalKey: c.sourceKey,
            publishedOn: newest.fields.publication_date ?? null,
            effectiveFrom: newest.fields.effectiveness_date ?? null,
          },
        );
        for (const e of read.effects) {
          const list = act.byTarget.get(e.targetKey);
          if (list) list.push(e);
          else act.byTarget.set(e.targetKey, [e]);
        }
      }
      acts.set(c.sourceKey, act);
    }
    return act;
  };
  const runGroup = async (group: ReformCase[]) => {
    const blobs = [...new Set(group.flatMap((c) => [c.beforeBlob, c.afterBlob]).filter((b): b is string => !!b))];
    const files = new Map<string, Awaited<ReturnType<typeof readFile>>>();
    await Promise.all(blobs.map(async (b) => files.set(b, await readFile(b))));
    let prev: ReplayText | null = null;
    let prevCase: ReformCase | null = null;
    const head = group[0].headBlob ? await readFile(group[0].headBlob) : null;
    const listedActs = new Set(
      head
        ? amendingActs(head.fields.full_citation, head.fields.full_citation_with_amendments, group[0].amendedKey, head.fields.amendments)
        : [],
    );
    for (const c of group) {
      const beforeFile = c.beforeBlob ? files.get(c.beforeBlob) : null;
      const afterFile = files.get(c.afterBlob);
      if (!beforeFile || !afterFile) {
        bump(counters[c.half], 'unreadable');
        continue;
      }
      const before: ReplayText =
        prev && prev.blob === c.beforeBlob ? prev : { blob: c.beforeBlob!, text: beforeFile.body, fields: beforeFile.fields, parsed: null };
      const after: ReplayText = { blob: c.afterBlob, text: afterFile.body, fields: afterFile.fields, parsed: null };
      prev = after;
      const beforeAct = prevCase && prevCase.afterBlob === c.beforeBlob ? prevCase.sourceKey : null;
      prevCase = c;
      const act = await actOf(c);
      const effects = act.byTarget.get(c.amendedKey) ?? [];
      const from = c.beforeDate ?? '';
      const window = effects.filter((e) => inWindow(e.effectiveFrom, from, c.date));
      const allActs = actIndex ? (actIndex.get(c.amendedKey) ?? []) : null;
      visitor.visit(
        { c, before, after, act, effects, window, listed: listedActs.has(c.sourceKey), allActs, titles, beforeAct },
        counters[c.half],
      );
    }
  };
  try {
    let group: ReformCase[] = [];
    for (const c of share.cases) {
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
  return { tune: [...counters.tune], heldout: [...counters.heldout] };
}

/**
 * The cases, from the history or from a list a previous run wrote (`--cases-cache FILE`, for
 * quick reruns while tuning; keep it out of the repository, e.g. in /tmp).
 */
async function loadCases(gitDir: string, cache: string | undefined): Promise<ReformCase[]> {
  if (cache && existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as ReformCase[];
  const all: ReformCase[] = [];
  for await (const c of reformCases(gitDir)) all.push(c);
  if (cache) writeFileAtomicSync(cache, JSON.stringify(all));
  return all;
}

/** The cases of the run: the halves, every `sample`-th document, the first `docs` documents. */
function selectCases(all: ReformCase[], halves: Half[], sample: number, docs: number): ReformCase[] {
  const out: ReformCase[] = [];
  let current: string | null = null;
  let seen = 0;
  let taken = 0;
  let take = false;
  for (const c of all) {
    if (!halves.includes(c.half)) continue;
    if (c.amendedKey !== current) {
      current = c.amendedKey;
      take = seen++ % sample === 0 && ++taken <= docs;
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
  return shares.filter((s) => s.length > 0);
}

export interface ReplayRun {
  gitDir: string;
  counters: Record<Half, Counters>;
  seconds: number;
  /** CPU seconds of the process, worker threads included (the wall time depends on the machine's load). */
  cpuSeconds: number;
  /** The load average (1, 5, 15 min) at the start and at the end. */
  loadBefore: number[];
  loadAfter: number[];
  head: string;
  /** With `--window`: the reader version that built the act index (a cache may be older: `--acts-any-reader`). */
  actIndexReader: number | null;
}

/**
 * Runs an evaluation (`module`: the compiled file that exports its `visitor` factory) over the
 * cases of the chosen halves with at most `--workers` threads (default and ceiling 2: the replay
 * shares the machine).
 */
/** `--doc sb/2005/132` (or several, comma-separated): the sample's cases of those documents only (a quick look while tuning). */
export function docFilter(flag: string | undefined): (key: string) => boolean {
  if (flag === undefined) return () => true;
  const keys = new Set(flag.split(',').map((k) => k.trim()));
  return (key) => keys.has(key);
}

export interface ReplayOptions {
  /** With `--window`: the evaluation applies the other acts' effects, so the act index must carry their points. */
  actPoints?: boolean;
}

export async function runReplay(module: string, args: EvalArgs, options: ReplayOptions = {}): Promise<ReplayRun> {
  const gitDir = await resolveGitDir(args.gitDir);
  const started = Date.now();
  const cpu0 = process.cpuUsage();
  const loadBefore = loadavg();
  const sample = Number(args.flags.get('sample') ?? 1);
  const docs = Number(args.flags.get('docs') ?? Infinity);
  const workers = Math.min(2, Math.max(1, Number(args.flags.get('workers') ?? 2)));
  const all = await loadCases(gitDir, args.flags.get('cases-cache'));
  const head = await resolveHead(gitDir);
  const only = docFilter(args.flags.get('doc'));
  const cases = selectCases(all, args.halves, sample, docs).filter((c) => only(c.amendedKey));
  for (const flag of ['misses', 'window-misses']) {
    const file = args.flags.get(flag);
    if (file) writeFileSync(file, '');
  }
  const available = [...(await listObjects(gitDir))];
  const flags = [...args.flags];
  const shares = deal(cases, workers);
  // `--window`: every act the product knows for each document (`--acts-cache FILE` keeps the index).
  const loaded = args.flags.has('window')
    ? await loadActIndex(
        gitDir,
        head,
        new Set(available),
        args.flags.get('acts-cache'),
        args.flags.has('acts-any-reader'),
        options.actPoints,
      )
    : null;
  const index = loaded?.index ?? null;
  const titles = index
    ? await loadTitles(
        gitDir,
        head,
        new Set(available),
        new Set(cases.flatMap((c) => [c.amendedKey, ...(index.get(c.amendedKey) ?? []).map((e) => e.act)])),
      )
    : null;
  const titlesOf = (share: ReformCase[]) =>
    titles
      ? [...new Set(share.flatMap((c) => [c.amendedKey, ...(index!.get(c.amendedKey) ?? []).map((e) => e.act)]))].flatMap(
          (k): [string, string][] => (titles.has(k) ? [[k, titles.get(k)!]] : []),
        )
      : null;
  const indexOf = (share: ReformCase[]) =>
    index ? [...new Set(share.map((c) => c.amendedKey))].map((k): [string, DatedTargets[]] => [k, index.get(k) ?? []]) : null;
  const results = await Promise.all(
    shares.map(
      (share) =>
        new Promise<Record<Half, [string, number][]>>((resolve, reject) => {
          const w = new Worker(__filename, {
            workerData: {
              replayShare: {
                module,
                gitDir,
                cases: share,
                flags,
                available,
                acts: indexOf(share),
                titles: titlesOf(share),
              } satisfies Share,
            },
          });
          w.once('message', resolve);
          w.once('error', reject);
          w.once('exit', (code) => {
            if (code !== 0) reject(new Error(`replay worker exited with ${code}`));
          });
        }),
    ),
  );
  const counters: Record<Half, Counters> = { tune: new Map(), heldout: new Map() };
  for (const r of results) for (const h of ['tune', 'heldout'] as Half[]) for (const [k, v] of r[h]) bump(counters[h], k, v);
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return {
    gitDir,
    counters,
    seconds: (Date.now() - started) / 1000,
    cpuSeconds,
    loadBefore,
    loadAfter: loadavg(),
    head,
    actIndexReader: loaded?.readerVersion ?? null,
  };
}

/** A row of miss details for tuning (`--misses FILE`, or the file of another flag): only ever of the tuning half. */
export function writeMiss(flags: Map<string, string>, c: ReformCase, row: object, flag = 'misses'): void {
  const file = flags.get(flag);
  if (file && c.half === 'tune')
    appendFileSync(file, `${JSON.stringify({ commit: c.commit, doc: c.amendedKey, act: c.sourceKey, ...row })}\n`);
}

/** The run's header line and a printer of rows with one column per half. */
export function printer(run: ReplayRun, halves: Half[], title: string) {
  const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(' ');
  console.log(
    `${title} of ${run.gitDir} at ${run.head.slice(0, 12)}: ${run.seconds.toFixed(0)} s (${run.cpuSeconds.toFixed(0)} s of CPU), load average ${load(run.loadBefore)} → ${load(run.loadAfter)}`,
  );
  console.log(`${''.padEnd(52)}${halves.map((h) => h.padStart(20)).join('')}`);
  return (name: string, f: (c: Counters) => string) =>
    console.log(`${name.padEnd(52)}${halves.map((h) => f(run.counters[h]).padStart(20)).join('')}`);
}

export const ratio = (a: number, b: number): string => `${a}/${b} ${b ? (a / b).toFixed(4) : '-'}`;

const job = isMainThread ? null : (workerData as { replayShare?: Share } | null)?.replayShare;
if (job) {
  replayShare(job)
    .then((r) => parentPort!.postMessage(r))
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
