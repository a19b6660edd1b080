import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURE_CORPUS_PATH, importCorpusFile, sharedCorpusPath, type Database, type ImportReport } from '@dp/db';
import type { TestRecordInput } from './records';

/** The report, or an error naming the first lines that failed to import. */
export function assertCleanImport(report: ImportReport, what: string): ImportReport {
  if (report.failed.length) {
    const first = report.failed
      .slice(0, 3)
      .map((f) => `line ${f.line}: ${f.error}`)
      .join('; ');
    throw new Error(`${what}: ${report.failed.length} line(s) failed to import (${first})`);
  }
  return report;
}

/** Imports the fictional fixture corpus (packages/db/fixtures/corpus.jsonl); fails on any bad line. */
export async function seedFixtureCorpus(db: Database): Promise<ImportReport> {
  return assertCleanImport(await importCorpusFile(db, FIXTURE_CORPUS_PATH), 'fixture corpus');
}

/**
 * Imports only the given documents of the real shared corpus (CORPUS_PATH, or
 * ../shared/corpus/cz-sample.jsonl beside the repository). Throws when the corpus is absent or a
 * requested natural key is not in it, so a test never runs silently against less data.
 */
export async function seedSharedCorpus(db: Database, naturalKeys: string[]): Promise<ImportReport> {
  const path = sharedCorpusPath();
  if (!path || !existsSync(path)) {
    throw new Error(`shared corpus not found${path ? ` at ${path}` : ''}: set CORPUS_PATH or place cz-sample.jsonl in ../shared/corpus/`);
  }
  const wanted = new Set(naturalKeys);
  const report = assertCleanImport(await importCorpusFile(db, path, { filter: (key) => wanted.has(key) }), 'shared corpus');
  const imported = report.created + report.updated + report.unchanged;
  if (imported !== wanted.size) {
    const rows = await db.query<{ natural_key: string }>('SELECT natural_key FROM "document" WHERE natural_key = ANY($1)', [[...wanted]]);
    const found = new Set(rows.map((r) => r.natural_key));
    const missing = [...wanted].filter((k) => !found.has(k));
    if (missing.length) throw new Error(`shared corpus has no record for: ${missing.join(', ')}`);
  }
  return report;
}

/** Imports records a test builds itself (corpus format), through the real importer; fails on any bad line. */
export async function importTestRecords(db: Database, records: readonly TestRecordInput[]): Promise<ImportReport> {
  const dir = mkdtempSync(join(tmpdir(), 'dp-test-records-'));
  try {
    const file = join(dir, 'corpus.jsonl');
    writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    return assertCleanImport(await importCorpusFile(db, file), 'test records');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const CZECH_WORDS = [
  'zákon',
  'ustanovení',
  'příslušný',
  'orgán',
  'řízení',
  'účastník',
  'smlouva',
  'povinnost',
  'právo',
  'občanský',
  'žádost',
  'rozhodnutí',
  'lhůta',
  'dotčený',
  'správní',
  'úřad',
  'čtvrtletí',
  'přílohy',
  'věcné',
  'břemeno',
  'náhrada',
  'škody',
  'ďáblův',
  'ťukot',
  'ňadro',
  'ústav',
];
/** A character outside the Basic Multilingual Plane (a surrogate pair in UTF-16, 4 bytes in UTF-8). */
export const ASTRAL_CHAR = '\u{1D518}';

/**
 * Deterministic Czech-looking text of exactly `length` UTF-16 code units (multi-byte in UTF-8:
 * most words carry diacritics), in `§ n` paragraphs. `pairsAt` places ASTRAL_CHAR so that its
 * pair starts at each of those indices, e.g. to straddle a page boundary.
 */
export function generateCzechText(length: number, options: { seed?: number; pairsAt?: number[] } = {}): string {
  let state = (options.seed ?? 1) >>> 0 || 1;
  const next = () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0);
  const parts: string[] = [];
  let size = 0;
  for (let n = 1; size < length; n++) {
    const words = Array.from({ length: 40 + (next() % 40) }, () => CZECH_WORDS[next() % CZECH_WORDS.length]);
    const paragraph = `§ ${n}\n\n${words.join(' ')}.\n\n`;
    parts.push(paragraph);
    size += paragraph.length;
  }
  const chars = parts.join('').slice(0, length).split('');
  for (const i of options.pairsAt ?? []) {
    if (i < 0 || i + 1 >= length) throw new Error(`pairsAt ${i} outside the text`);
    chars[i] = ASTRAL_CHAR[0]!;
    chars[i + 1] = ASTRAL_CHAR[1]!;
  }
  return chars.join('');
}
