import { AMENDMENT_READER_VERSION, fillAmendmentEffects } from '@dp/db';
import { createTestDatabase, importTestRecords, testRecord, type TestDatabase } from '@dp/testing';

// #35: documents whose text an older reader read (or none) are read again by fillAmendmentEffects,
// its statements typed from the schema (#39 item 4): the pending ones, each document locked and read.
const AMENDING_TEXT =
  '# Zákon, kterým se mění zákon č. 1/2094 Sb.\n\n##### Čl. I\n\nV zákoně č. 1/2094 Sb. se za § 2 vkládá nový § 2a, který zní:\n\n„##### § 2a\n\nText.“\n';

describe('fillAmendmentEffects', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await importTestRecords(db, [
      testRecord('sb/2094/1', { title: 'Zákon o zkouškách', text: '# Zákon o zkouškách\n\n##### § 1\n\nText.\n\n##### § 2\n\nText.\n' }),
      testRecord('sb/2094/2', { title: 'Zákon, kterým se mění zákon č. 1/2094 Sb.', text: AMENDING_TEXT, amending: true }),
    ]);
  });
  afterAll(() => db.destroy());

  const sources = () =>
    db.query<{ natural_key: string; version: number; points: number }>(
      `SELECT d.natural_key, s.version, s.points FROM amendment_source s JOIN document d ON d.id = s.document_id ORDER BY d.natural_key`,
    );

  it('reads nothing again when every document was read by this reader', async () => {
    expect((await sources()).map((s) => s.version)).toEqual([AMENDMENT_READER_VERSION, AMENDMENT_READER_VERSION]);
    expect(await fillAmendmentEffects(db)).toEqual({ documents: 0, amending: 0, points: 0 });
  });

  it('reads the documents of an older reader, or of none, again, the amending act with its point', async () => {
    const before = await sources();
    await db.query(`UPDATE amendment_source SET version = $1`, [AMENDMENT_READER_VERSION - 1]);
    await db.query(`DELETE FROM amendment_source WHERE document_id = (SELECT id FROM document WHERE natural_key = 'sb/2094/1')`);
    const report = await fillAmendmentEffects(db, { concurrency: 1 });
    expect(report).toEqual({ documents: 2, amending: 1, points: before.find((s) => s.natural_key === 'sb/2094/2')!.points });
    expect(report.points).toBeGreaterThan(0);
    expect(await sources()).toEqual(before);
  });
});
