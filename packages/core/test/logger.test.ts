import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { createLogger } from '../src/logger';
import { httpLogger } from '../src/http/logging';
import { requestIdMiddleware } from '../src/http/request-context';

describe('createLogger with a log file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dp-logger-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes every line to the file (mode 0600, nothing lost at exit) and only warnings and errors to stdout', () => {
    const file = join(dir, 'logs', 'app.log');
    const script = `const { createLogger } = require(${JSON.stringify(join(__dirname, '..', 'dist', 'logger.js'))});
const logger = createLogger({ name: 'app', level: 'info' });
for (let i = 0; i < 5000; i++) logger.info({ i }, 'routine line');
logger.warn('worth a look');
process.exit(0);`;
    const child = spawnSync(process.execPath, ['-e', script], { env: { ...process.env, LOG_FILE: file, LOG_LEVEL: '' }, encoding: 'utf8' });
    expect(child.status).toBe(0);
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; i?: number });
    expect(lines).toHaveLength(5001);
    expect(lines.filter((l) => l.msg === 'routine line').map((l) => l.i)).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(child.stdout).toContain('worth a look');
    expect(child.stdout).not.toContain('routine line');
  });
});

describe('httpLogger', () => {
  function capture() {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        cb();
      },
    });
    return { lines, logger: createLogger({ level: 'info', destination: sink }) };
  }

  it('logs one line per request with id, method, path without the query, status, time, at a level by status (4xx info, for the client to act on; 5xx error)', async () => {
    const { lines, logger } = capture();
    const app = express();
    app.use(requestIdMiddleware, httpLogger(logger));
    app.get('/ok', (_req, res) => void res.json({ ok: true }));
    app.get('/bad', (_req, res) => void res.status(400).json({}));
    app.get('/boom', (_req, res) => void res.status(500).json({}));
    const ok = await request(app).get('/ok?token=secret-value');
    await request(app).get('/bad');
    await request(app).get('/boom');
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => [l.level, (l.req as { url: string }).url, (l.res as { statusCode: number }).statusCode])).toEqual([
      [30, '/ok?…', 200],
      [30, '/bad', 400],
      [50, '/boom', 500],
    ]);
    expect(lines[0]).toMatchObject({ requestId: ok.headers['x-request-id'], msg: 'request completed', req: { method: 'GET' } });
    expect(typeof lines[0].responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-value');
  });

  it('logs a request whose client went away as aborted', async () => {
    const { lines, logger } = capture();
    const app = express();
    let served!: () => void;
    const gone = new Promise<void>((resolve) => (served = resolve));
    app.use(requestIdMiddleware, httpLogger(logger));
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/slow', (req) => {
      req.socket.once('close', () => setImmediate(served));
      arrived();
    });
    const server = app.listen(0);
    const port = (server.address() as { port: number }).port;
    const controller = new AbortController();
    const pending = fetch(`http://127.0.0.1:${port}/slow`, { signal: controller.signal }).catch(() => undefined);
    await requestArrived;
    controller.abort();
    await pending;
    await gone;
    server.close();
    expect(lines).toHaveLength(1);
    expect(lines[0].msg).toBe('request aborted');
  });
});
