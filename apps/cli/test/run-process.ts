import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** The built CLI, as a user runs it. */
export const CLI = join(__dirname, '..', 'dist', 'index.js');

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end without blocking this process: a blocked event loop (spawnSync)
 * cannot see a server close an idle keep-alive connection, and the next fetch would reuse the
 * dead socket. The command is killed after `timeoutMs`.
 */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs a command of the built CLI. */
export function runCli(args: string[], env: NodeJS.ProcessEnv, timeoutMs?: number): Promise<Ran> {
  return run(process.execPath, [CLI, ...args], env, timeoutMs);
}
