import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURE_CORPUS_PATH } from '@dp/db';

/** The fixture records, parsed, in file order. */
export function fixtureRecords(): Record<string, any>[] {
  return readFileSync(FIXTURE_CORPUS_PATH, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

/** Writes lines (objects are JSON-encoded, strings written as they are) to a temporary .jsonl. */
export function writeJsonl(lines: (string | object)[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'dp-corpus-'));
  const file = join(dir, 'corpus.jsonl');
  writeFileSync(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return file;
}

export async function count(db: { query<T>(sql: string, params?: unknown[]): Promise<T[]> }, sql: string, params: unknown[] = []) {
  const [row] = await db.query<{ n: number | string | bigint }>(`SELECT count(*)::int AS n FROM ${sql}`, params);
  return Number(row.n);
}

export { createTestDatabase, seedSharedCorpus, type TestDatabase } from '@dp/testing';
