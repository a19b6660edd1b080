import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@dp/core';
import { eventually } from '@dp/testing';
import { exitLine, Supervisor, type ExitEvent } from '../src/start/supervisor';

/** A stand-in app: answers its pid on PORT, as any app serves its port. */
const APP = `require('node:http').createServer((_req, res) => res.end(String(process.pid))).listen(Number(process.env.PORT), '127.0.0.1');\n`;

async function pidServing(port: number): Promise<number | undefined> {
  try {
    return Number(await (await fetch(`http://127.0.0.1:${port}/`)).text());
  } catch {
    return undefined;
  }
}

describe('the supervisor of start and cluster', () => {
  let dir: string;
  let script: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dp-supervisor-'));
    script = join(dir, 'app.js');
    writeFileSync(script, APP);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('once supervising, a killed app comes back and serves, each exit said in one structured line, with growing delays', async () => {
    const port = await freePort();
    const events: ExitEvent[] = [];
    const terminal: string[] = [];
    const supervisor = new Supervisor((e) => events.push(e), {
      out: (line) => terminal.push(line),
      backoff: { initialMs: 50, maxMs: 400, stableMs: 60_000 },
    });
    try {
      supervisor.start({ name: 'app', script, env: { ...process.env, PORT: String(port) } });
      const first = await eventually(() => pidServing(port), { what: 'the app to serve' });
      supervisor.supervise();

      process.kill(first, 'SIGKILL');
      const second = await eventually(async () => (((await pidServing(port)) ?? first) !== first ? pidServing(port) : undefined), {
        what: 'the app to come back',
      });
      expect(second).not.toBe(first);
      expect(supervisor.pid('app')).toBe(second);

      process.kill(second, 'SIGKILL');
      await eventually(async () => (((await pidServing(port)) ?? second) !== second ? true : undefined), {
        what: 'the app to come back again',
      });
      expect(events).toEqual([
        { app: 'app', code: null, signal: 'SIGKILL', restart: { attempt: 1, delayMs: 50 } },
        { app: 'app', code: null, signal: 'SIGKILL', restart: { attempt: 2, delayMs: 100 } },
      ]);
      expect(exitLine(events[0], 'human', 'start')).toBe(
        '[start] app exited unexpectedly; restarting: app=app code=- signal=SIGKILL restart=1 delay_ms=50',
      );
      expect(JSON.parse(exitLine(events[1], 'json', 'start'))).toMatchObject({
        level: 40,
        name: 'start',
        msg: 'app exited unexpectedly; restarting',
        app: 'app',
        signal: 'SIGKILL',
        restart: 2,
        delay_ms: 100,
      });
    } finally {
      await supervisor.stopAll();
    }
    // Stopped on purpose: nothing reported, nothing restarted.
    expect(events).toHaveLength(2);
    expect(await pidServing(port)).toBeUndefined();
  });

  it('before supervising, an exit is reported without a restart (start-up fails as a whole)', async () => {
    const events: ExitEvent[] = [];
    const crash = join(dir, 'crash.js');
    writeFileSync(crash, 'process.exit(3);\n');
    const supervisor = new Supervisor((e) => events.push(e), { out: () => {} });
    supervisor.start({ name: 'crash', script: crash, env: process.env });
    await eventually(() => (events.length ? true : undefined), { what: 'the exit' });
    expect(events).toEqual([{ app: 'crash', code: 3, signal: null }]);
    expect(supervisor.running('crash')).toBe(false);
    await supervisor.stopAll();
  });
});
