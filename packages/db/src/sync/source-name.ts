import { basename } from 'node:path';
import { runGit } from './run-git';

/**
 * The name a sync records its state under and puts in each document's `source.repo`:
 * `owner/name` of the origin remote when it is a GitHub URL (as the corpus sample has it),
 * else the origin URL, else the repository directory's name.
 */
export async function sourceName(gitDir: string): Promise<string> {
  const result = await runGit(gitDir, ['config', '--get', 'remote.origin.url']);
  const url = result.code === 0 ? result.stdout.trim() : '';
  const github = /github\.com[/:]([^/]+\/[^/]+?)(?:\.git)?\/?$/.exec(url);
  if (github) return github[1];
  if (url) return url;
  const dir = basename(gitDir) === '.git' ? basename(gitDir.slice(0, -5)) : basename(gitDir);
  return dir.replace(/\.git$/, '');
}
