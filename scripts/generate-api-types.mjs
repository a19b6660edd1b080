#!/usr/bin/env node
// `pnpm generate:api-types`: the /v1 types every TypeScript client of the API uses, generated from
// the OpenAPI document as it is served (the routes and schemas declared in packages/core/src/contract,
// the error table and the prose of docs/openapi*.yaml) by openapi-typescript. `--check` only compares (exit 1 when the committed file is stale).
import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { loadOpenApiDocument } = require(join(root, 'packages/core/dist/openapi.js'));
const target = join(root, 'packages/core/src/generated/v1.ts');

const header = `// Generated from the OpenAPI document (docs/openapi*.yaml + packages/core/src/contract) by
// \`pnpm generate:api-types\`; do not edit. packages/core/test/v1-types.test.ts fails when it is stale.
`;
const ast = await openapiTS(loadOpenApiDocument(), { alphabetize: true });
// Formatted as the repository formats TypeScript, so the check compares like with like.
const source = await prettier.format(header + astToString(ast), { ...(await prettier.resolveConfig(target)), filepath: target });

let current = '';
try {
  current = readFileSync(target, 'utf8');
} catch {
  // No file yet: generated below, or reported stale by --check.
}
if (process.argv.includes('--check')) {
  if (current !== source) {
    process.stderr.write(`${target} is stale: run \`pnpm generate:api-types\`.\n`);
    process.exit(1);
  }
  process.exit(0);
}
writeFileSync(`${target}.tmp`, source);
renameSync(`${target}.tmp`, target);
process.stdout.write(`wrote ${target}\n`);
