import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface Service {
  name: string;
  script: string;
  /** Arguments after the script (the CLI's `follow`). */
  args?: string[];
  env: NodeJS.ProcessEnv;
}

export interface SupervisorOptions {
  /** JSON log lines go to `<logDir>/<app>.log`; unset, they go to stdout as they are. */
  logDir?: string;
  /** Where the terminal lines go. */
  out?: (line: string) => void;
}

const LEVEL_NAMES: Record<number, string> = { 40: 'warning', 50: 'error', 60: 'fatal' };

interface LogRecord {
  level?: number;
  msg?: string;
  requestId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  err?: { message?: string };
}

/**
 * The terminal's share of an app's JSON log: warnings and errors as one short human line (the
 * request logs stay in the file). Lines that are not JSON (start-up failures) pass as they are.
 */
export function summariseLogLine(line: string): string | undefined {
  if (!line.startsWith('{')) return line;
  let record: LogRecord;
  try {
    record = JSON.parse(line) as LogRecord;
  } catch {
    return line;
  }
  const level = record.level ?? 30;
  if (level < 40) return undefined;
  const parts = [`${LEVEL_NAMES[Math.min(60, Math.floor(level / 10) * 10)] ?? 'warning'}: ${record.msg ?? ''}`];
  if (record.req?.method)
    parts.push(`${record.req.method} ${record.req.url ?? ''}${record.res?.statusCode ? ` → ${record.res.statusCode}` : ''}`);
  if (record.err?.message) parts.push(record.err.message);
  if (record.requestId) parts.push(`(${record.requestId})`);
  return parts.join(' ');
}

/** Runs each app as its own process (as in production); logs go to a file per app, or to stdout. */
export class Supervisor {
  private readonly children = new Map<string, ChildProcess>();
  private readonly files: WriteStream[] = [];
  private stopping = false;
  private readonly out: (line: string) => void;

  constructor(
    private readonly onUnexpectedExit: (name: string, code: number | null) => void,
    private readonly options: SupervisorOptions = {},
  ) {
    this.out = options.out ?? ((line) => process.stdout.write(`${line}\n`));
    if (options.logDir) mkdirSync(options.logDir, { recursive: true });
  }

  start(service: Service): void {
    const logFile = this.options.logDir ? join(this.options.logDir, `${service.name}.log`) : undefined;
    // The app writes its own log file (asynchronously, no pipe in between); its stdout then
    // carries only warnings and errors, summarised for the terminal.
    const env = logFile ? { ...service.env, LOG_FILE: logFile } : service.env;
    const child = spawn(process.execPath, [service.script, ...(service.args ?? [])], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const file = logFile ? createWriteStream(logFile, { flags: 'a', mode: 0o600 }) : undefined;
    if (file) this.files.push(file);
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!file) return this.out(`[${service.name}] ${line}`);
      const summary = summariseLogLine(line);
      // Lines an app already prefixed with its name are shown as they are.
      if (summary !== undefined) this.out(summary.startsWith(`[${service.name}] `) ? summary : `[${service.name}] ${summary}`);
    });
    // stderr carries start-up failures (one line each): always shown, and kept in the file.
    createInterface({ input: child.stderr }).on('line', (line) => {
      file?.write(`${line}\n`);
      this.out(`[${service.name}] ${line}`);
    });
    child.on('exit', (code) => {
      this.children.delete(service.name);
      if (!this.stopping) this.onUnexpectedExit(service.name, code);
    });
    this.children.set(service.name, child);
  }

  /** Whether the app's process still runs. */
  running(name: string): boolean {
    return this.children.has(name);
  }

  /** SIGTERM to all (each drains and flushes), SIGKILL after 10 s. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      [...this.children.values()].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    await Promise.all(this.files.map((f) => new Promise<void>((resolve) => f.end(() => resolve()))));
  }
}
