// Runs `prisma generate` offline: the Prisma client and Kysely's table types (prisma-kysely). Prisma
// only needs PRISMA_SCHEMA_ENGINE_BINARY to name an existing file to skip downloading a schema engine
// that generate does not use; node's own binary will do.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
// Generators other than the client are found by name on PATH (as `pnpm run` would set it).
env.PATH = [join(root, 'node_modules', '.bin'), env.PATH].filter(Boolean).join(delimiter);
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}
const cli = join(root, 'node_modules', 'prisma', 'build', 'index.js');
const result = spawnSync(process.execPath, [cli, 'generate', '--schema', join(root, 'prisma', 'schema.prisma')], {
  cwd: root,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
process.exit(result.status ?? 1);
