import {
  LABOUR_CODE,
  labourCodeRecord,
  createTestDatabase,
  type TestDatabase,
  LABOUR_CODE_PART_ONE,
  labourCodeAmendingRecord,
} from '@dp/testing';
import { loadEffectsAfter } from '../../src/legal/documents/amendments';
import { DocumentCache, loadDocumentsOf } from '../../src/legal/documents/document-cache';
import { dayStatus, loadDayEffects, pageDayEffects } from '../../src/legal/search/text-status';

/**
 * #37 latency: a provision hit's status needs only the effects its document's text in view lacks
 * on the day (those after the text's day, and a rebuilt chain's unapplied points), not every effect
 * the act ever had with its amending acts (the document read's load). The narrow read must give
 * the statuses the whole load gives (dayStatus), on today and on a day asked.
 */

const LABOUR = LABOUR_CODE_PART_ONE;

let db: TestDatabase;
let labourId: string;
beforeAll(async () => {
  db = await createTestDatabase({
    records: [labourCodeRecord(LABOUR), labourCodeAmendingRecord()],
  });
  const [row] = await db.query<{ id: string }>(`SELECT id FROM "document" WHERE natural_key = $1`, [LABOUR_CODE.naturalKey]);
  labourId = row.id;
  // Effects on either side of the texts' days: one before the first version (never outstanding),
  // one far ahead (outstanding on no day asked here).
  await db.exec(`INSERT INTO "amendment_effect" (amending_key, target_key, ordinal, effective_from, kinds, targets, instruction)
                 VALUES ('sb/2011/365', '${LABOUR_CODE.naturalKey}', 90, '2001-01-01', '{replace}', '{par_52}', 'staré znění'),
                        ('sb/2011/365', '${LABOUR_CODE.naturalKey}', 91, '2099-01-01', '{replace}', '{par_76}', 'budoucí znění')`);
});
afterAll(() => db.destroy());

describe('the provision search page’s statuses read only the effects after the text’s day (#37 latency)', () => {
  it('loadEffectsAfter reads the effects after the text’s day up to the day, in the listing’s order', async () => {
    const effects = (await loadEffectsAfter(db, [{ targetKey: LABOUR_CODE.naturalKey, textDay: '2007-01-01' }], '2026-11-30')).get(
      LABOUR_CODE.naturalKey,
    )!;
    const dates = effects.map((e) => e.effectiveFrom);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates).not.toContain('2099-01-01');
    // The point dated 2001 is of an act published in 2011: a text of 2007 cannot hold it (`textLacks`,
    // retroactive), so it is read; every other is dated after the text's day.
    expect(effects.filter((e) => e.effectiveFrom! <= '2007-01-01').map((e) => [e.effectiveFrom, e.actPublishedOn])).toEqual([
      ['2001-01-01', expect.stringMatching(/^2011-/)],
    ]);
    expect(dates.every((d) => d! <= '2026-11-30')).toBe(true);
    expect([...dates].sort()).toEqual(dates);
  });

  it('gives the effects dayStatus gives from the whole document, today and on days asked', async () => {
    const whole = (await loadDocumentsOf(db, [labourId])).get(labourId)!;
    // The whole load holds every effect, the narrow read not the one before the texts.
    expect(whole.amendments.effects.some((e) => e.effectiveFrom === '2001-01-01')).toBe(true);
    for (const [day, dayAsked] of [
      [new Date('2026-11-30T00:00:00Z'), false],
      [new Date('2026-11-30T00:00:00Z'), true],
      [new Date('2011-06-01T00:00:00Z'), true],
      [new Date('2012-06-01T00:00:00Z'), true],
      [new Date('2005-01-01T00:00:00Z'), true],
    ] as const) {
      const narrow = (await loadDayEffects(db, [labourId, 'no-such-document'], day, dayAsked)).get(labourId)!;
      expect(narrow.effects).toEqual(dayStatus(whole, day, dayAsked).effects);
      expect(narrow.versions).toEqual(whole.versions);
    }
    const today = (await loadDayEffects(db, [labourId], new Date('2026-11-30T00:00:00Z'), false)).get(labourId)!;
    expect(today.effects.length).toBeGreaterThan(0);
  });

  it('serves them through the document cache, a document it holds whole without a read, an unknown one absent', async () => {
    const documents = new DocumentCache(db);
    const day = new Date('2026-11-30T00:00:00Z');
    const expected = dayStatus((await loadDocumentsOf(db, [labourId])).get(labourId)!, day, false).effects;
    const first = await pageDayEffects(db, documents, [labourId, labourId, 'no-such-document'], day, false);
    expect([...first.keys()]).toEqual([labourId]);
    expect(first.get(labourId)!.effects).toEqual(expected);
    // Cached: a second page reads nothing (the database handle is not asked).
    const silent = { ...db, kysely: undefined } as unknown as TestDatabase;
    expect((await pageDayEffects(silent, documents, [labourId], day, false)).get(labourId)!.effects).toEqual(expected);
    // A document held whole answers from it.
    const fresh = new DocumentCache(db);
    await fresh.getMany([labourId]);
    expect((await pageDayEffects(silent, fresh, [labourId], day, false)).get(labourId)!.effects).toEqual(expected);
  });
});
