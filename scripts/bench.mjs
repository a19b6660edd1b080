#!/usr/bin/env node
// `pnpm bench`: runs every compiled benchmark (apps/*/dist/bench, packages/*/dist/bench) in turn
// and prints their figures. Benchmarks are not tests: they assert nothing, they measure.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv[2];
const files = ['apps', 'packages'].flatMap((group) =>
  readdirSync(join(root, group)).flatMap((name) => {
    const dir = join(root, group, name, 'dist', 'bench');
    const compiled = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.bench.js'))
          .map((f) => join(dir, f))
      : [];
    // Plain-JS benchmarks that run against dist/ live in <package>/bench (e.g. the sync bench).
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
  process.stderr.write('No compiled benchmarks found: run `npm run setup` (or pnpm build) first.\n');
  process.exit(1);
}
let failed = 0;
for (const file of files.filter((f) => !only || f.includes(only))) {
  process.stdout.write(`\n===== ${file.slice(root.length + 1)} =====\n`);
  const r = spawnSync(process.execPath, [file], { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: 'silent' } });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
