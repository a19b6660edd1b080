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
  /** Restart delays once supervising: doubling from `initialMs` up to `maxMs`, back to `initialMs` after `stableMs` of running. */
  backoff?: { initialMs: number; maxMs: number; stableMs: number };
}

/** An app's process that ended while nothing asked it to. */
export interface ExitEvent {
  app: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set once supervising: the app starts again after this delay, as its `restart`-th restart in a row. */
  restart?: { attempt: number; delayMs: number };
}

const DEFAULT_BACKOFF = { initialMs: 1_000, maxMs: 30_000, stableMs: 60_000 };

/**
 * The terminal's line for an exit: the supervisor's own words, as one structured record (JSON with
 * `LOG_FORMAT=json`, where every line is; otherwise `key=value` fields after the message).
 */
export function exitLine(event: ExitEvent, format: 'human' | 'json', source: string): string {
  const msg = event.restart ? 'app exited unexpectedly; restarting' : 'app exited unexpectedly; stopping';
  const fields = {
    app: event.app,
    code: event.code,
    signal: event.signal,
    ...(event.restart ? { restart: event.restart.attempt, delay_ms: event.restart.delayMs } : {}),
  };
  if (format === 'json') return JSON.stringify({ level: 40, time: Date.now(), name: source, msg, ...fields });
  const pairs = Object.entries(fields).map(([k, v]) => `${k}=${v ?? '-'}`);
  return `[${source}] ${msg}: ${pairs.join(' ')}`;
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

/**
 * Runs each app as its own process (as in production); logs go to a file per app, or to stdout.
 * Until `supervise()`, an app that exits is the caller's to handle (start-up fails as a whole);
 * after it, such an app is started again with backoff, as a process supervisor would, so one
 * crashed app does not stop the product.
 */
export class Supervisor {
  private readonly children = new Map<string, ChildProcess>();
  private readonly files = new Map<string, WriteStream>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly attempts = new Map<string, number>();
  private stopping = false;
  private supervising = false;
  private readonly out: (line: string) => void;
  private readonly backoff: { initialMs: number; maxMs: number; stableMs: number };

  constructor(
    private readonly onUnexpectedExit: (event: ExitEvent) => void,
    private readonly options: SupervisorOptions = {},
  ) {
    this.out = options.out ?? ((line) => process.stdout.write(`${line}\n`));
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    if (options.logDir) mkdirSync(options.logDir, { recursive: true });
  }

  /** From now on an app that exits unexpectedly is restarted (each exit still reported). */
  supervise(): void {
    this.supervising = true;
  }

  /** The app's process id while it runs. */
  pid(name: string): number | undefined {
    return this.children.get(name)?.pid;
  }

  start(service: Service): void {
    const logFile = this.options.logDir ? join(this.options.logDir, `${service.name}.log`) : undefined;
    // The app writes its own log file (asynchronously, no pipe in between); its stdout then
    // carries only warnings and errors, summarised for the terminal.
    const env = logFile ? { ...service.env, LOG_FILE: logFile } : service.env;
    const child = spawn(process.execPath, [service.script, ...(service.args ?? [])], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const startedAt = Date.now();
    let file = this.files.get(service.name);
    if (!file && logFile) {
      file = createWriteStream(logFile, { flags: 'a', mode: 0o600 });
      this.files.set(service.name, file);
    }
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
    child.on('exit', (code, signal) => {
      this.children.delete(service.name);
      if (this.stopping) return;
      if (!this.supervising) return this.onUnexpectedExit({ app: service.name, code, signal });
      // A run long enough to count as healthy starts the backoff over.
      const attempt = Date.now() - startedAt >= this.backoff.stableMs ? 1 : (this.attempts.get(service.name) ?? 0) + 1;
      this.attempts.set(service.name, attempt);
      const delayMs = Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** (attempt - 1));
      this.onUnexpectedExit({ app: service.name, code, signal, restart: { attempt, delayMs } });
      this.timers.set(
        service.name,
        setTimeout(() => {
          this.timers.delete(service.name);
          if (!this.stopping) this.start(service);
        }, delayMs),
      );
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
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
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
    await Promise.all([...this.files.values()].map((f) => new Promise<void>((resolve) => f.end(() => resolve()))));
  }
}
