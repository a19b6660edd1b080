import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Secrets that must survive restarts (sessions, internal tokens), generated once per machine. */
export function localSecrets(dataDir: string): { internal: string; session: string } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { internal: string; session: string };
  const secrets = { internal: randomBytes(32).toString('hex'), session: randomBytes(32).toString('hex') };
  // Written then renamed: a crash mid-write never leaves a half file that every later start reads.
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(secrets), { mode: 0o600 });
  renameSync(partial, file);
  return secrets;
}
