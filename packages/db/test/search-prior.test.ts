import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '@dp/db';
import { cites, createTestDatabase, importTestRecords, testRecord, type TestDatabase } from '@dp/testing';

// #37 item 6 (h-prior): search_prior holds each document's status, type and in-degree (the
// provision search's act prior reads them there), and must equal what `document` and
// search_in_degree say after every write that changes them, whoever writes it.

const LIVE = `SELECT d.id AS document_id, d.status, d.doc_type, coalesce(g.amended_by + g.cited_by, 0) AS degree
              FROM "document" d LEFT JOIN "search_in_degree" g ON g.target_key = d.natural_key ORDER BY d.id`;
const STORED = 'SELECT document_id, status, doc_type, degree FROM "search_prior" ORDER BY document_id';

/** A document inserted by hand: only the columns without a default. */
const insertDocument = (id: string, key: string) =>
  `INSERT INTO "document" (id, natural_key, doc_number, title, doc_type, text, status, content_hash)
   VALUES ('${id}', '${key}', '${key}', 'Zákon', 'act', '# Zákon', 'in_force', 'x')`;

describe('search_prior (h-prior)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({
      records: [
        testRecord('sb/2095/1', { title: 'Zákon o věcech' }),
        testRecord('sb/2095/2', { title: 'Vyhláška o věcech', docType: 'decree', relations: [cites('sb/2095/1')] }),
        testRecord('sb/2095/3', { title: 'Zákon o jiných věcech', status: 'no_longer_in_force', relations: [cites('sb/2095/1')] }),
        // An edge into an act not in the collection yet.
        testRecord('sb/2095/4', { title: 'Zákon o dalších věcech', relations: [cites('sb/2095/9')] }),
      ],
    });
  });
  afterAll(() => db.destroy());

  const expectExact = async () => {
    const live = await db.query<Record<string, unknown>>(LIVE);
    expect(live.length).toBeGreaterThan(0);
    expect(await db.query(STORED)).toEqual(live);
  };
  const row = async (id: string) => (await db.query(`SELECT status, doc_type, degree FROM "search_prior" WHERE document_id = $1`, [id]))[0];

  it('holds every imported document’s status, type and in-degree', async () => {
    await expectExact();
    expect(await row('SB-2095-1')).toEqual({ status: 'in_force', doc_type: 'act', degree: 2 });
    expect(await row('SB-2095-2')).toEqual({ status: 'in_force', doc_type: 'decree', degree: 0 });
  });

  it('follows a status or type written by hand or by a re-import', async () => {
    await db.exec(`UPDATE "document" SET status = 'no_longer_in_force' WHERE id = 'SB-2095-1'`);
    expect(await row('SB-2095-1')).toEqual({ status: 'no_longer_in_force', doc_type: 'act', degree: 2 });
    await db.exec(`UPDATE "document" SET doc_type = 'government_regulation' WHERE id = 'SB-2095-2'`);
    await expectExact();
    // Changed records (an unchanged one is skipped): the importer writes their status and type.
    await importTestRecords(db, [
      testRecord('sb/2095/1', { title: 'Zákon o věcech a jiném', status: 'in_force' }),
      testRecord('sb/2095/2', { title: 'Vyhláška o věcech a jiném', docType: 'decree', relations: [cites('sb/2095/1')] }),
    ]);
    expect(await row('SB-2095-1')).toEqual({ status: 'in_force', doc_type: 'act', degree: 2 });
    await expectExact();
  });

  it('follows the relations added and removed, and a document deleted', async () => {
    // sb/2095/3 re-imported without its edge, then with one more.
    await importTestRecords(db, [testRecord('sb/2095/3', { title: 'Zákon o jiných věcech', status: 'no_longer_in_force' })]);
    expect((await row('SB-2095-1'))?.degree).toBe(1);
    await importTestRecords(db, [
      testRecord('sb/2095/3', {
        title: 'Zákon o jiných věcech',
        status: 'no_longer_in_force',
        relations: [cites('sb/2095/1'), cites('sb/2095/2')],
      }),
    ]);
    expect((await row('SB-2095-1'))?.degree).toBe(2);
    expect((await row('SB-2095-2'))?.degree).toBe(1);
    await expectExact();
    // The citing document deleted: its edges go, and with them its targets' counts.
    await db.exec(`DELETE FROM "document" WHERE id = 'SB-2095-3'`);
    expect(await row('SB-2095-3')).toBeUndefined();
    expect((await row('SB-2095-1'))?.degree).toBe(1);
    await expectExact();
    // A cited document deleted, then imported again: its edges stayed with their sources.
    await db.exec(`DELETE FROM "document" WHERE id = 'SB-2095-1'`);
    expect(await row('SB-2095-1')).toBeUndefined();
    await importTestRecords(db, [testRecord('sb/2095/1', { title: 'Zákon o věcech' })]);
    expect((await row('SB-2095-1'))?.degree).toBe(1);
    await expectExact();
  });

  it('counts the edges written before their target entered the collection', async () => {
    await importTestRecords(db, [testRecord('sb/2095/9', { title: 'Zákon o posledních věcech' })]);
    expect((await row('SB-2095-9'))?.degree).toBe(1);
    await expectExact();
  });

  it('counts an edge another writer commits while the target is written but not committed', async () => {
    // The target's transaction has not read search_in_degree when the edge commits, and the
    // edge's writer cannot see the target: the row is written at the target's commit, from what
    // is committed then.
    await db.withSession(async (s) => {
      await s.exec('BEGIN');
      try {
        await s.exec(insertDocument('SB-2095-20', 'sb/2095/20'));
        await importTestRecords(db, [testRecord('sb/2095/21', { title: 'Zákon o citacích', relations: [cites('sb/2095/20')] })]);
        await s.exec('COMMIT');
      } catch (e) {
        await s.exec('ROLLBACK');
        throw e;
      }
    });
    expect(await row('SB-2095-20')).toEqual({ status: 'in_force', doc_type: 'act', degree: 1 });
    await expectExact();
  });

  it('drops the counts with the edges truncated', async () => {
    await db.exec('TRUNCATE "document_relation"');
    expect((await row('SB-2095-1'))?.degree).toBe(0);
    await expectExact();
  });

  it('is backfilled by its migration from what is stored', async () => {
    const sql = readFileSync(join(MIGRATIONS_DIR, '20261203200000_search_prior', 'migration.sql'), 'utf8');
    const backfill = sql.slice(sql.indexOf('-- The documents already stored.'));
    await importTestRecords(db, [testRecord('sb/2095/30', { title: 'Zákon o návratu', relations: [cites('sb/2095/1')] })]);
    await db.exec('DELETE FROM "search_prior"');
    await db.withSession(async (s) => {
      await s.exec('BEGIN');
      await s.exec(backfill);
      await s.exec('COMMIT');
    });
    expect((await row('SB-2095-1'))?.degree).toBe(1);
    await expectExact();
  });

  it('drops the rows with the documents truncated', async () => {
    await db.exec('TRUNCATE "document" CASCADE');
    expect(await db.query(STORED)).toEqual([]);
  });
});
