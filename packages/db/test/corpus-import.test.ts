import { importCorpusFile, FIXTURE_CORPUS_PATH } from '@dp/db';
import { count, createTestDatabase, fixtureRecords, writeJsonl, type TestDatabase } from './corpus-helpers';

const records = fixtureRecords();
const totalVersions = records.reduce((n, r) => n + r.versions.length, 0);
const totalRelations = records.reduce((n, r) => n + r.relations.length, 0);
// #35: the amending acts' texts name the acts they amend: 2092/5 amends 2091/1 and 2090/1,
// 2093/12 amends 2091/1 and 2091/2, 2094/20 amends 2091/1 — each a document.amendment_known change
// on the amended act, which the import wrote before the amending act (the fixture's order).
const AMENDMENTS_KNOWN = 5;

describe('importCorpusFile: the fixture corpus', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('creates every document with its versions, relations and change entries', async () => {
    const progress: number[] = [];
    const report = await importCorpusFile(db, FIXTURE_CORPUS_PATH, { onProgress: (p) => progress.push(p.line) });
    expect(report.failed).toEqual([]);
    expect(report).toMatchObject({ created: records.length, updated: 0, unchanged: 0 });
    expect(report.changes).toBe(records.length + totalVersions + totalRelations + AMENDMENTS_KNOWN);
    expect(progress.at(-1)).toBe(records.length);

    expect(await count(db, '"document"')).toBe(records.length);
    expect(await count(db, 'document_version')).toBe(totalVersions);
    expect(await count(db, 'document_relation')).toBe(totalRelations);
    const kinds = await db.query<{ kind: string; n: number }>('SELECT kind, count(*)::int AS n FROM "change" GROUP BY kind');
    expect(Object.fromEntries(kinds.map((k) => [k.kind, Number(k.n)]))).toEqual({
      'document.created': records.length,
      'document.version_added': totalVersions,
      'relation.created': totalRelations,
      'document.amendment_known': AMENDMENTS_KNOWN,
    });
  });

  it('stores the fields of a document and its versions as the record states them', async () => {
    const doc = await db.prisma.document.findUniqueOrThrow({
      where: { naturalKey: 'sb/2091/1' },
      include: { versions: { orderBy: { version: 'asc' } }, relations: true },
    });
    const rec = records.find((r) => r.natural_key === 'sb/2091/1')!;
    expect(doc).toMatchObject({ id: 'SB-2091-1', docNumber: '1/2091 Sb.', docType: 'act', status: 'in_force', text: rec.text });
    expect(doc.publishedOn?.toISOString().slice(0, 10)).toBe(rec.dates.published);
    expect(doc.sections).toEqual(rec.sections);
    expect(doc.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(
      doc.versions.map((v) => [v.version, v.validFrom.toISOString().slice(0, 10), v.validTo?.toISOString().slice(0, 10) ?? null]),
    ).toEqual([
      [1, '1995-01-01', '2001-05-01'],
      [2, '2001-05-01', '2008-07-01'],
      [3, '2008-07-01', '2016-01-01'],
      [4, '2016-01-01', null],
    ]);
    // Older versions keep only the hash; v3 keeps its text; v4's text is the document's.
    expect(doc.versions.map((v) => [v.text === null, v.textOmitted !== null, v.textIsCurrent])).toEqual([
      [true, true, false],
      [true, true, false],
      [false, false, false],
      [true, false, true],
    ]);
    expect(doc.versions[3]).toMatchObject({ amendedByKey: 'sb/2094/20', amendedBy: '20/2094 Sb.', kind: 'reform' });
    expect(doc.relations.find((r) => r.targetKey === 'sb/1999/999')).toMatchObject({ type: 'cites', targetDocNumber: '999/1999 Sb.' });

    const repealed = await db.prisma.document.findUniqueOrThrow({ where: { naturalKey: 'sb/2090/3' } });
    expect(repealed).toMatchObject({ status: 'no_longer_in_force', repealedBy: ['sb/2094/20'] });
    expect(repealed.inferredEffectiveTo?.toISOString().slice(0, 10)).toBe('2016-01-01');
    const repeal = await db.prisma.documentRelation.findFirstOrThrow({ where: { type: 'repeals', targetKey: 'sb/2090/3' } });
    expect(repeal).toMatchObject({ sourceId: 'SB-2094-20', methods: ['text-pattern'] });
  });

  it('writes change entries in the feed shape, oldest version first', async () => {
    const rows = await db.prisma.change.findMany({ where: { naturalKey: 'sb/2091/1' }, orderBy: { seq: 'asc' } });
    expect(rows.map((r) => r.kind)).toEqual([
      'document.created',
      'document.version_added',
      'document.version_added',
      'document.version_added',
      'document.version_added',
      'relation.created',
      'relation.created',
      'document.amendment_known',
      'document.amendment_known',
      'document.amendment_known',
    ]);
    // Written with each amending act as it was imported: which act, its points and dates.
    expect(rows.slice(-3).map((r) => r.amendment)).toEqual([
      { amending_act: { natural_key: 'sb/2092/5', doc_number: '5/2092 Sb.' }, points: 1, effective_from: ['2001-05-01'], applied: true },
      { amending_act: { natural_key: 'sb/2093/12', doc_number: '12/2093 Sb.' }, points: 1, effective_from: ['2008-07-01'], applied: true },
      { amending_act: { natural_key: 'sb/2094/20', doc_number: '20/2094 Sb.' }, points: 1, effective_from: ['2016-01-01'], applied: true },
    ]);
    expect(rows[0]).toMatchObject({
      documentId: 'SB-2091-1',
      docNumber: '1/2091 Sb.',
      docType: 'act',
      status: 'in_force',
      version: null,
      relation: null,
    });
    expect(rows[0].id).toMatch(/^chg_/);
    expect(rows[1].version).toEqual({ version: 1, valid_from: '1995-01-01', valid_to: '2001-05-01', kind: 'bootstrap', amended_by: null });
    expect(rows[4].version).toEqual({
      version: 4,
      valid_from: '2016-01-01',
      valid_to: null,
      kind: 'reform',
      amended_by: { natural_key: 'sb/2094/20', doc_number: '20/2094 Sb.' },
      // #24 item 6: what the version changed against version 3 (the previous one with a text).
      provisions: {
        compared_with: 3,
        added: ['par_9', 'par_9/odst_1', 'par_9/odst_2'],
        changed: [],
        repealed: [],
        removed: [],
        counts: { added: 3, changed: 0, repealed: 0, removed: 0 },
        truncated: false,
      },
    });
    expect(rows[5].relation).toEqual({ type: 'cites', target: { natural_key: 'sb/1999/999', doc_number: '999/1999 Sb.' } });
  });

  it('is idempotent: a second import changes nothing and writes no change entries', async () => {
    const changesBefore = await count(db, '"change"');
    const updatedAt = (await db.prisma.document.findUniqueOrThrow({ where: { naturalKey: 'sb/2091/1' } })).updatedAt;
    const report = await importCorpusFile(db, FIXTURE_CORPUS_PATH);
    expect(report).toMatchObject({ created: 0, updated: 0, unchanged: records.length, changes: 0, failed: [] });
    expect(await count(db, '"change"')).toBe(changesBefore);
    expect((await db.prisma.document.findUniqueOrThrow({ where: { naturalKey: 'sb/2091/1' } })).updatedAt).toEqual(updatedAt);
  });

  it('a changed record writes exactly the changes it makes', async () => {
    const rec = structuredClone(records.find((r) => r.natural_key === 'sb/2091/1')!);
    // A new version (closing the previous one), a new status and a new edge; one edge dropped.
    rec.versions[0].valid_to = '2030-01-01';
    rec.versions.unshift({
      ...rec.versions[0],
      version: 5,
      valid_from: '2030-01-01',
      valid_to: null,
      amended_by: '1/2096 Sb.',
      amended_by_key: 'sb/2096/1',
    });
    rec.effectivity = { ...rec.effectivity, status: 'no_longer_in_force', repealed_by: ['sb/2099/30'] };
    rec.relations = [rec.relations[0], { type: 'cites', target: 'sb/2096/1', target_doc_number: '1/2096 Sb.', methods: ['text-citation'] }];
    const others = records.filter((r) => r.natural_key !== 'sb/2091/1');
    const seqBefore = Number((await db.query<{ m: string }>('SELECT max(seq)::text AS m FROM "change"'))[0].m);

    const report = await importCorpusFile(db, writeJsonl([...others, rec]));
    expect(report).toMatchObject({ created: 0, updated: 1, unchanged: others.length, changes: 3, failed: [] });

    const fresh = await db.prisma.change.findMany({ where: { seq: { gt: seqBefore } }, orderBy: { seq: 'asc' } });
    expect(fresh.map((c) => c.kind)).toEqual(['document.version_added', 'document.status_changed', 'relation.created']);
    expect(fresh[0].version).toMatchObject({ version: 5, valid_from: '2030-01-01', valid_to: null });
    // status_changed: the new status in the status column, no version/relation payload.
    expect(fresh[1]).toMatchObject({ status: 'no_longer_in_force', version: null, relation: null });
    expect(fresh[2].relation).toEqual({ type: 'cites', target: { natural_key: 'sb/2096/1', doc_number: '1/2096 Sb.' } });

    const doc = await db.prisma.document.findUniqueOrThrow({
      where: { naturalKey: 'sb/2091/1' },
      include: { versions: { orderBy: { version: 'asc' } }, relations: true },
    });
    expect(doc.status).toBe('no_longer_in_force');
    expect(doc.versions).toHaveLength(5);
    expect(doc.versions[3].validTo?.toISOString().slice(0, 10)).toBe('2030-01-01');
    expect(doc.relations.map((r) => r.targetKey).sort()).toEqual(['sb/1999/999', 'sb/2096/1']);

    // And importing the changed file again is a no-op once more.
    const again = await importCorpusFile(db, writeJsonl([...others, rec]));
    expect(again).toMatchObject({ updated: 0, unchanged: records.length, changes: 0 });
  });

  it('changed metadata (or text) without a new version is one document.updated entry naming the fields', async () => {
    const rec = structuredClone(records.find((r) => r.natural_key === 'sb/2092/5')!);
    const others = records.filter((r) => r.natural_key !== 'sb/2092/5');
    const before = { title: rec.title, published: rec.dates.published };
    rec.title = `${rec.title} (nový název)`;
    rec.dates = { ...rec.dates, published: '2001-02-03' };
    rec.gazette = rec.gazette ? { year: rec.gazette.year, issue: rec.gazette.issue } : rec.gazette; // same values, other key order
    rec.text = `${rec.text}\nOprava.`;
    await importCorpusFile(db, writeJsonl(records)); // back to the fixture as it is (the test above changed one)
    const seqBefore = Number((await db.query<{ m: string }>('SELECT max(seq)::text AS m FROM "change"'))[0].m);

    const report = await importCorpusFile(db, writeJsonl([...others, rec]));
    expect(report).toMatchObject({ updated: 1, changes: 1, failed: [] });
    const [entry] = await db.prisma.change.findMany({ where: { seq: { gt: seqBefore } } });
    expect(entry.kind).toBe('document.updated');
    expect(entry.fields).toEqual({
      title: { from: before.title, to: rec.title },
      published: { from: before.published, to: '2001-02-03' },
      text: { from: expect.stringMatching(/^[0-9a-f]{64}$/), to: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
  });
});
