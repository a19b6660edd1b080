import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runGit } from './run-git';

/**
 * The git directory of a repository given as a bare repository or as a working tree (a clone):
 * `git rev-parse --git-dir` answers for both. Throws with git's message when it is neither.
 */
export async function resolveGitDir(dir: string): Promise<string> {
  const abs = resolve(dir);
  if (!existsSync(abs)) throw new Error(`no such directory: ${abs}`);
  // A bare repository is its own git dir; a working tree has .git (a directory or a gitfile).
  const candidate = existsSync(join(abs, '.git')) ? join(abs, '.git') : abs;
  const result = await runGit(candidate, ['rev-parse', '--absolute-git-dir']);
  if (result.code !== 0) throw new Error(`not a git repository: ${abs} (${result.stderr.trim()})`);
  return result.stdout.trim();
}
