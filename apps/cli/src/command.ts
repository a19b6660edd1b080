/** Where a command writes and what environment it reads: the process's, or a test's. */
export interface CliIo {
  stdout: { write(chunk: string): unknown; isTTY?: boolean; columns?: number };
  stderr: { write(chunk: string): unknown };
  env: NodeJS.ProcessEnv;
}

export interface Command {
  /** One line for `--help`. */
  description: string;
  /** Synopsis, e.g. `import <file.jsonl>`. */
  usage?: string;
  /** Resolves to the process exit code. Throwing UsageError exits 2, any other error 1. */
  run(args: string[], io: CliIo): Promise<number>;
}

/** Wrong or missing arguments: the dispatcher prints the message with the usage and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env };
}
