import { execFile } from 'node:child_process';
import { gitEnv } from './git-env';

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** One short git command (rev-parse, merge-base, config): output collected, never thrown on exit code. */
export function runGit(gitDir: string, args: string[]): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    execFile('git', ['--git-dir', gitDir, ...args], { env: gitEnv(), maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') {
        reject(error instanceof Error ? error : new Error('git could not be run')); // git itself could not be run
        return;
      }
      resolve({ code: error ? Number(error.code) : 0, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}
