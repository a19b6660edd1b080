import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_CORPUS_PATH } from '@dp/db';
import type { TestDatabase } from '@dp/testing';
import { captureIo, createCliTestEnv, type CliTestEnv } from './capture-io';
import { main } from '../src/cli';

const fixtureLines = readFileSync(FIXTURE_CORPUS_PATH, 'utf8').trim().split('\n');

describe('cli import', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let pg: TestDatabase;

  let cli: CliTestEnv;

  beforeAll(async () => {
    cli = await createCliTestEnv('dp-cli-import-');
    ({ env, pg, dir } = cli);
  });
  afterAll(() => cli.destroy());

  it('imports a file end to end and prints the report as one JSON line', async () => {
    const io = captureIo(env);
    const code = await main(['import', FIXTURE_CORPUS_PATH], io);
    expect(io.err()).not.toMatch(/failed:/);
    expect(code).toBe(0);
    const lines = io.out().trim().split('\n');
    expect(lines).toHaveLength(1);
    const report = JSON.parse(lines[0]);
    expect(report).toMatchObject({ created: fixtureLines.length, updated: 0, unchanged: 0, failed: [] });
    expect(report.changes).toBeGreaterThan(fixtureLines.length);
    expect(io.err()).toMatch(/import: line \d+/); // plain progress when stdout is not a terminal
  }, 180_000);

  it('the data is in the database afterwards, and a second run changes nothing', async () => {
    const io = captureIo(env);
    expect(await main(['import', FIXTURE_CORPUS_PATH], io)).toBe(0);
    expect(JSON.parse(io.out())).toMatchObject({ created: 0, updated: 0, unchanged: fixtureLines.length, changes: 0 });

    expect(await pg.prisma.document.count()).toBe(fixtureLines.length);
  });

  it('exits 1 when a line fails, naming the line', async () => {
    const file = join(dir, 'bad.jsonl');
    writeFileSync(file, `${fixtureLines[0]}\nnot json\n`);
    const io = captureIo(env);
    expect(await main(['import', file], io)).toBe(1);
    expect(JSON.parse(io.out()).failed).toEqual([{ line: 2, error: expect.stringMatching(/^invalid JSON/) }]);
  });

  it('usage errors exit 2', async () => {
    const missing = captureIo(env);
    expect(await main(['import'], missing)).toBe(2);
    expect(missing.err()).toMatch(/usage: import <file.jsonl>/);
    const nofile = captureIo(env);
    expect(await main(['import', join(dir, 'nope.jsonl')], nofile)).toBe(2);
    expect(nofile.err()).toMatch(/no such file/);
  });
});

describe('cli dispatcher', () => {
  it('lists the commands with --help', async () => {
    const io = captureIo({});
    expect(await main(['--help'], io)).toBe(0);
    expect(io.out()).toMatch(/import\s+Import a corpus JSONL file/);
  });

  it('an unknown command is a clear error with exit code 2', async () => {
    const io = captureIo({});
    expect(await main(['frobnicate'], io)).toBe(2);
    expect(io.err()).toMatch(/unknown command 'frobnicate'/);
    expect(io.out()).toBe('');
  });

  it('no command prints the help on stderr with exit code 2', async () => {
    const io = captureIo({});
    expect(await main([], io)).toBe(2);
    expect(io.err()).toMatch(/usage:/);
  });
});
