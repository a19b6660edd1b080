import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '@dp/db';
import { createTestDatabase, eventually, type TestDatabase } from '@dp/testing';
import { captureIo, createCliTestEnv, type CliTestEnv } from './capture-io';
import { main } from '../src/cli';
import { CLI } from './run-process';
import { commitBootstrap, createTinyRepo, docFile, reformMessage, type TinyRepo } from './tiny-repo';

// Enough documents, with texts long enough, that a sync takes a while and can be killed midway.
function bigRepo(docs: number): TinyRepo {
  const repo = createTinyRepo();
  const filler = (n: number, v: number) =>
    Array.from(
      { length: 300 },
      (_, i) => `##### § ${i + 1}\n\nUstanovení ${i + 1} zákona ${n}, znění ${v}; viz zákon č. ${(n % 7) + 1}/1999 Sb.\n`,
    ).join('\n');
  for (let n = 1; n <= docs; n++) {
    const id = `SB-2000-${n}`;
    const path = `cz/${id}.md`;
    commitBootstrap(repo, { id }, `# Zákon ${n}\n\n${filler(n, 1)}`);
    if (n % 3 === 0) {
      repo.commit(
        path,
        docFile({ id, versionDate: '2001-01-01', amendments: ['1/2001 Sb.'] }, `# Zákon ${n}\n\n${filler(n, 2)}`),
        reformMessage(id, '2001-01-01', '1/2001 Sb.'),
        '2001-01-01',
      );
    }
  }
  commitBootstrap(
    repo,
    { id: 'SB-2001-1', kind: 'CISTNOV' },
    '# Zákon, kterým se mění zákony\n\nZrušuje se zákon č. 2/2000 Sb.\n',
    '2001-01-01',
  );
  return repo;
}

/** Everything a sync writes, without ids and timestamps, in a comparable order. */
async function snapshot(db: Database) {
  return {
    documents: await db.query(
      `SELECT natural_key, title, status, doc_type, md5(text) AS text, current_version_from::text, repealed_by, inferred_effective_to::text
       FROM "document" ORDER BY natural_key`,
    ),
    versions: await db.query(
      `SELECT d.natural_key, v.version, v.valid_from::text, v.valid_to::text, v.kind, v.amended_by_key, v.source_commit, md5(v.text) AS text, v.text_is_current
       FROM "document_version" v JOIN "document" d ON d.id = v.document_id ORDER BY 1, 2`,
    ),
    relations: await db.query(
      'SELECT source_id, "type", target_key, methods, evidence, version_dates FROM "document_relation" ORDER BY 1, 2, 3',
    ),
    // Each document's entries in the order they were written, its relation.created entries as a
    // set: documents are written two at a time, so which of two related ones commits first (and
    // so whose transaction announces the `amends` edge between them) may differ by run.
    changes: await db.query(
      `SELECT kind, natural_key, status, version, relation FROM "change"
       ORDER BY natural_key, kind = 'relation.created', CASE WHEN kind = 'relation.created' THEN relation::text END, seq`,
    ),
    state: await db.query('SELECT "commit", commits_applied FROM "sync_state"'),
  };
}

describe('cli sync', () => {
  let cli: CliTestEnv;
  let repo: TinyRepo;

  beforeAll(async () => {
    cli = await createCliTestEnv('dp-cli-sync-');
    repo = createTinyRepo();
    commitBootstrap(repo, { id: 'SB-2000-1' }, '# Zákon 1\n\nText.\n');
    commitBootstrap(repo, { id: 'SB-2000-2', versionDate: '0000-00-00' }, '# Zákon 2\n\nText.\n');
  });
  afterAll(async () => {
    repo.destroy();
    await cli.destroy();
  });

  it('prints ONE JSON summary on stdout, progress on stderr, and exits 0 despite warnings', async () => {
    const io = captureIo(cli.env);
    const code = await main(['sync', repo.dir], io);
    expect(code).toBe(0);
    const lines = io.out().trim().split('\n');
    expect(lines).toHaveLength(1);
    const report = JSON.parse(lines[0]);
    expect(report).toMatchObject({
      commits: 2,
      commits_applied: 2,
      documents: { created: 2, updated: 0, unchanged: 0, failed: 0 },
      warning_counts: { undated_version: 1 },
      warnings: [expect.objectContaining({ code: 'undated_version', path: 'cz/SB-2000-2.md', commit: repo.rev('HEAD') })],
      duration_ms: expect.any(Number),
    });
    expect(io.err()).toMatch(/^sync: /m);
  });

  it('a second run has nothing to do and says so', async () => {
    const io = captureIo(cli.env);
    expect(await main(['sync', repo.dir], io)).toBe(0);
    expect(JSON.parse(io.out())).toMatchObject({ up_to_date: true, commits: 0, changes: 0 });
    expect(io.err()).toMatch(/nothing to do/);
  });

  it('usage errors exit 2', async () => {
    for (const args of [
      ['sync'],
      ['sync', join(cli.dir, 'nope')],
      ['sync', repo.dir, '--to'],
      ['sync', repo.dir, '--to', 'no-such-commit'],
      ['sync', repo.dir, '--bogus'],
    ]) {
      const io = captureIo(cli.env);
      expect(await main(args, io)).toBe(2);
    }
  });

  describe('kill -9 mid-sync, then run again', () => {
    let big: TinyRepo;
    let killed: TestDatabase;
    let clean: TestDatabase;

    beforeAll(async () => {
      big = bigRepo(90);
      killed = await createTestDatabase();
      clean = await createTestDatabase();
    }, 120_000);
    afterAll(async () => {
      big.destroy();
      await killed.destroy();
      await clean.destroy();
    });

    const run = (db: TestDatabase) =>
      spawn(process.execPath, [CLI, 'sync', big.dir], {
        env: { ...process.env, ...(db.url ? { DATABASE_URL: db.url } : {}) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });

    const documents = async (db: Database) =>
      Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM "document"'))[0]?.n ?? 0);

    /** Starts a sync and SIGKILLs it once at least `after` documents are in; resolves how many were. */
    const killAfter = async (db: TestDatabase, after: number): Promise<number> => {
      const child = run(db);
      const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
      let done = false;
      void exited.then(() => (done = true));
      await eventually(async () => (done || (await documents(db)) >= after ? true : undefined), {
        what: `${after} documents in, or the sync's end`,
        timeoutMs: 60_000,
        intervalMs: 15,
      });
      if (!done) child.kill('SIGKILL');
      await exited;
      return documents(db);
    };

    const itPg = process.env.DATABASE_URL && existsSync(CLI) ? it : it.skip;

    itPg(
      'resumes correctly: the same rows as an uninterrupted sync, nothing lost or doubled',
      async () => {
        const total = 91;
        const first = await killAfter(killed, 5);
        expect(first).toBeLessThan(total); // the kill did land mid-sync
        const second = await killAfter(killed, first + 25);
        // Killed before the end: the state did not move, so the next run starts from the same commit.
        if (second < total) expect(await killed.query('SELECT 1 FROM "sync_state"')).toEqual([]);

        const resumed = captureIo({ DATABASE_URL: killed.url });
        expect(await main(['sync', big.dir], resumed)).toBe(0);
        const resumedReport = JSON.parse(resumed.out());
        expect(resumedReport.documents.failed).toBe(0);

        const io = captureIo({ DATABASE_URL: clean.url });
        expect(await main(['sync', big.dir], io)).toBe(0);
        const cleanReport = JSON.parse(io.out());
        expect(cleanReport.documents.created).toBe(total);
        // what the interrupted runs wrote plus what the last run wrote = one clean run
        expect(resumedReport.documents.created + resumedReport.documents.unchanged).toBe(total);

        const a = await snapshot(killed);
        const b = await snapshot(clean);
        expect(a.documents).toEqual(b.documents);
        expect(a.versions).toEqual(b.versions);
        expect(a.relations).toEqual(b.relations);
        expect(a.changes).toEqual(b.changes);
        expect(a.state.map((s) => (s as { commit: string }).commit)).toEqual(b.state.map((s) => (s as { commit: string }).commit));
      },
      180_000,
    );
  });
});
