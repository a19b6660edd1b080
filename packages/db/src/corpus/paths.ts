import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DB_PACKAGE_ROOT as PACKAGE_ROOT } from '../package-root';

/** The fictional fixture corpus shipped with the package (see fixtures/README.md). */
export const FIXTURE_CORPUS_PATH = join(PACKAGE_ROOT, 'fixtures', 'corpus.jsonl');

/**
 * The real corpus sample, which is never part of the repository: CORPUS_PATH when set (an explicit
 * setting is returned even if the file is missing, so the caller's error names it), otherwise
 * `<repo root>/../shared/corpus/cz-sample.jsonl` when that exists; null when there is none.
 */
export function sharedCorpusPath(): string | null {
  const configured = process.env.CORPUS_PATH?.trim();
  if (configured) return resolve(configured);
  const repoRoot = join(PACKAGE_ROOT, '..', '..');
  const candidate = resolve(repoRoot, '..', 'shared', 'corpus', 'cz-sample.jsonl');
  return existsSync(candidate) ? candidate : null;
}
