import type { CliIo } from '../src/command';

/** A CliIo that records what a command writes, with the environment a test gives it. */
export function captureIo(env: NodeJS.ProcessEnv): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: { write: (s: string) => (out += s), isTTY: false },
    stderr: { write: (s: string) => (err += s) },
    env,
    out: () => out,
    err: () => err,
  };
}
