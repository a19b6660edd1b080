import { readFileSync } from 'node:fs';
import { sharedCorpusPath } from '@dp/db';
import { createTestDatabase, seedSharedCorpus, type TestDatabase } from './corpus-helpers';

const path = sharedCorpusPath();
// The real corpus is not part of the repository; without it this suite cannot run.
const describeShared = path ? describe : describe.skip;

function sourceRecord(key: string): any {
  for (const line of readFileSync(path!, 'utf8').split('\n')) {
    if (line.includes(`"natural_key": "${key}"`) || line.includes(`"natural_key":"${key}"`)) return JSON.parse(line);
  }
  throw new Error(`${key} not in the shared corpus`);
}

describeShared('seedSharedCorpus: a subset of the real corpus', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('imports only the named documents, with all 57 versions of sb/1964/40 and their dates', async () => {
    const report = await seedSharedCorpus(db, ['sb/1964/40', 'sb/2012/89']);
    expect(report).toMatchObject({ created: 2, failed: [] });
    expect(await db.prisma.document.count()).toBe(2);

    const src = sourceRecord('sb/1964/40');
    const doc = await db.prisma.document.findUniqueOrThrow({
      where: { naturalKey: 'sb/1964/40' },
      include: { versions: { orderBy: { version: 'asc' } } },
    });
    expect(doc.versions).toHaveLength(57);
    const expected = [...src.versions]
      .sort((a: any, b: any) => a.version - b.version)
      .map((v: any) => [v.version, v.valid_from, v.valid_to, v.amended_by_key, v.text_sha256]);
    expect(
      doc.versions.map((v) => [
        v.version,
        v.validFrom.toISOString().slice(0, 10),
        v.validTo?.toISOString().slice(0, 10) ?? null,
        v.amendedByKey,
        v.textSha256,
      ]),
    ).toEqual(expected);
    expect(doc.versions[56]).toMatchObject({ textIsCurrent: true, text: null });
    expect(doc).toMatchObject({ status: 'no_longer_in_force', repealedBy: ['sb/2012/89'] });
    expect(doc.text).toBe(src.text);
  }, 180_000);

  it('throws a clear error for a natural key the corpus does not have', async () => {
    await expect(seedSharedCorpus(db, ['sb/1999/999'])).rejects.toThrow(/no record for: sb\/1999\/999/);
  });
});
