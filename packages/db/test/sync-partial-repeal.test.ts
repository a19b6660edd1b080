import { AMENDMENT_READER_VERSION, amendmentCounts, fillAmendmentEffects, syncRepository } from '@dp/db';
import { createTestDatabase, type TestDatabase } from './corpus-helpers';
import { bootstrapMessage, createTinyRepo, docFile, type TinyRepo } from '@dp/testing';

// #36 (h-engine12): an act repealed "s výjimkou" some of its units is a partial repeal. The sync
// rebuilds its text (the units kept), writes no `repeals` edge (the act stays in force in them) and
// leaves an act repealed whole as it was: no rebuild, its repealing act in `repealed_by`.

const THING_4 = '# Zákon o věci 4\n\n##### § 1\n\nJedna.\n\n##### § 2\n\nDva.\n\n##### § 3\n\nTři.\n';
const THING_5 = '# Zákon o věci 5\n\n##### § 1\n\nJedna.\n';

const REPEALING = [
  '# Zákon o věci 8',
  '##### § 1',
  'Zrušují se:',
  '- 1. zákon č. 4/2000 Sb., o věci 4, s výjimkou § 2;',
  '- 2. zákon č. 5/2000 Sb., o věci 5.',
  '##### § 2',
  'Tento zákon nabývá účinnosti dnem 1. ledna 2008.',
  '',
].join('\n\n');

describe('sync: a whole act repealed with exceptions is a partial repeal, rebuilt', () => {
  let db: TestDatabase;
  let repo: TinyRepo;
  beforeAll(async () => {
    db = await createTestDatabase();
    repo = createTinyRepo();
    repo.commit('cz/SB-2000-4.md', docFile({ id: 'SB-2000-4' }, THING_4), bootstrapMessage('SB-2000-4', '2000-01-01'), '2000-01-01');
    repo.commit('cz/SB-2000-5.md', docFile({ id: 'SB-2000-5' }, THING_5), bootstrapMessage('SB-2000-5', '2000-01-01'), '2000-01-01');
    repo.commit(
      'cz/SB-2008-8.md',
      docFile({ id: 'SB-2008-8', effectiveFrom: '2008-01-01', title: 'Zákon o věci 8' }, REPEALING),
      bootstrapMessage('SB-2008-8', '2008-01-01'),
      '2008-01-01',
    );
    await syncRepository(db, repo.dir, { today: '2026-06-01' });
  });
  afterAll(async () => {
    await db?.destroy();
    repo?.destroy();
  });

  const rebuilt = (id: string) =>
    db.query<{ valid_from: string; text: string }>(
      `SELECT valid_from::text AS valid_from, text FROM "document_version" WHERE document_id = $1 AND text_source = 'rebuilt' ORDER BY version`,
      [id],
    );
  const repealedBy = async (id: string) =>
    (await db.query<{ repealed_by: string[] }>(`SELECT repealed_by FROM "document" WHERE id = $1`, [id]))[0].repealed_by;

  it('rebuilds the act repealed with exceptions: its text holds the units kept', async () => {
    const [version, ...more] = await rebuilt('SB-2000-4');
    expect(more).toEqual([]);
    expect(version.valid_from).toBe('2008-01-01');
    expect(version.text).toContain('##### § 2\n\nDva.');
    expect(version.text).not.toContain('§ 1');
    expect(version.text).not.toContain('§ 3');
  });

  it('does not rebuild an act repealed whole', async () => {
    expect(await rebuilt('SB-2000-5')).toEqual([]);
  });

  it('names the repealing act in repealed_by only of the act repealed whole', async () => {
    expect(await repealedBy('SB-2000-4')).toEqual([]);
    expect(await repealedBy('SB-2000-5')).toEqual(['sb/2008/8']);
  });

  it('counts only the act repealed whole among the documents whose only lacking effect is a whole repeal', async () => {
    const counts = await amendmentCounts(db, '2026-06-01');
    expect(counts.lacking_in_source).toBe(2);
    expect(counts.lacking_only_repealed_whole).toBe(1);
    expect(counts.lacking_after_rebuild_only_repealed_whole).toBe(1);
  });

  it("drops, when the reader catches up, a stored edge that read the partial repeal as whole, and that act's repealed_by", async () => {
    // A database synced before partial repeals were read: the edge and the labels it gave.
    await db.query(
      `INSERT INTO "document_relation" (source_id, "type", target_key, target_doc_number, methods, evidence)
       VALUES ('SB-2008-8', 'repeals', 'sb/2000/4', '4/2000 Sb.', '{text-pattern}', 'Zrušuje se: … 1. zákon č. 4/2000 Sb.')`,
    );
    await db.query(`UPDATE "document" SET repealed_by = '{sb/2008/8}', inferred_effective_to = '2008-01-01' WHERE id = 'SB-2000-4'`);
    await db.query(`UPDATE "amendment_source" SET version = $1`, [AMENDMENT_READER_VERSION - 1]);
    const report = await fillAmendmentEffects(db, { concurrency: 1 });
    expect(report.repealsDropped).toBe(1);
    const edges = await db.query<{ target_key: string }>(
      `SELECT target_key FROM "document_relation" WHERE source_id = 'SB-2008-8' AND "type" = 'repeals' ORDER BY target_key`,
    );
    expect(edges.map((e) => e.target_key)).toEqual(['sb/2000/5']);
    const [doc] = await db.query<{ repealed_by: string[]; inferred_effective_to: string | null }>(
      `SELECT repealed_by, inferred_effective_to::text AS inferred_effective_to FROM "document" WHERE id = 'SB-2000-4'`,
    );
    expect(doc).toEqual({ repealed_by: [], inferred_effective_to: null });
    expect(await repealedBy('SB-2000-5')).toEqual(['sb/2008/8']);
  });
});
