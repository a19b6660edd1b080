import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { syncRepository } from '@dp/db';
import { count, createTestDatabase, type TestDatabase } from './corpus-helpers';

// Smoke test on the real upstream: the shared pack is assembled into a temporary bare repository
// (never committed), synced to an early commit and then a little further. Expected figures come
// from git itself, not from knowledge of the data.

const REPO_ROOT = resolve(__dirname, '..', '..', '..');
const SHARED = resolve(REPO_ROOT, '..', 'shared', 'corpus', 'legalize-cz');
const ASSEMBLE = join(SHARED, 'assemble.sh');
const FIRST = 200;
const MORE = 20;

const present = existsSync(ASSEMBLE);
if (!present) {
  console.warn(`sync smoke test skipped: the upstream pack is not at ${SHARED}`);
}

(present ? describe : describe.skip)('syncRepository on the real legalize-cz repository', () => {
  let dir: string;
  let gitDir: string;
  let db: TestDatabase;
  let commits: string[];
  const git = (...args: string[]) =>
    execFileSync('git', ['--git-dir', gitDir, ...args], {
      encoding: 'utf8',
      env: { ...process.env, GIT_NO_LAZY_FETCH: '1' },
      maxBuffer: 64 << 20,
    });

  /** Document files touched by commits (from, to], as git lists them. */
  const touched = (from: string | null, to: string) =>
    git('log', '--format=', '--name-only', from ? `${from}..${to}` : to)
      .split('\n')
      .filter((p) => /^cz\/SB-\d{4}-\d+\.md$/.test(p));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dp-legalize-'));
    gitDir = join(dir, 'legalize-cz.git');
    execFileSync('bash', [ASSEMBLE, gitDir], { stdio: 'ignore' });
    commits = git('rev-list', '--reverse', 'main')
      .trim()
      .split('\n')
      .slice(0, FIRST + MORE);
    db = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`syncs --to the ${FIRST}th commit, then ${MORE} more, with change rows for exactly what is new`, async () => {
    const to1 = commits[FIRST - 1];
    const files1 = touched(null, to1);
    const report1 = await syncRepository(db, gitDir, { to: to1 });
    expect(report1).toMatchObject({ from: null, to: to1, commits: FIRST, up_to_date: false });
    expect(report1.documents.failed).toBe(0);
    expect(report1.documents.created).toBe(new Set(files1).size);
    expect(report1.versions_added).toBe(files1.length - (report1.warning_counts.skipped_version ?? 0));
    expect(await count(db, '"document"')).toBe(new Set(files1).size);
    expect(await count(db, '"document_version" WHERE text IS NULL')).toBe(report1.warning_counts.missing_blob ?? 0);
    expect(await count(db, `"change" WHERE kind = 'document.created'`)).toBe(report1.documents.created);
    expect(await count(db, `"change" WHERE kind = 'document.version_added'`)).toBe(report1.versions_added);
    expect(await count(db, '"change"')).toBe(report1.changes);

    const to2 = commits[FIRST + MORE - 1];
    const files2 = touched(to1, to2);
    const seq = Number((await db.query<{ s: string }>('SELECT coalesce(max(seq), 0)::text AS s FROM "change"'))[0].s);
    const report2 = await syncRepository(db, gitDir, { to: to2 });
    expect(report2).toMatchObject({ from: to1, to: to2, commits: MORE });
    const fresh = [...new Set(files2)].filter((p) => !files1.includes(p)).length;
    expect(report2.documents.created).toBe(fresh);
    expect(report2.documents.updated).toBe(new Set(files2).size - fresh);
    const newChanges = await db.query<{ kind: string; natural_key: string }>('SELECT kind, natural_key FROM "change" WHERE seq > $1', [
      seq,
    ]);
    expect(newChanges).toHaveLength(report2.changes);
    expect(newChanges.filter((c) => c.kind === 'document.version_added')).toHaveLength(report2.versions_added);
    // every version entry belongs to a document the new commits touched
    const keys = new Set(files2.map((p) => p.replace(/^cz\/SB-(\d{4})-(\d+)\.md$/, 'sb/$1/$2')));
    for (const c of newChanges.filter((x) => x.kind !== 'relation.created')) expect(keys.has(c.natural_key)).toBe(true);
    expect((await syncRepository(db, gitDir, { to: to2 })).up_to_date).toBe(true);
    // ~15 s on a quiet machine; the margin is for a loaded one (not a timing assertion)
  }, 150_000);
});
