/**
 * Checks the questions evaluation set (question-set.ts) against the source: `pnpm eval:questions:check`.
 *
 * The acts' newest texts are read from the legalize-cz git repository at HEAD (`--git <dir>`, else
 * CORPUS_GIT_DIR, else ../data/legalize-cz.git beside the checkout or /tmp/legalize-cz.git), or
 * from a folder of its files (`--dir <dir>` holding SB-YYYY-N.md). Prints every problem and a
 * summary per half; exits 1 when there is a problem. `--json`: the summary as JSON on stdout.
 * `--write <file>`: a JSON array of questions is split by act into the two halves' files (sorted
 * by act, then as given) before the check, so no question is placed on a side by hand.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { splitHalf, type Half } from '@dp/core';
import { openBlobReader } from '@dp/db';
import { parseFrontMatter } from '@dp/db/sync/parse-front-matter';
import { runGit } from '@dp/db/sync/run-git';
import {
  checkQuestionSet,
  crossDuplicates,
  loadQuestionSet,
  questionSetPath,
  summarizeHalf,
  type ActText,
  type Problem,
  type Question,
  type QuestionSetFile,
} from './question-set';

const HALVES: Half[] = ['tune', 'heldout'];

/** `sb/2006/262` → `SB-2006-262.md`, the source's file name. */
export function sourceFileName(key: string): string {
  const [, year, n] = key.split('/');
  return `SB-${year}-${n}.md`;
}

function actFromFile(text: string): ActText {
  const parsed = parseFrontMatter(text);
  const fields = parsed.ok ? parsed.fields : {};
  return { title: fields.title ?? '', docNumber: fields.official_code ?? '', body: parsed.body };
}

/** The acts' newest texts from a folder of the source's files; null for an act it lacks. */
export function readActsFromDir(dir: string, keys: string[]): Map<string, ActText | null> {
  return new Map(
    keys.map((k) => {
      const file = join(dir, sourceFileName(k));
      return [k, existsSync(file) ? actFromFile(readFileSync(file, 'utf8')) : null];
    }),
  );
}

/** The acts' texts at the repository's HEAD (`cz/SB-YYYY-N.md`); null for an act HEAD lacks. */
export async function readActsFromGit(gitDir: string, keys: string[]): Promise<Map<string, ActText | null>> {
  const paths = keys.map((k) => `cz/${sourceFileName(k)}`);
  const listed = await runGit(gitDir, ['ls-tree', '-z', 'HEAD', '--', ...paths]);
  if (listed.code !== 0) throw new Error(`git ls-tree failed in ${gitDir}: ${listed.stderr.trim()}`);
  const blobs = new Map<string, string>();
  for (const entry of listed.stdout.split('\0').filter(Boolean)) {
    const m = /^\d+ blob ([0-9a-f]+)\t(.+)$/.exec(entry);
    if (m) blobs.set(m[2], m[1]);
  }
  const reader = openBlobReader(gitDir);
  try {
    const out = new Map<string, ActText | null>();
    for (const [i, k] of keys.entries()) {
      const blob = blobs.get(paths[i]);
      const buf = blob ? await reader.read(blob) : null;
      out.set(k, buf ? actFromFile(buf.toString('utf8')) : null);
    }
    return out;
  } finally {
    await reader.close();
  }
}

function defaultGitDir(): string | null {
  const configured = process.env.CORPUS_GIT_DIR?.trim();
  if (configured) return resolve(configured);
  const repoRoot = resolve(__dirname, '..', '..', '..', '..');
  return [join(repoRoot, '..', 'data', 'legalize-cz.git'), '/tmp/legalize-cz.git'].find((d) => existsSync(d)) ?? null;
}

const DESCRIPTIONS: Record<Half, string> = {
  tune:
    'Questions evaluation set, tuning half (#37 item 5): people’s legal questions in Czech with the provisions that answer them, ' +
    'checked against the acts’ newest source texts (pnpm eval:questions:check). Split by act with splitHalf. Tune on this half only.',
  heldout:
    'Questions evaluation set, held-out half (#37 item 5). Split by act with splitHalf. Report its aggregate figures only; ' +
    'never look at its questions or misses while building.',
};

/** Writes each half's file (written then renamed, so a failed write leaves the old file whole). */
export function writeHalves(questions: Question[], pathOf: (h: Half) => string = questionSetPath): void {
  for (const half of HALVES) {
    const mine = questions
      .map((e, i) => ({ e, i }))
      .filter(({ e }) => splitHalf(e.act) === half)
      .sort((a, b) => a.e.act.localeCompare(b.e.act) || a.i - b.i)
      .map(({ e }) => e);
    const file: QuestionSetFile = { description: DESCRIPTIONS[half], half, questions: mine };
    const path = pathOf(half);
    const body = `{\n  "description": ${JSON.stringify(file.description)},\n  "half": "${half}",\n  "questions": [\n${mine
      .map((e) => `    ${JSON.stringify(e)}`)
      .join(',\n')}\n  ]\n}\n`;
    writeFileSync(`${path}.tmp`, body);
    renameSync(`${path}.tmp`, path);
  }
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export async function main(): Promise<number> {
  const json = process.argv.includes('--json');
  const log = json ? (s: string) => console.error(s) : (s: string) => console.log(s);
  const input = argValue('--write');
  if (input) {
    writeHalves(JSON.parse(readFileSync(resolve(input), 'utf8')) as Question[]);
    log(`wrote ${HALVES.map((h) => questionSetPath(h)).join(' and ')}`);
  }
  const files = Object.fromEntries(HALVES.map((h) => [h, loadQuestionSet(h)])) as Record<Half, QuestionSetFile>;
  const keys = [...new Set(HALVES.flatMap((h) => files[h].questions.map((e) => e.act)))].sort();
  const dir = argValue('--dir');
  let acts: Map<string, ActText | null>;
  if (dir) acts = readActsFromDir(resolve(dir), keys);
  else {
    const gitDir = argValue('--git') ?? defaultGitDir();
    if (!gitDir) throw new Error('no source: pass --git <legalize-cz.git> or --dir <folder of SB-*.md>, or set CORPUS_GIT_DIR');
    acts = await readActsFromGit(gitDir, keys);
  }
  const problems: (Problem & { half: Half })[] = [];
  for (const h of HALVES) {
    if (files[h].half !== h)
      problems.push({ half: h, index: -1, q: '', kind: 'wrong_half', message: `the file says half "${files[h].half}"` });
    problems.push(...checkQuestionSet(files[h].questions, acts, h).map((p) => ({ ...p, half: h })));
  }
  problems.push(...crossDuplicates(files.tune.questions, files.heldout.questions).map((p) => ({ ...p, half: 'heldout' as const })));
  for (const p of problems) log(`${p.half} #${p.index} ${p.kind}: ${p.message}${p.half === 'tune' && p.q ? ` — ${p.q}` : ''}`);
  const summary = Object.fromEntries(HALVES.map((h) => [h, summarizeHalf(files[h].questions)]));
  const all = [...files.tune.questions, ...files.heldout.questions];
  log(
    `${all.length} questions over ${keys.length} acts; ` +
      HALVES.map((h) => `${h}: ${summary[h].questions} questions, ${summary[h].acts} acts`).join('; ') +
      `; ${problems.length} problem(s)`,
  );
  if (json) console.log(JSON.stringify({ summary, problems: problems.length }, null, 2));
  return problems.length ? 1 : 0;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
