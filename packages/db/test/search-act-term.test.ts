import { ACT_TERM_MIN_UNITS, backfillActIndex, indexTerms, writeProvisionIndex } from '@dp/db';
import { testRecord } from '@dp/testing';
import { createTestDatabase, type TestDatabase } from './corpus-helpers';

// #37 (h-speed7): `search_act_term`, an act's units per lemma key where at least ACT_TERM_MIN_UNITS
// hold it: the provision search's first stage bounds an act's units holding two common words by it.
// Written with the act's row from the units as stored; the backfill writes it for an older database.

// Seven §§: "obec" in six, "poplatek" in four (under the floor), "pes" in one; the title's words
// (weight B) in every unit.
const sections = ['obec poplatek', 'obec poplatek pes', 'obec poplatek', 'obec poplatek', 'obec', 'obec', 'jiná věc'];
const record = testRecord('sb/2099/262', {
  title: 'Zákon o místní správě',
  text: `# Zákon o místní správě\n\n${sections.map((t, i) => `##### § ${i + 1}\n\nText ${t}.\n`).join('\n')}`,
  version: { text_is_current: true },
});

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ records: [record] });
});
afterAll(() => db.destroy());

const key = (word: string) => indexTerms(word)[0];
const rows = async () =>
  new Map(
    (
      await db.query<{ term: string; units: number }>(`SELECT term, units FROM "search_act_term" WHERE document_id = $1 ORDER BY term`, [
        record.id,
      ])
    ).map((r) => [r.term, Number(r.units)]),
  );

describe('an act’s units per lemma key (search_act_term)', () => {
  it('holds each key of at least ACT_TERM_MIN_UNITS units with their number, the act’s title’s in every unit', async () => {
    expect(ACT_TERM_MIN_UNITS).toBe(5);
    const held = await rows();
    expect(held.get(key('obec'))).toBe(6);
    expect(held.get(key('správě'))).toBe(7);
    expect(held.has(key('poplatek'))).toBe(false);
    expect(held.has(key('pes'))).toBe(false);
    // As the stored units' vectors hold them.
    const [{ n }] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "search_provision" WHERE document_id = $1 AND vector @@ $2::tsquery`,
      [record.id, key('obec')],
    );
    expect(n).toBe(6);
  });

  it('is written again by the backfill of the act rows, and goes with the act’s units', async () => {
    const written = await rows();
    await db.exec('DELETE FROM "search_act_term"');
    await db.exec('DELETE FROM "search_act"');
    expect(await backfillActIndex(db)).toBe(1);
    expect(await rows()).toEqual(written);
    await db.exec(`UPDATE "document_version" SET provisions = NULL WHERE document_id = '${record.id}'`);
    await db.prisma.$transaction((tx) => writeProvisionIndex(tx, record.id));
    expect((await rows()).size).toBe(0);
  });
});
