import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { eventually } from './eventually';

/** The built entry point of an app (`apps/<name>/dist/index.js`), as production runs it. */
export function appEntry(name: 'api' | 'x402-gateway' | 'portal' | 'mcp-http' | 'webhook-worker' | 'cli'): string {
  return join(__dirname, '..', '..', '..', 'apps', name, 'dist', 'index.js');
}

export interface AppProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  url: string;
  /** stdout and stderr so far, interleaved as they arrived. */
  output(): string;
  /** SIGTERM (the app drains and flushes, as in production), resolving with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Runs a built app as its own process on `port` (its port setting must be in `env`) and resolves
 * once its `/readyz` answers 200; rejects with the output when it exits or times out first.
 */
export async function startAppProcess(
  script: string,
  port: number,
  env: NodeJS.ProcessEnv,
  options: { args?: string[]; timeoutMs?: number } = {},
): Promise<AppProcess> {
  const child = spawn(process.execPath, [script, ...(options.args ?? [])], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const app: AppProcess = {
    child,
    url,
    output: () => out,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exit;
    },
  };
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`${script} exited early (code ${child.exitCode}):\n${out}`);
        const ready = await fetch(`${url}/readyz`).then(
          async (r) => {
            await r.arrayBuffer();
            return r.status === 200;
          },
          () => false,
        );
        return ready ? true : undefined;
      },
      { what: () => `${script} to answer /readyz:\n${out}`, timeoutMs: options.timeoutMs ?? 30_000, intervalMs: 100 },
    );
  } catch (err) {
    await app.stop();
    throw err;
  }
  return app;
}
