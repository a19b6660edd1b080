import {
  LABOUR_CODE,
  labourCodeRecord,
  createTestDatabase,
  type TestDatabase,
  LABOUR_CODE_PART_ONE,
  labourCodeAmendingRecord,
} from '@dp/testing';
import { loadEffectsAfter, provisionStatus, type StatusEffect } from '../../src/legal/documents/amendments';
import { DocumentCache, loadDocumentsOf } from '../../src/legal/documents/document-cache';
import { dayStatus, loadDayEffects, pageDayEffects } from '../../src/legal/search/text-status';

/**
 * #37 latency: a provision hit's status needs only the effects its document's text in view lacks
 * on the day (those after the text's day, and a rebuilt chain's unapplied points), not every effect
 * the act ever had with its amending acts (the document read's load). The narrow read must give
 * the statuses the whole load gives (dayStatus), on today and on a day asked.
 */

const LABOUR = LABOUR_CODE_PART_ONE;

/** An effect as a provision's status reads it (`StatusEffect`): the instruction of a change throughout the text only. */
const asRead = (e: StatusEffect): StatusEffect => ({
  amendingKey: e.amendingKey,
  ordinal: e.ordinal,
  effectiveFrom: e.effectiveFrom,
  actPublishedOn: e.actPublishedOn,
  targets: e.targets,
  instruction: e.targets.includes('*') ? e.instruction : null,
});

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
      expect(narrow.effects).toEqual(dayStatus(whole, day, dayAsked).effects.map(asRead));
      expect(narrow.versions).toEqual(whole.versions);
    }
    const today = (await loadDayEffects(db, [labourId], new Date('2026-11-30T00:00:00Z'), false)).get(labourId)!;
    expect(today.effects.length).toBeGreaterThan(0);
  });

  it('serves them through the document cache, a document it holds whole without a read, an unknown one absent', async () => {
    const documents = new DocumentCache(db);
    const day = new Date('2026-11-30T00:00:00Z');
    const expected = dayStatus((await loadDocumentsOf(db, [labourId])).get(labourId)!, day, false).effects.map(asRead);
    const first = await pageDayEffects(db, documents, [labourId, labourId, 'no-such-document'], day, false);
    expect([...first.keys()]).toEqual([labourId]);
    expect(first.get(labourId)!.effects).toEqual(expected);
    // Cached: a second page reads nothing (the database handle is not asked).
    const silent = { ...db, kysely: undefined } as unknown as TestDatabase;
    expect((await pageDayEffects(silent, documents, [labourId], day, false)).get(labourId)!.effects).toEqual(expected);
    // A document held whole answers from it.
    const fresh = new DocumentCache(db);
    await fresh.getMany([labourId]);
    expect((await pageDayEffects(silent, fresh, [labourId], day, false)).get(labourId)!.effects.map(asRead)).toEqual(expected);
  });
});

describe('a rebuilt text’s many unapplied points: read without their instructions, the statuses unchanged (#37 latency)', () => {
  let rdb: TestDatabase;
  let id: string;
  const POINTS = 300;
  // A change throughout the text whose words § 52 holds: its status reads its instruction.
  const EVERYWHERE = 'Ve všech ustanoveních zákona se slovo „Zaměstnavatel“ nahrazuje slovem „Firma“.';
  const targetOf = (i: number) =>
    [['par_52'], ['par_52/pism_g'], ['par_76/odst_1'], ['par_76..par_80'], ['cast_1'], ['par_9' + String(i)], ['hlava_2']][i % 7];
  beforeAll(async () => {
    rdb = await createTestDatabase({ records: [labourCodeRecord(LABOUR), labourCodeAmendingRecord()] });
    const [row] = await rdb.query<{ id: string }>(`SELECT id FROM "document" WHERE natural_key = $1`, [LABOUR_CODE.naturalKey]);
    id = row.id;
    // Points dated before the rebuilt text's day, of an act published before it: outstanding only
    // as the chain's unapplied points, each with a long instruction.
    const points = Array.from({ length: POINTS }, (_, i) => ({
      ordinal: 100 + i,
      targets: i === 7 ? ['*'] : targetOf(i),
      instruction: i === 7 ? EVERYWHERE : `${i}. ${'V § 52 se slova „a“ nahrazují slovy „b“. '.repeat(40)}`,
    }));
    for (const p of points)
      await rdb.query(
        `INSERT INTO "amendment_effect" (amending_key, target_key, ordinal, effective_from, kinds, targets, instruction)
         VALUES ('sb/2011/365', $1, $2, '2011-06-01', '{replace}', $3, $4)`,
        [LABOUR_CODE.naturalKey, p.ordinal, p.targets, p.instruction],
      );
    // A retroactive point for a text of 2007 (its act published in 2011), not failed.
    await rdb.query(
      `INSERT INTO "amendment_effect" (amending_key, target_key, ordinal, effective_from, kinds, targets, instruction)
       VALUES ('sb/2011/365', $1, 90, '2001-01-01', '{replace}', '{par_52}', 'staré znění')`,
      [LABOUR_CODE.naturalKey],
    );
    const failed = points.map((p) => ({ amending_key: 'sb/2011/365', ordinal: p.ordinal }));
    const [last] = await rdb.query<{ version: number }>(`SELECT max(version) AS version FROM "document_version" WHERE document_id = $1`, [
      id,
    ]);
    await rdb.query(
      `INSERT INTO "document_version" (document_id, version, valid_from, kind, text_as_of, text_source, rebuild)
       VALUES ($1, $2, '2012-01-01', 'rebuilt', '2012-01-01', 'rebuilt', $3::jsonb)`,
      [id, last.version + 1, JSON.stringify({ failed })],
    );
  });
  afterAll(() => rdb.destroy());

  it('reads every unapplied point, the instruction only of a change throughout the text', async () => {
    const day = new Date('2026-11-30T00:00:00Z');
    const narrow = (await loadDayEffects(rdb, [id], day, false)).get(id)!;
    expect(narrow.versions[narrow.versions.length - 1].textSource).toBe('rebuilt');
    const points = narrow.effects.filter((e) => e.ordinal >= 100);
    expect(points).toHaveLength(POINTS);
    expect(points.filter((e) => e.instruction !== null).map((e) => [e.ordinal, e.instruction])).toEqual([[107, EVERYWHERE]]);
  });

  it('reads a retroactive act’s points for a text of the source only, the failed points for a rebuilt one', async () => {
    const [v] = await rdb.query<{ version: number }>(`SELECT max(version) AS version FROM "document_version" WHERE document_id = $1`, [id]);
    const ordinals = async (rebuilt?: { documentId: string; version: number }) =>
      (
        await loadEffectsAfter(
          rdb,
          [{ targetKey: LABOUR_CODE.naturalKey, textDay: '2007-01-01', ...(rebuilt ? { rebuilt } : {}) }],
          '2026-11-30',
        )
      )
        .get(LABOUR_CODE.naturalKey)!
        .map((e) => e.ordinal);
    const source = await ordinals();
    expect(source).toContain(90);
    const rebuilt = await ordinals({ documentId: id, version: v.version });
    expect(rebuilt).not.toContain(90);
    expect(rebuilt.filter((o) => o >= 100)).toHaveLength(POINTS);
  });

  it('gives every provision the status and reaching effects the whole document gives', async () => {
    const whole = (await loadDocumentsOf(rdb, [id])).get(id)!;
    const par52 = LABOUR_CODE.par52.body.join('\n');
    const par76 = LABOUR_CODE.par76.body.join('\n');
    const units: [string, string[], string | null][] = [
      ['par_52', ['cast_1'], par52],
      ['par_52/pism_g', ['cast_1', 'par_52'], 'porušuje-li zaměstnanec povinnosti.'],
      ['par_76', ['cast_1'], par76],
      ['par_76/odst_2', ['cast_1', 'par_76'], '(2) Práce přesčas se vyrovná.'],
      ['par_78', ['cast_1'], 'Jiný text.'],
      ['cast_1', [], null],
      ['par_95', [], 'Zaměstnavatel vede evidenci.'],
      ['par_200', [], 'Nic.'],
    ];
    for (const [day, dayAsked] of [
      [new Date('2026-11-30T00:00:00Z'), false],
      [new Date('2013-06-01T00:00:00Z'), true],
    ] as const) {
      const all = dayStatus(whole, day, dayAsked).effects;
      const narrow = (await loadDayEffects(rdb, [id], day, dayAsked)).get(id)!.effects;
      expect(narrow.length).toBeGreaterThanOrEqual(POINTS);
      const keys = (effects: readonly StatusEffect[]) => effects.map((e) => `${e.amendingKey}#${e.ordinal}`);
      const seen = new Set<string>();
      for (const [provision, ancestors, text] of units) {
        const a = provisionStatus(provision, ancestors, true, all, [], { text });
        const b = provisionStatus(provision, ancestors, true, narrow, [], { text });
        expect([provision, b.status, keys(b.effects)]).toEqual([provision, a.status, keys(a.effects)]);
        seen.add(a.status);
        // The change throughout the text reaches the provisions holding its words, read from its instruction.
        expect(keys(b.effects).includes('sb/2011/365#107')).toBe(provision === 'par_52' || provision === 'par_95');
      }
      expect([...seen].sort()).toEqual(['amended_not_in_source', 'current']);
    }
  });

  it('decides a hit’s status by the first effect reaching it, without asking every other (`first`)', async () => {
    const effects = (await loadDayEffects(rdb, [id], new Date('2026-11-30T00:00:00Z'), false)).get(id)!.effects;
    // Each effect counts the reads of its targets.
    const asked = new Set<number>();
    const counted = effects.map((e) => ({
      ...e,
      get targets() {
        asked.add(e.ordinal);
        return e.targets;
      },
    }));
    for (const [provision, ancestors, text] of [
      ['par_52', ['cast_1'], LABOUR_CODE.par52.body.join('\n')],
      ['par_76/odst_2', ['cast_1', 'par_76'], '(2) Práce přesčas se vyrovná.'],
      ['par_200', [], 'Nic.'],
    ] as const) {
      const all = provisionStatus(provision, ancestors, true, effects, [], { text });
      asked.clear();
      const one = provisionStatus(provision, ancestors, true, counted, [], { text }, true);
      expect(one.status).toBe(all.status);
      expect(one.effects.map((e) => e.ordinal)).toEqual(all.effects.slice(0, 1).map((e) => e.ordinal));
      // Reached: the effects up to the first reaching one are asked; not reached: every one.
      if (all.effects.length) expect(asked.size).toBe(effects.indexOf(all.effects[0]) + 1);
      else expect(asked.size).toBe(effects.length);
    }
    expect(asked.size).toBeGreaterThan(POINTS);
  });
});
