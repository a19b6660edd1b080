#!/usr/bin/env node
// `pnpm --filter @dp/db generate:sql`: writes prisma/sql/functions.sql, the functions and triggers
// in force after every migration, read back from a freshly migrated throwaway database (a schema
// on DATABASE_URL, or an embedded PostgreSQL). Needs the package built (dist). `--check` only
// compares (exit 1 when the committed file is stale).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { createScratchDatabase, dumpSqlFunctions, SQL_FUNCTIONS_PATH } = require(join(root, 'dist', 'index.js'));

const db = await createScratchDatabase({ url: process.env.DATABASE_URL });
let text;
try {
  text = await dumpSqlFunctions(db, db.schema);
} finally {
  await db.destroy();
}
let current = '';
try {
  current = readFileSync(SQL_FUNCTIONS_PATH, 'utf8');
} catch {
  // No file yet: written below, or reported stale by --check.
}
if (process.argv.includes('--check')) {
  if (current !== text) {
    process.stderr.write(`${SQL_FUNCTIONS_PATH} is stale: run \`pnpm --filter @dp/db generate:sql\`.\n`);
    process.exit(1);
  }
  process.exit(0);
}
mkdirSync(dirname(SQL_FUNCTIONS_PATH), { recursive: true });
writeFileSync(`${SQL_FUNCTIONS_PATH}.tmp`, text);
renameSync(`${SQL_FUNCTIONS_PATH}.tmp`, SQL_FUNCTIONS_PATH);
process.stdout.write(`wrote ${SQL_FUNCTIONS_PATH}\n`);
