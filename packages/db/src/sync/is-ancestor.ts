import { runGit } from './run-git';

/** Whether `ancestor` is `descendant` or one of its ancestors (false also when git does not know it). */
export async function isAncestor(gitDir: string, ancestor: string, descendant: string): Promise<boolean> {
  const result = await runGit(gitDir, ['merge-base', '--is-ancestor', ancestor, descendant]);
  return result.code === 0;
}
