import {
  collectGarbage,
  isAncestor,
  listObjects,
  openBlobReader,
  readCommitLog,
  resolveCommit,
  resolveGitDir,
  type SourceCommit,
} from '@dp/db';
import { createTinyRepo, type TinyRepo } from '@dp/testing';

// The git side of the sync on a tiny repository: the streamed log, blobs by id, missing objects.

describe('git reader', () => {
  let repo: TinyRepo;
  let gitDir: string;
  const c: string[] = [];

  beforeAll(async () => {
    repo = createTinyRepo();
    c.push(repo.commit('cz/SB-2000-1.md', 'one\n', '[bootstrap] one\n\nSource-Date: 2000-01-01\n'));
    c.push(repo.commit('cz/SB-2000-2.md', 'two ěščř\n', '[bootstrap] two\n'));
    c.push(repo.commit('cz/SB-2000-1.md', 'one, again\n', '[reform] one\n\nSource-Id: 2/2000 Sb.\n'));
    gitDir = await resolveGitDir(repo.dir);
  });
  afterAll(() => repo.destroy());

  const collect = async (from: string | null, to: string) => {
    const out: SourceCommit[] = [];
    for await (const commit of readCommitLog(gitDir, { from, to })) out.push(commit);
    return out;
  };

  it('streams the commits of a range oldest first, with each touched file and its blob', async () => {
    const all = await collect(null, c[2]);
    expect(all.map((x) => x.sha)).toEqual(c);
    expect(all[0].message).toBe('[bootstrap] one\n\nSource-Date: 2000-01-01\n');
    expect(all[2].files).toEqual([{ status: 'M', path: 'cz/SB-2000-1.md', blob: repo.rev(`${c[2]}:cz/SB-2000-1.md`) }]);
    expect((await collect(c[0], c[2])).map((x) => x.sha)).toEqual(c.slice(1));
  });

  it('reads blobs by id through one process; a missing one is null, the rest still come', async () => {
    const gone = repo.rev(`${c[0]}:cz/SB-2000-1.md`);
    const kept = repo.rev(`${c[1]}:cz/SB-2000-2.md`);
    const other = repo.rev(`${c[2]}:cz/SB-2000-1.md`);
    const before = await listObjects(gitDir);
    expect(before.has(gone)).toBe(true);
    repo.dropBlob(c[0], 'cz/SB-2000-1.md');
    const after = await listObjects(gitDir);
    expect(after.has(gone)).toBe(false);
    expect(after.has(kept)).toBe(true);

    for (const available of [undefined, after]) {
      const reader = openBlobReader(gitDir, available);
      try {
        const [a, b, d] = await Promise.all([reader.read(kept), reader.read(gone), reader.read(other)]);
        expect(a?.toString('utf8')).toBe('two ěščř\n');
        expect(b).toBeNull();
        expect(d?.toString('utf8')).toBe('one, again\n');
      } finally {
        await reader.close();
      }
    }
  });

  it('resolves revisions and ancestry; an unknown revision is an error', async () => {
    expect(await resolveCommit(gitDir, 'HEAD~1')).toBe(c[1]);
    expect(await isAncestor(gitDir, c[0], c[2])).toBe(true);
    expect(await isAncestor(gitDir, c[2], c[0])).toBe(false);
    await expect(resolveCommit(gitDir, 'no-such-branch')).rejects.toThrow(/unknown commit/);
    await expect(resolveGitDir('/nonexistent/dir')).rejects.toThrow(/no such directory/);
  });
});

describe('collectGarbage', () => {
  it('frees garbage at once, so a sync does not carry gigabytes of dead texts', () => {
    collectGarbage();
    const base = process.memoryUsage().heapUsed;
    let last = '';
    for (let i = 0; i < 40; i++) last = `${'ř'.repeat(1_000_000)}${i}`.normalize(); // ~80 MB of dead two-byte strings
    expect(last.length).toBeGreaterThan(0);
    collectGarbage();
    expect(process.memoryUsage().heapUsed - base).toBeLessThan(20_000_000);
  });
});
