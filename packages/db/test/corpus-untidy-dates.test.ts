import { importCorpusFile } from '@dp/db';
import { testRecord, type TestRecordInput } from '@dp/testing';
import { count, createTestDatabase, writeJsonl, type TestDatabase } from './corpus-helpers';

/** A small record of our own making, three versions (newest first, as the source lists them). */
function record(n: number, patch: (r: TestRecordInput) => void = () => {}): TestRecordInput {
  const r = testRecord(`sb/2099/${n}`, {
    title: `Zákon o zkoušce ${n}`,
    text: `Zákon ${n}, znění třetí.`,
    published: '2000-01-15',
    from: '2000-02-01',
    dates: { effective_to: null, current_version_from: '2010-01-01', last_updated: '2010-01-01' },
    effectivity: { inferred_effective_to: null },
    versions: [
      { version: 3, valid_from: '2010-01-01', valid_to: null, kind: 'reform', text_is_current: true },
      { version: 2, valid_from: '2005-01-01', valid_to: '2010-01-01', kind: 'reform', text: `Zákon ${n}, znění druhé.` },
      { version: 1, valid_from: '2000-02-01', valid_to: '2005-01-01', kind: 'bootstrap', text: `Zákon ${n}, znění první.` },
    ],
    relations: [{ type: 'cites', target: 'sb/1999/1', version_dates: ['2005-01-01'] }],
  });
  patch(r);
  return r;
}

const iso = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

describe('importCorpusFile: untidy dates of the real source', () => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    await db.destroy();
  });

  async function versions(key: string) {
    const doc = await db.prisma.document.findUniqueOrThrow({
      where: { naturalKey: key },
      include: { versions: { orderBy: { version: 'asc' } } },
    });
    return { doc, versions: doc.versions.map((v) => [v.version, iso(v.validFrom), iso(v.validTo), v.validFromInferredFrom]) };
  }

  it('imports a record whose nullable dates are not calendar dates, with them null and one warning each', async () => {
    const file = writeJsonl([
      record(1),
      record(2, (r) => {
        r.dates.published = '0000-00-00';
        r.dates.last_updated = '2026-02-30';
        r.effectivity.inferred_effective_to = '2019-13-01';
        r.versions[1].valid_to = '0000-00-00';
        r.relations![0].version_dates = ['2005-01-01', '2005-02-29'];
      }),
    ]);
    const report = await importCorpusFile(db, file);
    expect(report).toMatchObject({ created: 2, updated: 0, unchanged: 0, failed: [] });
    expect(report.changes).toBe(2 * (1 + 3 + 1)); // created + versions + relation, per document
    expect(report.warnings.map((w) => [w.line, w.field, w.value])).toEqual([
      [2, 'dates.published', '0000-00-00'],
      [2, 'dates.last_updated', '2026-02-30'],
      [2, 'effectivity.inferred_effective_to', '2019-13-01'],
      [2, 'versions.1.valid_to', '0000-00-00'],
      [2, 'relations.0.version_dates', '2005-02-29'],
    ]);
    expect(report.warnings[0].message).toMatch(/not a calendar date.*stored as null/);

    const { doc, versions: v } = await versions('sb/2099/2');
    expect([iso(doc.publishedOn), iso(doc.lastUpdated), iso(doc.inferredEffectiveTo), iso(doc.effectiveFrom)]).toEqual([
      null,
      null,
      null,
      '2000-02-01',
    ]);
    expect(v).toEqual([
      [1, '2000-02-01', '2005-01-01', null],
      [2, '2005-01-01', null, null],
      [3, '2010-01-01', null, null],
    ]);
    const rel = await db.prisma.documentRelation.findFirstOrThrow({ where: { sourceId: 'SB-2099-2' } });
    expect(rel.versionDates).toEqual(['2005-01-01']);
  });

  it('imports dates far in the future as they are, without a warning', async () => {
    const report = await importCorpusFile(
      db,
      writeJsonl([
        record(3, (r) => {
          r.dates.effective_from = '2028-01-10';
          r.versions.unshift({ version: 4, valid_from: '2028-01-10', valid_to: null, kind: 'reform', text_is_current: true });
          r.versions[1] = { ...r.versions[1], valid_to: '2028-01-10', text_is_current: false, text: 'Zákon 3, znění třetí.' };
        }),
      ]),
    );
    expect(report).toMatchObject({ created: 1, failed: [], warnings: [] });
    const { doc, versions: v } = await versions('sb/2099/3');
    expect(iso(doc.effectiveFrom)).toBe('2028-01-10');
    expect(v.at(-1)).toEqual([4, '2028-01-10', null, null]);
  });

  it("stands the previous version's end, else the published date, in for an unusable valid_from, and flags it", async () => {
    const report = await importCorpusFile(
      db,
      writeJsonl([
        record(4, (r) => {
          r.versions[1].valid_from = '0000-00-00'; // version 2: version 1 ended 2005-01-01
          r.versions[2].valid_from = '2000-02-30'; // version 1: no previous one; published 2000-01-15
        }),
        record(5, (r) => {
          r.versions[2].valid_from = '0000-00-00';
          r.dates.published = '0000-00-00'; // unusable too: effective_from stands in
        }),
      ]),
    );
    expect(report).toMatchObject({ created: 2, failed: [] });
    expect(report.warnings.filter((w) => w.field.endsWith('valid_from')).map((w) => [w.line, w.field, w.message])).toEqual([
      [1, 'versions.1.valid_from', expect.stringMatching(/taken from previous version end \(2005-01-01\)/)],
      [1, 'versions.2.valid_from', expect.stringMatching(/taken from published \(2000-01-15\)/)],
      [2, 'versions.2.valid_from', expect.stringMatching(/taken from effective from \(2000-02-01\)/)],
    ]);
    expect((await versions('sb/2099/4')).versions).toEqual([
      [1, '2000-01-15', '2005-01-01', 'published'],
      [2, '2005-01-01', '2010-01-01', 'previous_version_end'],
      [3, '2010-01-01', null, null],
    ]);
    expect((await versions('sb/2099/5')).versions[0]).toEqual([1, '2000-02-01', '2005-01-01', 'effective_from']);
    // The feed's version entries carry the date stored.
    const added = await db.query<{ version: { version: number; valid_from: string } }>(
      `SELECT version FROM "change" WHERE natural_key = 'sb/2099/4' AND kind = 'document.version_added' ORDER BY seq`,
    );
    expect(added.map((c) => c.version.valid_from)).toEqual(['2000-01-15', '2005-01-01', '2010-01-01']);
  });

  it('fails only the record for which no date can stand in, and says why', async () => {
    const report = await importCorpusFile(
      db,
      writeJsonl([
        record(6, (r) => {
          r.versions[2].valid_from = '0000-00-00';
          r.dates.published = null;
          r.dates.effective_from = '0000-00-00';
        }),
        record(7),
      ]),
    );
    expect(report).toMatchObject({ created: 1, updated: 0, unchanged: 0, warnings: [] });
    expect(report.failed).toEqual([
      { line: 1, error: expect.stringMatching(/^schema violation: versions\.2\.valid_from: '0000-00-00' .*no date could stand in/) },
    ]);
    expect(await count(db, '"document" WHERE natural_key = $1', ['sb/2099/6'])).toBe(0);
  });

  it('still rejects what is not a date string at all', async () => {
    const report = await importCorpusFile(
      db,
      writeJsonl([
        record(8, (r) => {
          (r.dates as Record<string, unknown>).published = 20000115;
        }),
      ]),
    );
    expect(report.created).toBe(0);
    expect(report.failed[0].error).toMatch(/dates\.published/);
  });

  it('an unchanged line is not parsed again: a re-import writes nothing and repeats no warning', async () => {
    const lines = [record(9, (r) => void (r.dates.published = '0000-00-00'))];
    expect((await importCorpusFile(db, writeJsonl(lines))).warnings).toHaveLength(1);
    expect(await importCorpusFile(db, writeJsonl(lines))).toMatchObject({ created: 0, unchanged: 1, warnings: [] });
  });
});
