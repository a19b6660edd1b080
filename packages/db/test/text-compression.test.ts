import { importCorpusFile, readMigrations } from '@dp/db';
import { testRecord } from '@dp/testing';
import { createTestDatabase, writeJsonl, type TestDatabase } from './corpus-helpers';

// Migration 20261126060000: the document texts a search and a document read decompress use lz4
// where the server has it (the system PostgreSQL); the embedded server, built without it, keeps
// pglz. Texts written before the migration are written again by it, unchanged.

const record = (n: number) =>
  testRecord(`sb/2094/${n}`, {
    title: `Zákon o kompresi ${n}`,
    citation: `Zákon č. ${n}/2094 Sb.`,
    // Long and repetitive: every one of the three columns is compressed whatever the method.
    text: `# Zákon o kompresi ${n}\n\n` + Array.from({ length: 3000 }, (_, i) => `§ ${i} Text ustanovení číslo ${i % 7}.`).join('\n'),
  });

describe('document texts compressed with lz4 where the server has it', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.destroy());

  const methods = async (id: string) =>
    (
      await db.query<{ text: string; scan: string; lead: string }>(
        `SELECT pg_column_compression(text) AS text, pg_column_compression(search_scan) AS scan, pg_column_compression(search_lead) AS lead
         FROM "document" WHERE id = $1`,
        [id],
      )
    )[0];
  const stored = (id: string) =>
    db.query<Record<string, string>>(
      `SELECT text, search_scan, search_lead, search_vector::text AS vector, search_title FROM "document" WHERE id = $1`,
      [id],
    );
  const write = async (n: number) => {
    const report = await importCorpusFile(db, writeJsonl([record(n)]));
    expect(report.failed).toEqual([]);
  };

  it('writes with lz4 and rewrites what pglz wrote before, unchanged', async () => {
    const [{ lz4 }] = await db.query<{ lz4: boolean }>(
      `SELECT 'lz4' = ANY(enumvals::text[]) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`,
    );
    const method = lz4 ? 'lz4' : 'pglz';
    await write(1);
    expect(await methods('SB-2094-1')).toEqual({ text: method, scan: method, lead: method });

    // A document written as before the migration: the columns back on the server's default.
    await db.exec(
      `ALTER TABLE "document" ALTER COLUMN "text" SET COMPRESSION default, ALTER COLUMN "search_scan" SET COMPRESSION default,
       ALTER COLUMN "search_lead" SET COMPRESSION default`,
    );
    await write(2);
    expect(await methods('SB-2094-2')).toEqual({ text: 'pglz', scan: 'pglz', lead: 'pglz' });
    const before = await stored('SB-2094-2');

    const migration = readMigrations().find((m) => m.name === '20261126060000_document_text_lz4');
    await db.exec(`BEGIN; ${migration!.sql}; COMMIT;`);
    expect(await methods('SB-2094-2')).toEqual({ text: method, scan: method, lead: method });
    expect(await stored('SB-2094-2')).toEqual(before);
    // The search trigger is on again: a changed text is searched as before.
    await db.exec(`UPDATE "document" SET text = text || ' Dodatek.' WHERE id = 'SB-2094-2'`);
    const [{ vector }] = await stored('SB-2094-2');
    expect(vector).toContain("'dodat");
  });
});
