import { importCorpusFile } from '@dp/db';
import { count, createTestDatabase, fixtureRecords, writeJsonl, type TestDatabase } from './corpus-helpers';

const records = fixtureRecords();
const byKey = (key: string) => structuredClone(records.find((r) => r.natural_key === key)!);

async function stored(db: TestDatabase, key: string, id: string) {
  return {
    documents: await count(db, '"document" WHERE natural_key = $1', [key]),
    versions: await count(db, 'document_version WHERE document_id = $1', [id]),
    relations: await count(db, 'document_relation WHERE source_id = $1', [id]),
    changes: await count(db, '"change" WHERE natural_key = $1', [key]),
  };
}
const NOTHING = { documents: 0, versions: 0, relations: 0, changes: 0 };

describe('importCorpusFile: bad lines', () => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    await db.destroy();
  });

  it('reports invalid JSON and schema violations by line number, imports the rest', async () => {
    const schemaBad = byKey('sb/2091/2');
    schemaBad.doc_type = 'novel'; // not a doc_type
    delete schemaBad.versions[0].valid_from;
    const file = writeJsonl([byKey('sb/2090/1'), '{"id": "SB-2090-3", "natural_key": ', schemaBad, '', byKey('sb/2096/1')]);

    const report = await importCorpusFile(db, file);
    expect(report.created).toBe(2);
    expect(report.failed.map((f) => f.line)).toEqual([2, 3]);
    expect(report.failed[0].error).toMatch(/^invalid JSON/);
    expect(report.failed[1].error).toMatch(/^schema violation: .*doc_type/);
    expect(report.failed[1].error).toMatch(/versions\.0\.valid_from/);
    expect(await count(db, '"document"')).toBe(2);
    expect(await stored(db, 'sb/2091/2', 'SB-2091-2')).toEqual(NOTHING);
  });

  it('a database error leaves nothing of the record behind', async () => {
    const bad = byKey('sb/2091/1');
    // Valid JSON and valid for the schema, but PostgreSQL text cannot hold NUL.
    bad.relations[1].evidence = 'before\u0000after';
    const report = await importCorpusFile(db, writeJsonl([byKey('sb/2090/1'), bad, byKey('sb/2096/1')]));
    expect(report.created).toBe(2);
    expect(report.failed).toHaveLength(1);
    expect(report.failed[0]).toMatchObject({ line: 2 });
    expect(report.failed[0].error).toMatch(/^database error: /);
    expect(await stored(db, 'sb/2091/1', 'SB-2091-1')).toEqual(NOTHING);
  });

  it('a failure after the rows were written (while writing changes) rolls the whole document back', async () => {
    // Fails the change insert of one document only, after its document, version and relation rows.
    await db.exec(`
      CREATE FUNCTION fail_one_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.natural_key = 'sb/2091/2' THEN RAISE EXCEPTION 'simulated failure for %', NEW.natural_key; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER fail_one_change BEFORE INSERT ON "change" FOR EACH ROW EXECUTE FUNCTION fail_one_change();`);
    const report = await importCorpusFile(db, writeJsonl(records));
    expect(report.failed).toHaveLength(1);
    expect(report.failed[0].line).toBe(records.findIndex((r) => r.natural_key === 'sb/2091/2') + 1);
    expect(report.failed[0].error).toMatch(/simulated failure/);
    expect(report.created).toBe(records.length - 1);
    expect(await stored(db, 'sb/2091/2', 'SB-2091-2')).toEqual(NOTHING);

    // Once the cause is gone, the next import picks the document up.
    await db.exec('DROP TRIGGER fail_one_change ON "change"');
    const retry = await importCorpusFile(db, writeJsonl(records));
    expect(retry).toMatchObject({ created: 1, unchanged: records.length - 1, failed: [] });
  });

  it('imports only what the filter admits', async () => {
    const report = await importCorpusFile(db, writeJsonl(records), { filter: (k) => k.startsWith('sb/2095/') });
    expect(report).toMatchObject({ created: 2, updated: 0, unchanged: 0, failed: [] });
    expect(await count(db, '"document"')).toBe(2);
  });
});
