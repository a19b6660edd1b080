import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface AtomicWriteOptions {
  /** File mode of the new file (default 0o600: what we write is often secret). */
  mode?: number;
}

/** A sibling temporary name: same directory (rename is atomic only within a file system), never matching the target's extension. */
function temporaryPath(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/**
 * Writes a file others read (mail outbox, server state) so that a reader sees either no file or
 * the whole of it, never a half-written one: write a temporary sibling, then rename it over the
 * target (atomic on POSIX file systems).
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const tmp = temporaryPath(path);
  try {
    await writeFile(tmp, data, { mode: options.mode ?? 0o600 });
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** writeFileAtomic for synchronous start-up code. */
export function writeFileAtomicSync(path: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  const tmp = temporaryPath(path);
  try {
    writeFileSync(tmp, data, { mode: options.mode ?? 0o600 });
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
