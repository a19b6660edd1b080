import { AMENDMENT_READER_VERSION, fillAmendmentEffects } from '@dp/db';
import { createTestDatabase, importTestRecords, testRecord, type TestDatabase } from '@dp/testing';

// #35: documents whose text an older reader read (or none) are read again by fillAmendmentEffects,
// its statements typed from the schema (#39 item 4): the pending ones, each document locked and read.
const AMENDING_TEXT =
  '# Zákon, kterým se mění zákon č. 1/2094 Sb.\n\n##### Čl. I\n\nV zákoně č. 1/2094 Sb. se za § 2 vkládá nový § 2a, který zní:\n\n„##### § 2a\n\nText.“\n';

const TITLE_ONLY = 'Zákon, jímž se mění § 2 zákona č. 1/2094 Sb.';

describe('fillAmendmentEffects', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await importTestRecords(db, [
      testRecord('sb/2094/1', { title: 'Zákon o zkouškách', text: '# Zákon o zkouškách\n\n##### § 1\n\nText.\n\n##### § 2\n\nText.\n' }),
      testRecord('sb/2094/2', { title: 'Zákon, kterým se mění zákon č. 1/2094 Sb.', text: AMENDING_TEXT, amending: true }),
      // A single text that is its title only (as zákon č. 53/1963 Sb. in the source): its act is known, its points not.
      testRecord('sb/2094/3', { title: TITLE_ONLY, text: `# ${TITLE_ONLY}\n`, amending: true }),
    ]);
  });
  afterAll(() => db.destroy());

  const sources = () =>
    db.query<{ natural_key: string; version: number; points: number }>(
      `SELECT d.natural_key, s.version, s.points FROM amendment_source s JOIN document d ON d.id = s.document_id ORDER BY d.natural_key`,
    );

  const titleOnlyEffects = () =>
    db.query<{ target_key: string; targets: string[] }>(
      `SELECT target_key, targets FROM amendment_effect WHERE amending_key = 'sb/2094/3'`,
    );

  it('reads nothing again when every document was read by this reader', async () => {
    expect((await sources()).map((s) => s.version)).toEqual([AMENDMENT_READER_VERSION, AMENDMENT_READER_VERSION, AMENDMENT_READER_VERSION]);
    // The import reads a title-only text as the sync does.
    expect(await titleOnlyEffects()).toEqual([{ target_key: 'sb/2094/1', targets: ['par_2'] }]);
    expect(await fillAmendmentEffects(db)).toEqual({ documents: 0, amending: 0, points: 0, repealsDropped: 0 });
  });

  it('reads the documents of an older reader, or of none, again, the amending act with its point', async () => {
    const before = await sources();
    await db.query(`UPDATE amendment_source SET version = $1`, [AMENDMENT_READER_VERSION - 1]);
    await db.query(`DELETE FROM amendment_source WHERE document_id = (SELECT id FROM document WHERE natural_key = 'sb/2094/1')`);
    const report = await fillAmendmentEffects(db, { concurrency: 1 });
    const points = (key: string) => before.find((s) => s.natural_key === key)!.points;
    expect(report).toEqual({ documents: 3, amending: 2, points: points('sb/2094/2') + points('sb/2094/3'), repealsDropped: 0 });
    expect(points('sb/2094/2')).toBeGreaterThan(0);
    expect(await sources()).toEqual(before);
    // A re-read keeps the title-only act's effect (it read a single text with extractEffects, which has no title-only fallback).
    expect(await titleOnlyEffects()).toEqual([{ target_key: 'sb/2094/1', targets: ['par_2'] }]);
  });
});
