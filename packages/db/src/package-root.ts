import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The nearest directory at or above `from` that holds a package.json. This package's modules run
 * from src/ (tests), dist/ and dist-bench/src/ (benchmarks): a fixed number of `..` names the
 * wrong directory in one of them.
 */
export function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return from;
  }
}

/** packages/db, wherever this module was compiled to. */
export const DB_PACKAGE_ROOT = packageRoot(__dirname);
