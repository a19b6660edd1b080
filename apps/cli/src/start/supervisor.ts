import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface Service {
  name: string;
  script: string;
  env: NodeJS.ProcessEnv;
}

/** Runs each app as its own process (as in production), prefixing its log lines with its name. */
export class Supervisor {
  private readonly children = new Map<string, ChildProcess>();
  private stopping = false;

  constructor(private readonly onUnexpectedExit: (name: string, code: number | null) => void) {}

  start(service: Service): void {
    const child = spawn(process.execPath, [service.script], { env: service.env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${service.name}] ${line}\n`));
    }
    child.on('exit', (code) => {
      this.children.delete(service.name);
      if (!this.stopping) this.onUnexpectedExit(service.name, code);
    });
    this.children.set(service.name, child);
  }

  /** SIGTERM to all (each drains and flushes), SIGKILL after 10 s. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      [...this.children.values()].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  }
}
