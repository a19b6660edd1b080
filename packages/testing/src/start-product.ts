import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '@dp/core';
import { eventually } from './eventually';

/** The banner's demo key line, on the start that made the key (later starts never show it). */
export const DEMO_KEY_LINE = /Demo API key.*: (dp_live_\w+)/;
/** The banner's last line: `start` prints the banner once every app answers its readiness check. */
const BANNER_END = 'Press Ctrl+C to stop.';

type PortSetting =
  | 'PUBLIC_PORT'
  | 'API_PORT'
  | 'GATEWAY_PORT'
  | 'PORTAL_PORT'
  | 'MCP_HTTP_PORT'
  | 'WEBHOOK_WORKER_PORT'
  | 'FOLLOW_PORT'
  | 'EMBEDDED_DB_PORT';
export type StartEnv = NodeJS.ProcessEnv & Record<PortSetting, string>;

/** `start`'s environment as a user's: development mode, a data directory, a corpus, a free port for every app. */
export async function startEnv(options: { dataDir: string; corpusPath: string; extra?: Record<string, string> }): Promise<StartEnv> {
  const [pub, api, gw, portal, mcp, worker, follow, db] = await Promise.all(Array.from({ length: 8 }, () => freePort()));
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    DATA_DIR: options.dataDir,
    CORPUS_PATH: options.corpusPath,
    ...options.extra,
    PUBLIC_PORT: String(pub),
    API_PORT: String(api),
    GATEWAY_PORT: String(gw),
    PORTAL_PORT: String(portal),
    MCP_HTTP_PORT: String(mcp),
    WEBHOOK_WORKER_PORT: String(worker),
    FOLLOW_PORT: String(follow),
    EMBEDDED_DB_PORT: String(db),
  };
}

export interface StartedProduct {
  child: ChildProcess;
  /** stdout and stderr so far, interleaved as they arrived. */
  output(): string;
  /** The output up to the banner's end; rejects if `start` exits (or times out) first. */
  banner: Promise<string>;
  /** The demo key the banner printed (a start that made one: the first, or `--new-demo-key`). */
  demoKey(): string;
  exit: Promise<number | null>;
  /** SIGINT (as Ctrl-C), resolving with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Runs the built CLI's `start` (`cli` is its dist entry: this package does not depend on apps)
 * until its banner. `banner` never rejects unhandled, so callers expecting an early exit need not await it.
 */
export function startProduct(cli: string, env: NodeJS.ProcessEnv, options: { timeoutMs?: number; args?: string[] } = {}): StartedProduct {
  const child = spawn(process.execPath, [cli, 'start', ...(options.args ?? [])], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const banner = eventually(
    () => {
      if (out.includes(BANNER_END)) return out;
      if (child.exitCode !== null) throw new Error(`start exited early:\n${out}`);
      return undefined;
    },
    { what: () => `start to come up:\n${out}`, timeoutMs: options.timeoutMs ?? 90_000, intervalMs: 100 },
  );
  banner.catch(() => {});
  return {
    child,
    output: () => out,
    banner,
    demoKey() {
      const found = DEMO_KEY_LINE.exec(out);
      if (!found) throw new Error(`no demo key in the output:\n${out}`);
      return found[1];
    },
    exit,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      return exit;
    },
  };
}
