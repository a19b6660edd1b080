import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '@dp/db';

describe('packageRoot', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'dp-package-root-'));
    writeFileSync(join(root, 'package.json'), '{}');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  // The corpus paths module runs from src/corpus, dist/corpus and dist-bench/src/corpus: the
  // benchmarks' copy, one level deeper, once looked for the shared corpus in the wrong place.
  it.each(['src/corpus', 'dist/corpus', 'dist-bench/src/corpus'])('finds the package from %s', (below) => {
    const dir = join(root, below);
    mkdirSync(dir, { recursive: true });
    expect(packageRoot(dir)).toBe(root);
  });
});
