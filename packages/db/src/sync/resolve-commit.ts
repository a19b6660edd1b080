import { runGit } from './run-git';

/** The full id of a commit named by any revision (`HEAD`, `main`, `HEAD~10`, an abbreviated id). */
export async function resolveCommit(gitDir: string, revision: string): Promise<string> {
  if (revision.startsWith('-')) throw new Error(`not a revision: ${revision}`);
  const result = await runGit(gitDir, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{commit}`]);
  const sha = result.stdout.trim();
  if (result.code !== 0 || !/^[0-9a-f]{40,64}$/.test(sha)) throw new Error(`unknown commit: ${revision}`);
  return sha;
}
