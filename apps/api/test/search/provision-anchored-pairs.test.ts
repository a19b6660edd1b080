import type { SqlSession } from '@dp/db';
import { anchoredPairs, anyTwo, anyTwoOf, PROVISION_LIMITS, rankProvisions, termsFor } from '../../src/legal/search/provision-search';
import { SEARCH_SETTINGS } from '../../src/legal/search/search';
import { act, rankingDatabase } from './ranking-database';

/**
 * #37 latency: the first stage's "any two of the rarer terms" is asked of the GIN index as its
 * parts anchored on one term each (`a & (b | c | …)`, `b & (c | …)`, …), each its own scan
 * driven by its anchor, the units of all of them one bitmap: the same units as the one tsquery,
 * so the same ranking.
 */

// Units holding different subsets of the words "poplatek", "obec", "pes", "držitel": the pairs of
// the common two in two acts, pairs with the rarer ones, single words, none.
const six = act(
  'sb/2093/1',
  'Zákon o správě',
  Array.from({ length: 6 }, (_, i) => `Obec vybírá poplatek ${i + 1}.`),
);
const five = act(
  'sb/2093/2',
  'Zákon o správě daní',
  Array.from({ length: 5 }, (_, i) => `Poplatek obci hradí plátce ${i + 1}.`),
);
const dog = act('sb/2093/3', 'Vyhláška o psech', [
  'Držitel psa oznámí obci jeho chov.',
  'Pes musí být očkován.',
  'Držitel psa platí poplatek.',
  'Držitel zvířete odpovídá za škodu.',
]);
const filler = act(
  'sb/2093/4',
  'Zákon o jiných věcech',
  Array.from({ length: 40 }, (_, i) => `Jiná věc číslo ${i + 1} se řídí tímto zákonem.`),
);

const ranking = rankingDatabase([six, five, dog, filler]);
const day = new Date('2026-01-01T00:00:00Z');
beforeAll(async () => {
  // The terms' shares (common or not) from the index's statistics, as after a sync.
  await ranking.db.exec('ANALYZE "search_provision"');
});

/** The first stage's parameter of anchored parts, as the ranking's statement writes it. */
const PARTS = /ANY\(\(SELECT (\$\d+)::tsquery\[\]\)::tsquery\[\]\)/g;

/**
 * A session whose ranking statement asks each array of anchored parts as the one tsquery they
 * make (anyTwoOf's string, built in SQL), as before the parts: `rewritten` counts the arrays.
 */
function unsplit(s: SqlSession, rewritten: { n: number; bounded: number }): SqlSession {
  return {
    ...s,
    query: (sql, params) => {
      // The common pairs' arm (commonActs): their acts', then their parts.
      if (/::text\[\]\) AND p\.vector @@ ANY/.test(sql)) rewritten.bounded++;
      return s.query(
        sql.replace(PARTS, (_, at: string) => {
          rewritten.n++;
          return `(SELECT (SELECT string_agg('(' || x || ')', ' | ') FROM unnest(${at}::text[]) x)::tsquery)`;
        }),
        params,
      );
    },
  };
}

const rankWith = (q: string, wrap: (s: SqlSession) => SqlSession, only?: string[]) =>
  ranking.db.withReadOnlySettings(SEARCH_SETTINGS, (s) => rankProvisions(ranking.db, wrap(s), termsFor(q, 'fulltext'), {}, day, 100, only));

describe('the first stage’s pairs asked as their anchored parts', () => {
  it('anchors each part on one term, OR’d with the terms after it; the parts make anyTwo and anyTwoOf', () => {
    expect(anchoredPairs(['a', 'b', 'c'], [])).toEqual(['a & (b | c)', 'b & (c)']);
    expect(anchoredPairs(['a', 'b'], ['c', 'd'])).toEqual(['a & (b | c | d)', 'b & (c | d)']);
    // An anchor with no term after it has no pair.
    expect(anchoredPairs(['a'], [])).toEqual([]);
    expect(anchoredPairs([], ['a', 'b'])).toEqual([]);
    // The one tsquery of them, as before.
    expect(anyTwo(['a', 'b', 'c'])).toBe('(a & (b | c)) | (b & (c))');
    expect(anyTwo(['a'])).toBe('');
    expect(anyTwoOf(['a', 'b'], ['c', 'd'])).toBe('(a & (b | c | d)) | (b & (c | d))');
  });

  it('matches the same units as the one tsquery', async () => {
    const texts = ['poplatek pes', 'obec x x x x x drzitel', 'pes pes pes', 'drzitel', 'x y z', 'obec poplatek pes drzitel'];
    const sets: [string[], string[]][] = [
      [['poplatek', 'obec'], []],
      [['pes', 'drzitel', 'poplatek', 'obec'], []],
      [
        ['pes', 'drzitel'],
        ['poplatek', 'obec'],
      ],
      [['pes'], ['drzitel', 'obec']],
    ];
    for (const [first, rest] of sets) {
      const rows = await ranking.db.query<{ split: boolean; whole: boolean }>(
        `WITH v AS (SELECT vector FROM "search_provision"
                    UNION ALL SELECT to_tsvector('simple', t) FROM unnest($3::text[]) t)
         SELECT v.vector @@ ANY($1::tsquery[]) AS split, v.vector @@ $2::tsquery AS whole FROM v`,
        [anchoredPairs(first, rest), anyTwoOf(first, rest), texts],
      );
      expect(rows.length).toBeGreaterThan(50);
      expect(rows.some((r) => r.whole)).toBe(true);
      expect(rows.some((r) => !r.whole)).toBe(true);
      for (const r of rows) expect(r.split).toBe(r.whole);
    }
  });

  it('asks the index each part in the ranking’s statement', async () => {
    Object.assign(PROVISION_LIMITS, { pairsFloor: 1 });
    const statements: { sql: string; params: unknown[] }[] = [];
    await ranking.db.withReadOnlySettings(SEARCH_SETTINGS, async (s) => {
      await rankProvisions(
        ranking.db,
        {
          ...s,
          query: (sql, params) => {
            if (sql.includes('mp AS MATERIALIZED')) statements.push({ sql, params: params ?? [] });
            return s.query(sql, params);
          },
        },
        termsFor('poplatek obec pes držitel', 'fulltext'),
        {},
        day,
      );
      expect(statements).toHaveLength(1);
      const parts = statements[0].params.filter((p): p is string[] => Array.isArray(p) && p.some((x) => String(x).includes('&')));
      expect(parts).toHaveLength(1);
      // The anchors, then the last part's one other term.
      const terms = [...parts[0].map((p) => p.split(' & ')[0]), parts[0].at(-1)!.replace(/^.*\((.*)\)$/, '$1')];
      expect(terms.length).toBeGreaterThanOrEqual(3);
      expect(parts[0]).toEqual(anchoredPairs(terms, []));
      const plan = (await s.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statements[0].sql}`, statements[0].params)).map(
        (r) => r['QUERY PLAN'],
      );
      expect(plan.some((line) => /Index Cond: \(vector @@ ANY \(/.test(line))).toBe(true);
    });
  });

  it('ranks the same units with the same scores as the one tsquery', async () => {
    const bounded = { candidates: 100, pairsFloor: 1, commonMargin: 0.05, boundedShare: 0.03 };
    // Limits, question, the arrays of parts asked and of them those in the common pairs' acts, a page's documents.
    const cases: [Partial<typeof PROVISION_LIMITS>, string, number, number, string[]?][] = [
      // Every pair everywhere.
      [{ pairsFloor: 1 }, 'poplatek obec pes držitel', 1, 0],
      [{ pairsFloor: 1 }, 'držitel psa a poplatek', 1, 0],
      // The pairs of common words only in the acts their bounds keep (commonActs), those with a
      // rarer word ("zvíře") everywhere (provision-common-pairs.test.ts).
      [bounded, 'poplatek obec pes držitel', 1, 1],
      [bounded, 'poplatek obec', 1, 1],
      [bounded, 'poplatek obec zvíře držitel', 2, 1],
      // Too few units with a pair: every unit with a selecting term.
      [{ pairsFloor: 100 }, 'poplatek obec pes držitel', 1, 0],
      // A document search's page.
      [{ pairsFloor: 1 }, 'poplatek obec pes držitel', 1, 0, [five.id, dog.id]],
    ];
    const saved = { ...PROVISION_LIMITS };
    for (const [limits, q, arrays, inActs, only] of cases) {
      Object.assign(PROVISION_LIMITS, saved, limits);
      const rewritten = { n: 0, bounded: 0 };
      const split = await rankWith(q, (s) => s, only);
      const whole = await rankWith(q, (s) => unsplit(s, rewritten), only);
      expect(rewritten).toEqual({ n: arrays, bounded: inActs });
      expect(split.length).toBeGreaterThan(0);
      expect(split).toEqual(whole);
    }
  });
});
