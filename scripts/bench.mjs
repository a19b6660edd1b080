#!/usr/bin/env node
// `pnpm bench`: compiles and runs every benchmark (<package>/bench → <package>/dist-bench/bench) in turn
// and prints their figures. Benchmarks are not tests: they assert nothing, they measure.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv[2];
// Benchmarks live in each package's bench/ (never in src/, so they never ship in dist/) and are
// compiled only here, to dist-bench/.
const built = spawnSync('pnpm', ['exec', 'turbo', 'run', 'build:bench', '--output-logs=errors-only'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) {
  process.stderr.write('Building the benchmarks failed.\n');
  process.exit(1);
}
const files = ['apps', 'packages'].flatMap((group) =>
  readdirSync(join(root, group)).flatMap((name) => {
    const dir = join(root, group, name, 'dist-bench', 'bench');
    const compiled = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.bench.js'))
          .map((f) => join(dir, f))
      : [];
    // Plain-JS benchmarks that run against dist/ sit beside them (e.g. the sync bench).
    const plainDir = join(root, group, name, 'bench');
    const plain = existsSync(plainDir)
      ? readdirSync(plainDir)
          .filter((f) => f.endsWith('.bench.mjs'))
          .map((f) => join(plainDir, f))
      : [];
    return [...compiled, ...plain];
  }),
);
if (!files.length) {
  process.stderr.write('No benchmarks found.\n');
  process.exit(1);
}
let failed = 0;
for (const file of files.filter((f) => !only || f.includes(only))) {
  process.stdout.write(`\n===== ${file.slice(root.length + 1)} =====\n`);
  const r = spawnSync(process.execPath, [file], { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: 'silent' } });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
