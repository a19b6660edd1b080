import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { gitEnv } from './git-env';

/**
 * The ids of every object the repository holds (packed or loose), from its indexes alone. Asking
 * `cat-file` for an object a partial clone lacks can keep git busy for a long time before it
 * gives up; with this list a missing blob is known without asking.
 */
export async function listObjects(gitDir: string): Promise<Set<string>> {
  const child = spawn('git', ['--git-dir', gitDir, 'cat-file', '--batch-all-objects', '--batch-check=%(objectname)', '--unordered'], {
    env: gitEnv(),
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const exited = new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
  const ids = new Set<string>();
  for await (const line of createInterface({ input: child.stdout, crlfDelay: Infinity })) {
    if (line) ids.add(line.trim());
  }
  const code = await exited;
  if (code !== 0) throw new Error(`git cat-file --batch-all-objects failed (exit ${code})`);
  return ids;
}
