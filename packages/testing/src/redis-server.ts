import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from '@dp/core';

/**
 * A redis-server of the test's own on a free port (never the machine's 6379), so a test can
 * kill, pause and restart it. Needs `redis-server` on PATH.
 */
export class TestRedisServer {
  private child?: ChildProcess;
  port = 0;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    if (!this.port) this.port = await freePort();
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      {
        stdio: 'ignore',
      },
    );
    child.on('error', () => {});
    this.child = child;
    const until = Date.now() + 10_000;
    while (!(await answers(this.port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited (code ${child.exitCode}) on port ${this.port}`);
      if (Date.now() > until) throw new Error(`redis-server did not start on port ${this.port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return this;
  }

  /** SIGKILL: connections drop at once. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    if (this.paused) child.kill('SIGCONT');
    this.paused = false;
    child.kill('SIGKILL');
    await exited;
  }

  private paused = false;

  /** SIGSTOP: connections stay open and nothing answers (a hung server). */
  pause(): void {
    this.child?.kill('SIGSTOP');
    this.paused = true;
  }

  resume(): void {
    this.child?.kill('SIGCONT');
    this.paused = false;
  }

  stop(): Promise<void> {
    return this.kill();
  }
}

/** Whether a PING gets PONG. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}
