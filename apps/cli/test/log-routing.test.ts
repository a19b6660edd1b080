import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Supervisor } from '../src/start/supervisor';

const coreDist = join(__dirname, '..', '..', '..', 'packages', 'core', 'dist');
const expressPath = require.resolve('express', { paths: [join(__dirname, '..', '..', '..', 'packages', 'core')] });

/**
 * What `start` shows on the terminal of an app's log: the app runs under the real Supervisor (its
 * own process, LOG_FILE set as `start` sets it) with core's logger and request logger, and answers
 * a 200, a 404, a 429 and a 500.
 */
describe("start's terminal: what the operator must act on, and nothing else", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dp-log-routing-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('4xx only in .data/logs/<app>.log (info); 5xx and start-up failures on the terminal too', async () => {
    const script = join(dir, 'app.js');
    writeFileSync(
      script,
      `const express = require(${JSON.stringify(expressPath)});
const { createLogger } = require(${JSON.stringify(join(coreDist, 'logger.js'))});
const { httpLogger } = require(${JSON.stringify(join(coreDist, 'http', 'logging.js'))});
const logger = createLogger({ name: 'app', level: 'info' });
const app = express();
app.use(httpLogger(logger));
for (const status of [200, 404, 429, 500]) app.get('/' + status, (_req, res) => void res.status(status).json({}));
const server = app.listen(0, '127.0.0.1', async () => {
  const base = 'http://127.0.0.1:' + server.address().port;
  for (const status of [200, 404, 429, 500]) await (await fetch(base + '/' + status)).arrayBuffer();
  server.close(() => {
    process.stderr.write('app: could not bind its port\\n');
    process.exit(0);
  });
});
`,
    );
    const terminal: string[] = [];
    const logDir = join(dir, 'logs');
    let exited!: () => void;
    const done = new Promise<void>((resolve) => (exited = resolve));
    // The process may exit before the supervisor has read its pipes: wait for the last line of
    // each (the 500's summary on stdout, the start-up failure on stderr), not for a time. The 200,
    // 404 and 429 came before the 500 on the same pipe, so they would have been read by then.
    let read!: () => void;
    const lastLines = new Promise<void>((resolve) => (read = resolve));
    const out = (line: string) => {
      terminal.push(line);
      if (terminal.some((l) => /→ 500/.test(l)) && terminal.includes('[app] app: could not bind its port')) read();
    };
    const supervisor = new Supervisor(() => exited(), { logDir, out });
    supervisor.start({ name: 'app', script, env: { ...process.env, LOG_LEVEL: 'info' } });
    await Promise.all([done, lastLines]);
    await supervisor.stopAll();

    const file = readFileSync(join(logDir, 'app.log'), 'utf8')
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; res?: { statusCode: number } });
    const levels = Object.fromEntries(file.filter((l) => l.res).map((l) => [l.res!.statusCode, l.level]));
    expect(levels).toEqual({ 200: 30, 404: 30, 429: 30, 500: 50 });

    expect(terminal.filter((l) => /→ 500/.test(l))).toHaveLength(1);
    expect(terminal.some((l) => /→ (200|404|429)/.test(l))).toBe(false);
    expect(terminal).toContain('[app] app: could not bind its port');
  });
});
