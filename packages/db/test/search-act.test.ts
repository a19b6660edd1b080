import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  backfillActIndex,
  backfillProvisionIndex,
  buildProvisionTree,
  importCorpusFile,
  indexTerms,
  MIGRATIONS_DIR,
  textUnits,
  unitChunks,
  writeProvisionIndex,
} from '@dp/db';
import { omnibusActText, testRecord } from '@dp/testing';
import { createTestDatabase, writeJsonl, type TestDatabase } from './corpus-helpers';

// #37 (h-acts2): the provision index stores whether a unit lies inside a part amending another act
// (`in_amendment`, from @dp/czech-law AMENDING_PART), and one row per act (`search_act`: its title
// A, its own headings B) for the search's act stage. Both are written with the units; a database
// indexed before gets the flag from its migration and the act rows from the backfill.

// An omnibus act: its first part changes another act and quotes that act's § with its heading.
const OMNIBUS = omnibusActText('Sazba daně z pozemků činí 1 %.', { ownHeading: 'Rozpočtová rezerva' });

const record = testRecord('sb/2099/261', {
  title: 'Zákon o stabilizaci veřejných rozpočtů',
  text: OMNIBUS,
  version: { kind: 'bootstrap', text_is_current: true },
});

let db: TestDatabase;
let id: string;
beforeAll(async () => {
  db = await createTestDatabase();
  expect((await importCorpusFile(db, writeJsonl([record]))).created).toBe(1);
  [{ id }] = await db.query<{ id: string }>(`SELECT id FROM "document" WHERE natural_key = 'sb/2099/261'`);
});
afterAll(async () => {
  await db.destroy();
});

const flags = () =>
  db.query<{ provision_id: string; in_amendment: boolean }>(`SELECT provision_id, in_amendment FROM "search_provision" ORDER BY ord`);
/** The act row's lexemes with their weights. */
const actRow = async () => {
  const rows = await db.query<{ lexeme: string; weights: string }>(
    `SELECT u.lexeme, array_to_string(ARRAY(SELECT DISTINCT x FROM unnest(u.weights) x ORDER BY x), '') AS weights
     FROM "search_act" a, unnest(a.vector) u WHERE a.document_id = $1 ORDER BY u.lexeme`,
    [id],
  );
  return new Map(rows.map((r) => [r.lexeme, r.weights]));
};
const key = (word: string) => indexTerms(word)[0];

describe('a unit inside a part amending another act, stored', () => {
  it('is flagged by the writer: the part changing another act, not the act’s own part', async () => {
    const byId = new Map((await flags()).map((f) => [f.provision_id, f.in_amendment]));
    expect(byId.get('cl_1')).toBe(true);
    expect(byId.get('cl_2')).toBe(false);
    expect([...byId.values()].filter(Boolean).length).toBeGreaterThan(0);
  });

  it('is filled by the migration, in SQL, as the writer flags it', async () => {
    const written = await flags();
    const sql = readFileSync(join(MIGRATIONS_DIR, '20261129190000_search_provision_in_amendment', 'migration.sql'), 'utf8');
    const fill = sql.slice(sql.indexOf('UPDATE'));
    await db.exec('UPDATE "search_provision" SET in_amendment = FALSE');
    expect((await flags()).some((f) => f.in_amendment)).toBe(false);
    await db.exec(fill);
    expect(await flags()).toEqual(written);
  });

  it('the units the sync computes carry the flag the stored version gives', async () => {
    const whole = () => db.query<Record<string, unknown>>(`SELECT p.*, p.vector::text AS vector FROM "search_provision" p ORDER BY ord`);
    await db.prisma.$transaction((tx) => writeProvisionIndex(tx, id));
    const readBack = await whole();
    const units = unitChunks(textUnits(OMNIBUS, buildProvisionTree(OMNIBUS).nodes));
    await db.exec('DELETE FROM "search_provision"');
    const [v] = await db.query<{ version: number }>(`SELECT version FROM "document_version" WHERE document_id = $1 AND text_is_current`, [
      id,
    ]);
    await db.prisma.$transaction((tx) =>
      writeProvisionIndex(tx, id, undefined, { version: v.version, units, title: record.title, citation: null }),
    );
    expect(await whole()).toEqual(readBack);
  });
});

describe('the act as a document (search_act)', () => {
  it('holds the title (A) and the act’s own headings (B), not those of the part amending another act', async () => {
    const row = await actRow();
    expect(row.get(key('veřejných'))).toBe('A');
    expect(row.get(key('stabilizaci'))).toBe('AB');
    expect(row.get(key('rezerva'))).toBe('B');
    // The amending part's heading names the act it changes: its words are that act's.
    expect(row.has(key('nemovitých'))).toBe(false);
    expect(row.has(key('změna'))).toBe(false);
  });

  it('is written again by the backfill, from the stored units, for a database indexed before it', async () => {
    const written = await actRow();
    await db.exec('DELETE FROM "search_act"');
    expect(await backfillActIndex(db)).toBe(1);
    expect(await actRow()).toEqual(written);
    // Nothing left to write; the provision index's backfill (the sync's reindex phase) runs it too.
    expect(await backfillActIndex(db)).toBe(0);
    await db.exec('DELETE FROM "search_act"');
    expect((await backfillProvisionIndex(db)).acts).toBe(1);
    expect(await actRow()).toEqual(written);
  });

  it('goes with the act’s units: a document whose index is emptied loses its row', async () => {
    await db.exec(`UPDATE "document_version" SET provisions = NULL WHERE document_id = '${id}'`);
    await db.prisma.$transaction((tx) => writeProvisionIndex(tx, id));
    expect(await db.query(`SELECT 1 FROM "search_act" WHERE document_id = $1`, [id])).toEqual([]);
  });
});
