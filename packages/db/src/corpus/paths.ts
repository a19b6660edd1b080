import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The nearest directory at or above `from` that holds a package.json. This module runs from
 * src/corpus (tests), dist/corpus and dist-bench/src/corpus (benchmarks): a fixed number of `..`
 * would name the wrong directory in one of them.
 */
export function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return from;
  }
}

const PACKAGE_ROOT = packageRoot(__dirname);

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
