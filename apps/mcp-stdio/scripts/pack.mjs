#!/usr/bin/env node
/**
 * Packs the stdio MCP server as one installable npm package with a bin and no dependencies:
 * esbuild bundles src/index.ts with the workspace packages it uses (@dp/mcp, @dp/sdk with
 * openapi-fetch, @dp/core) and the MCP SDK into one file, so the tarball installs anywhere Node 20
 * runs, without this repository.
 *
 *   node apps/mcp-stdio/scripts/pack.mjs [out-dir]     → prints the tarball's path
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = resolve(process.argv[2] ?? join(appDir, 'dist-pack'));
const own = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8'));
const stage = mkdtempSync(join(tmpdir(), 'dp-legal-mcp-pack-'));
const BIN = 'dp-legal-mcp';

try {
  await build({
    entryPoints: [join(appDir, 'src', 'index.ts')],
    outfile: join(stage, 'dist', `${BIN}.js`),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // The source's own shebang is kept by esbuild at the top of the bundle.
    legalComments: 'none',
    sourcemap: false,
    logLevel: 'warning',
    // Optional native speed-ups some dependencies try to load; their pure-JS paths are used.
    external: ['pg-native', 'bufferutil', 'utf-8-validate'],
    // The workspace packages are TypeScript sources here: bundle those, not their dist.
    alias: {
      '@dp/mcp': join(appDir, '..', '..', 'packages', 'mcp', 'src'),
      '@dp/sdk': join(appDir, '..', '..', 'packages', 'sdk', 'src'),
      '@dp/core': join(appDir, '..', '..', 'packages', 'core', 'src'),
    },
  });
  writeFileSync(
    join(stage, 'package.json'),
    `${JSON.stringify(
      {
        name: BIN,
        version: own.version,
        description: 'MCP server (stdio) for the Legal Documents Data API: search, read and cite Czech law from an LLM host.',
        license: 'UNLICENSED',
        bin: { [BIN]: `dist/${BIN}.js` },
        files: ['dist'],
        engines: { node: '>=20' },
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(
    join(stage, 'README.md'),
    `# ${BIN}\n\nThe Legal Documents Data API's MCP tools over stdio. Set \`SERVICE_API_KEY\` (your API key) and\n\`SERVICE_BASE_URL\` (the API's origin), then let the LLM host run \`${BIN}\`.\n`,
  );
  mkdirSync(outDir, { recursive: true });
  const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', outDir], { cwd: stage, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  process.stdout.write(`${join(outDir, name)}\n`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
