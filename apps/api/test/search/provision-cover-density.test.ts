import { testRecord } from '@dp/testing';
import { PROVISION_LIMITS, rankProvisions, termsFor } from '../../src/legal/search/provision-search';
import { SEARCH_SETTINGS } from '../../src/legal/search/search';
import { rankingDatabase } from './ranking-database';

/**
 * #37 latency: the cover density (the query's words near each other) is the costliest call per
 * ranked unit; it goes to the best ranked units by the rest of their score, not to every one.
 */

// Every unit holds two or more of the query's words near each other: each has a cover density.
const fees = testRecord('sb/2083/1', {
  title: 'Zákon o místních poplatcích',
  text: [
    '# Zákon o místních poplatcích',
    '',
    '##### § 1',
    '',
    'Poplatek ze psů platí obci držitel psa.',
    '',
    '##### § 2',
    '',
    'Držitel psa platí poplatek do konce ledna.',
    '',
    '##### § 3',
    '',
    'Obec vybírá poplatek.',
    '',
  ].join('\n'),
  version: { text_is_current: true },
});
const decree = testRecord('sb/2083/2', {
  title: 'Vyhláška o evidenci psů',
  docType: 'decree',
  text: '# Vyhláška o evidenci psů\n\n##### § 1\n\nDržitel psa ohlásí psa obci.\n',
  version: { text_is_current: true },
});

const ranking = rankingDatabase([fees, decree]);
const q = 'poplatek ze psů obci držitel';
const day = new Date('2026-01-01T00:00:00Z');

/** The ranking with each statement's text and parameters. */
async function rankRecorded(): Promise<{
  ranked: Awaited<ReturnType<typeof rankProvisions>>;
  statements: { sql: string; params: unknown[] }[];
}> {
  const statements: { sql: string; params: unknown[] }[] = [];
  const ranked = await ranking.db.withReadOnlySettings(SEARCH_SETTINGS, (s) =>
    rankProvisions(
      ranking.db,
      {
        ...s,
        query: (sql, params) => {
          if (!sql.includes('pg_stats')) statements.push({ sql, params: params ?? [] });
          return s.query(sql, params);
        },
      },
      termsFor(q, 'fulltext'),
      {},
      day,
    ),
  );
  return { ranked, statements };
}

describe('the provision ranking’s cover density', () => {
  it('goes to every ranked unit in the ranking’s one statement when as many are covered as ranked', async () => {
    Object.assign(PROVISION_LIMITS, { covered: PROVISION_LIMITS.ranked });
    const { ranked, statements } = await rankRecorded();
    expect(ranked.length).toBe(4);
    expect(statements).toHaveLength(1);
    expect(statements[0].sql).toContain('ts_rank_cd');
  });

  it('goes to the best ranked units by the rest of their score only, read again by their keys', async () => {
    Object.assign(PROVISION_LIMITS, { covered: PROVISION_LIMITS.ranked });
    const { ranked: all } = await rankRecorded();
    Object.assign(PROVISION_LIMITS, { covered: 1 });
    const { ranked: best, statements } = await rankRecorded();
    // The first unit keeps its score (it has its cover density, summed in another order: the last
    // digit may differ); the others lose theirs.
    expect(best[0]).toEqual({ ...all[0], score: expect.closeTo(all[0].score, 9) });
    const before = new Map(all.map((r) => [`${r.documentId} ${r.provisionId}`, r.score]));
    const rest = best.slice(1);
    expect(rest.length).toBe(3);
    for (const r of rest) expect(r.score).toBeLessThan(before.get(`${r.documentId} ${r.provisionId}`)!);
    // The ranking's statement asks for none; a second one for the one unit covered.
    expect(statements).toHaveLength(2);
    expect(statements[0].sql).not.toContain('ts_rank_cd');
    expect(statements[1].sql).toContain('ts_rank_cd');
    expect(statements[1].params[0]).toEqual([best[0].documentId]);
    expect(statements[1].params[1]).toEqual([best[0].provisionId]);
  });

  it('goes to every ranked unit of a one-word query in the ranking’s statement (each occurrence is a cover)', async () => {
    Object.assign(PROVISION_LIMITS, { covered: 1 });
    const statements: string[] = [];
    const ranked = await ranking.db.withReadOnlySettings(SEARCH_SETTINGS, (s) =>
      rankProvisions(
        ranking.db,
        {
          ...s,
          query: (sql, params) => {
            if (!sql.includes('pg_stats')) statements.push(sql);
            return s.query(sql, params);
          },
        },
        termsFor('držitel', 'fulltext'),
        {},
        day,
      ),
    );
    expect(ranked.length).toBeGreaterThan(1);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('ts_rank_cd');
  });

  it('gives the covered units the same cover density in either form', async () => {
    Object.assign(PROVISION_LIMITS, { covered: PROVISION_LIMITS.ranked });
    const { ranked: all } = await rankRecorded();
    Object.assign(PROVISION_LIMITS, { covered: all.length });
    // `covered` below `ranked` but not below the units ranked: every unit covered in the second statement.
    Object.assign(PROVISION_LIMITS, { ranked: all.length + 1 });
    const { ranked, statements } = await rankRecorded();
    expect(statements).toHaveLength(2);
    // The same units in the same order, the same scores to the last digits of their sums' order.
    expect(ranked).toEqual(all.map((r) => ({ ...r, score: expect.closeTo(r.score, 9) })));
  });
});
