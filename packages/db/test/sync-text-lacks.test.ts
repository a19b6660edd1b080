import { amendmentCounts, syncRepository } from '@dp/db';
import { createTestDatabase, type TestDatabase } from './corpus-helpers';
import { amendingActText, bootstrapMessage, createTinyRepo, docFile, effectiveOn, reformMessage, type TinyRepo } from '@dp/testing';

// #35: the source's text of 1983-07-01 was made for zákon č. 1/1983 Sb. and holds zákon č. 3/1983
// Sb. of the same day too, but not zákon č. 2/1983 Sb. of that day, nor zákon č. 4/1983 Sb., in
// effect from 1983-06-01 and published on 1983-09-01 (retroactive). The rebuild applies the two it
// lacks from that text and leaves the one it holds alone.

const V1 = '# Zákon o věci 1\n\n##### § 1\n\nLhůta je 10 dní.\n\n##### § 2\n\nPoplatek činí 100 Kčs.\n\n##### § 3\n\nSazba je 5 %.\n';
const V2 = '# Zákon o věci 1\n\n##### § 1\n\nLhůta je 30 dní.\n\n##### § 2\n\nPoplatek činí 100 Kčs.\n\n##### § 3\n\nSazba je 7 %.\n';

/** The rebuilt versions of sb/1970/1 in order: the act each is for, its day, its text and the rebuild's report. */
const rebuiltVersions = (db: TestDatabase) =>
  db.query<{ amended_by_key: string; valid_from: string; text: string; rebuild: { failed: unknown[] } }>(
    `SELECT v.amended_by_key, v.valid_from::text AS valid_from, CASE WHEN v.text_is_current THEN d.text ELSE v.text END AS text, v.rebuild
     FROM "document_version" v JOIN "document" d ON d.id = v.document_id
     WHERE v.text_source = 'rebuilt' AND d.natural_key = 'sb/1970/1' ORDER BY v.version`,
  );

const act = (title: string, point: string, day: string) =>
  amendingActText(title, [{ article: 'I', intro: 'Zákon č. 1/1970 Sb., o věci 1, se mění takto:', points: [point] }], {
    article: 'II',
    sentence: effectiveOn(day),
  });

describe('sync: acts of the text day that the text lacks, and retroactive acts, are rebuilt from it', () => {
  let db: TestDatabase;
  let repo: TinyRepo;
  beforeAll(async () => {
    db = await createTestDatabase();
    repo = createTinyRepo();
    repo.commit('cz/SB-1970-1.md', docFile({ id: 'SB-1970-1' }, V1), bootstrapMessage('SB-1970-1', '1970-01-01'), '1970-01-01');
    const acts: [string, string, string, string, string][] = [
      ['SB-1983-1', 'V § 1 se číslo „10“ nahrazuje číslem „30“.', '1. července 1983', '1983-07-01', '1983-05-01'],
      ['SB-1983-2', 'V § 2 se číslo „100“ nahrazuje číslem „200“.', '1. července 1983', '1983-07-01', '1983-05-01'],
      ['SB-1983-3', 'V § 3 se číslo „5“ nahrazuje číslem „7“.', '1. července 1983', '1983-07-01', '1983-05-01'],
      ['SB-1983-4', 'V § 2 se slovo „Poplatek“ nahrazuje slovem „Odvod“.', '1. června 1983', '1983-06-01', '1983-09-01'],
    ];
    for (const [id, point, day, iso, published] of acts) {
      const title = `Zákon, kterým se mění zákon o věci 1 (${id})`;
      repo.commit(
        `cz/${id}.md`,
        docFile({ id, kind: 'CISTNOV', effectiveFrom: iso, publishedOn: published, title }, act(title, point, day)),
        bootstrapMessage(id, iso),
        iso,
      );
    }
    repo.commit('cz/SB-1970-1.md', docFile({ id: 'SB-1970-1' }, V2), reformMessage('SB-1970-1', '1983-07-01', '1/1983 Sb.'), '1983-07-01');
  });
  afterAll(async () => {
    await db?.destroy();
    repo?.destroy();
  });

  it('applies the retroactive act and the same-day act the text lacks, from the text day', async () => {
    const report = await syncRepository(db, repo.dir, { today: '2026-06-01', concurrency: 1 });
    expect(report.documents.failed).toBe(0);
    const rows = await rebuiltVersions(db);
    expect(rows.map((r) => [r.amended_by_key, r.valid_from])).toEqual([
      ['sb/1983/4', '1983-07-01'],
      ['sb/1983/2', '1983-07-01'],
    ]);
    expect(rows[1].text).toContain('Odvod činí 200 Kčs.');
    expect(rows[1].text).toContain('Sazba je 7 %.');
    expect(rows.flatMap((r) => r.rebuild.failed)).toEqual([]);
  });

  it("counts what the source's text lacks by the rebuild's rule: the retroactive act and the same-day act it took", async () => {
    // Nothing is dated after the text's day, yet the text lacks two acts; the rebuilt text lacks none.
    expect(await amendmentCounts(db, '2026-06-01')).toMatchObject({
      lacking_in_source: 1,
      lacking_after_rebuild: 0,
      provisions_flagged: 0,
    });
  });

  it('with the source text in view, its retroactive act is outstanding and the same-day acts are not (none was rebuilt)', async () => {
    await db.query(`DELETE FROM "document_version" WHERE text_source = 'rebuilt'`);
    // sb/1983/4's § 2; neither sb/1983/2 (which the rebuild no longer shows it took) nor sb/1983/3.
    expect(await amendmentCounts(db, '2026-06-01')).toMatchObject({
      lacking_in_source: 1,
      lacking_after_rebuild: 1,
      provisions_flagged: 1,
    });
  });
});

// #35: the source's version of 1984-04-01 names zákon č. 1/1984 Sb. (in effect that day, published on
// 1984-06-16, after it) yet holds none of its points: made before the act existed, the text tells.
describe("sync: the source's version named for a retroactive act that lacks it is rebuilt from it", () => {
  let db: TestDatabase;
  let repo: TinyRepo;
  beforeAll(async () => {
    db = await createTestDatabase();
    repo = createTinyRepo();
    repo.commit('cz/SB-1970-1.md', docFile({ id: 'SB-1970-1' }, V1), bootstrapMessage('SB-1970-1', '1970-01-01'), '1970-01-01');
    const title = 'Zákon, kterým se mění zákon o věci 1 (SB-1984-1)';
    repo.commit(
      'cz/SB-1984-1.md',
      docFile(
        { id: 'SB-1984-1', kind: 'CISTNOV', effectiveFrom: '1984-04-01', publishedOn: '1984-06-16', title },
        act(title, 'V § 1 se číslo „10“ nahrazuje číslem „30“.', '1. dubna 1984'),
      ),
      bootstrapMessage('SB-1984-1', '1984-04-01'),
      '1984-04-01',
    );
    // The version of the act's day changes § 3 only.
    repo.commit(
      'cz/SB-1970-1.md',
      docFile({ id: 'SB-1970-1' }, V1.replace('5 %', '7 %')),
      reformMessage('SB-1970-1', '1984-04-01', '1/1984 Sb.'),
      '1984-04-01',
    );
  });
  afterAll(async () => {
    await db?.destroy();
    repo?.destroy();
  });

  it('applies the act its own version lacks, from that version', async () => {
    const report = await syncRepository(db, repo.dir, { today: '2026-06-01', concurrency: 1 });
    expect(report.documents.failed).toBe(0);
    const rows = await rebuiltVersions(db);
    expect(rows.map((r) => [r.amended_by_key, r.valid_from])).toEqual([['sb/1984/1', '1984-04-01']]);
    expect(rows[0].text).toContain('Lhůta je 30 dní.');
  });
});
