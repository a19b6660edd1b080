import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { syncRepository } from '@dp/db';
import { count, createTestDatabase, type TestDatabase } from './corpus-helpers';
import { createTinyRepo } from '@dp/testing';

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
    db = await createTestDatabase({ bulk: true });
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
    // The failures' messages first, so a failing run says why.
    expect(report1.warnings.filter((w) => w.code === 'document_failed')).toEqual([]);
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
    const newChanges = await db.query<{ kind: string; natural_key: string; rebuilt: boolean }>(
      `SELECT kind, natural_key, coalesce(version->>'kind' = 'rebuilt', false) AS rebuilt FROM "change" WHERE seq > $1`,
      [seq],
    );
    expect(newChanges).toHaveLength(report2.changes);
    expect(newChanges.filter((c) => c.kind === 'document.version_added' && !c.rebuilt)).toHaveLength(report2.versions_added);
    expect(newChanges.filter((c) => c.rebuilt)).toHaveLength(report2.rebuilt.versions);
    // every version entry of the source belongs to a document the new commits touched (what an
    // amending act's text says of other acts, and their rebuilt versions, land on those acts)
    const keys = new Set(files2.map((p) => p.replace(/^cz\/SB-(\d{4})-(\d+)\.md$/, 'sb/$1/$2')));
    for (const c of newChanges.filter((x) => x.kind !== 'relation.created' && x.kind !== 'document.amendment_known' && !x.rebuilt))
      expect(keys.has(c.natural_key)).toBe(true);
    expect((await syncRepository(db, gitDir, { to: to2 })).up_to_date).toBe(true);
    // ~15 s on a quiet machine; the margin is for a loaded one (not a timing assertion)
  }, 150_000);

  it("reproduces the Labour Code's § 75 case from the real texts (#35, #36)", async () => {
    // The Labour Code as enacted (2007) and every act of the collection that names it and took
    // effect by 1 January 2012, committed in order of effect into a tiny repository of their real
    // files, as the source would publish them.
    // Acts that amend it by 2012 were published 2006–2011: their files are read, not all 18,365.
    const candidates = git('ls-tree', '--name-only', 'HEAD', 'cz/')
      .trim()
      .split('\n')
      .filter((p) => /^cz\/SB-(2006|2007|2008|2009|2010|2011)-\d+\.md$/.test(p));
    const contents = new Map<string, string>();
    const batch = execFileSync('git', ['--git-dir', gitDir, 'cat-file', '--batch'], {
      input: candidates.map((p) => `HEAD:${p}`).join('\n') + '\n',
      env: { ...process.env, GIT_NO_LAZY_FETCH: '1' },
      maxBuffer: 1 << 30,
    });
    for (let at = 0, i = 0; at < batch.length && i < candidates.length; i++) {
      const eol = batch.indexOf(10, at);
      const size = Number(batch.subarray(at, eol).toString('utf8').split(' ')[2]);
      contents.set(candidates[i], batch.subarray(eol + 1, eol + 1 + size).toString('utf8'));
      at = eol + 1 + size + 1;
    }
    const files = [...contents].filter(([, text]) => text.includes('262/2006 Sb')).map(([path]) => path);
    const meta = (path: string) => {
      const text = contents.get(path) ?? git('show', `HEAD:${path}`);
      const effective = /^effectiveness_date: "(\d{4}-\d{2}-\d{2})"/m.exec(text)?.[1] ?? '9999-12-31';
      return { path, text, effective };
    };
    const amending = files
      .filter((p) => p !== 'cz/SB-2006-262.md')
      .map(meta)
      .filter((f) => f.effective > '2007-01-01' && f.effective <= '2012-01-01')
      .sort((a, b) => a.effective.localeCompare(b.effective) || a.path.localeCompare(b.path));
    expect(amending.map((f) => f.path)).toContain('cz/SB-2011-365.md');
    const labour = meta('cz/SB-2006-262.md');
    const tiny = createTinyRepo();
    const other = await createTestDatabase({ bulk: true });
    try {
      const message = (path: string, date: string) => {
        const id = path.replace(/^cz\/|\.md$/g, '');
        return `[bootstrap] ${id} — versión original ${date.slice(0, 4)}\n\nSource-Id: original\nSource-Date: ${date}\n`;
      };
      tiny.commit(labour.path, labour.text, message(labour.path, '2007-01-01'), '2007-01-01');
      for (const f of amending) tiny.commit(f.path, f.text, message(f.path, f.effective), f.effective);
      const report = await syncRepository(other, tiny.dir, { today: '2026-06-01' });
      expect(report.documents.failed).toBe(0);

      // The amending act's point 75, read from its text: what it changes and from when.
      const [point] = await other.query<{ effective_from: string; kinds: string[]; targets: string[]; instruction: string }>(
        `SELECT effective_from::text AS effective_from, kinds, targets, instruction FROM "amendment_effect"
         WHERE amending_key = 'sb/2011/365' AND target_key = 'sb/2006/262' AND point = '75'`,
      );
      expect(point).toMatchObject({ effective_from: '2012-01-01', kinds: ['replace_words'] });
      expect(point.targets).toEqual(expect.arrayContaining(['par_75', 'par_76/odst_1']));
      expect(point.instruction).toContain('se číslo „150“ nahrazuje číslem „300“');

      // The text as enacted says 150 and is dated 2007; the version rebuilt for 2012 says 300,
      // with point 75 of 365/2011 as its provenance.
      const versions = await other.query<{
        version: number;
        vf: string;
        kind: string;
        amended_by_key: string | null;
        text: string;
        rebuild: { changed: Record<string, { amending_key: string; ordinal: number }[]> } | null;
      }>(
        `SELECT v.version, v.valid_from::text AS vf, v.kind, v.amended_by_key, coalesce(v.text, d.text) AS text, v.rebuild
         FROM "document_version" v JOIN "document" d ON d.id = v.document_id WHERE d.natural_key = 'sb/2006/262' ORDER BY v.version`,
      );
      const section75 = (text: string) => text.slice(text.indexOf('##### § 75'), text.indexOf('##### § 76'));
      expect(versions[0]).toMatchObject({ vf: '2007-01-01', kind: 'bootstrap' });
      expect(section75(versions[0].text)).toContain('nesmí být větší než 150 hodin');
      const v2012 = versions.find((v) => v.kind === 'rebuilt' && v.amended_by_key === 'sb/2011/365');
      expect(v2012).toMatchObject({ vf: '2012-01-01' });
      expect(section75(v2012!.text)).toContain('nesmí být větší než 300 hodin');
      const [ordinal] = await other.query<{ ordinal: number }>(
        `SELECT ordinal FROM "amendment_effect" WHERE amending_key = 'sb/2011/365' AND target_key = 'sb/2006/262' AND point = '75'`,
      );
      expect(v2012!.rebuild!.changed.par_75).toContainEqual({ amending_key: 'sb/2011/365', ordinal: ordinal.ordinal });
    } finally {
      await other.destroy();
      tiny.destroy();
    }
  }, 600_000);
});
