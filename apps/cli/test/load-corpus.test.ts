import { FIXTURE_CORPUS_PATH } from '@dp/db';
import { createTestDatabase, type TestDatabase } from '@dp/testing';
import { loadCorpus } from '../src/start/load-corpus';
import { commitBootstrap, createTinyRepo, type TinyRepo } from './tiny-repo';

describe("start's corpus: a git sync, or the JSONL sample, never the sample over a sync", () => {
  let db: TestDatabase;
  let repo: TinyRepo;
  beforeAll(async () => {
    db = await createTestDatabase();
    repo = createTinyRepo();
    commitBootstrap(repo, { id: 'SB-2000-1' }, '# Zákon o pokusech\n\n##### § 1\n\nText.\n');
  });
  afterAll(async () => {
    repo.destroy();
    await db.destroy();
  });

  it('syncs the repository when one is given, then says it is up to date', async () => {
    const first = await loadCorpus(db, { gitDir: repo.dir });
    expect(first.join('\n')).toMatch(/synced .* 1 commits, 1 documents created/);
    expect(await db.prisma.document.count()).toBe(1);
    expect((await loadCorpus(db, { gitDir: repo.dir })).join('\n')).toMatch(/already synced/);
  });

  it('does not import the JSONL sample over a synced database', async () => {
    const lines = await loadCorpus(db, { jsonl: FIXTURE_CORPUS_PATH });
    expect(lines.join('\n')).toMatch(/not imported over it/);
    expect(await db.prisma.document.count()).toBe(1);
  });

  it('imports the JSONL sample into a database that was never synced', async () => {
    const fresh = await createTestDatabase();
    try {
      const lines = await loadCorpus(fresh, { jsonl: FIXTURE_CORPUS_PATH });
      expect(lines.join('\n')).toMatch(/imported .*fixture/);
      expect(await fresh.prisma.document.count()).toBeGreaterThan(0);
    } finally {
      await fresh.destroy();
    }
  });
});
