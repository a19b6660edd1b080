import type { SqlSession } from '@dp/db';
import { testRecord } from '@dp/testing';
import { anyTwo, heldCover, PROVISION_LIMITS, PROVISION_WEIGHTS, rankProvisions, termsFor } from '../../src/legal/search/provision-search';
import { SEARCH_SETTINGS } from '../../src/legal/search/search';
import { rankingDatabase } from './ranking-database';

/**
 * #37 latency: each covered unit's cover density is asked of the pairs of the query's words it
 * holds only (its held cover), not of every pair of them; the same number, so the same ranking.
 */

// Units holding different subsets of the query's words (the act's title holds none of them): all
// four, two near, one alone, two far apart, three repeated, none.
const act = testRecord('sb/2084/1', {
  title: 'Zákon o správě',
  text: [
    '# Zákon o správě',
    '',
    '##### § 1',
    '',
    'Poplatek ze psů platí obci držitel psa.',
    '',
    '##### § 2',
    '',
    'Poplatek za psa se platí předem.',
    '',
    '##### § 3',
    '',
    'Poplatek se platí v hotovosti a poplatek se neplatí za dobu kratší než jeden měsíc.',
    '',
    '##### § 4',
    '',
    'Obec vede seznam, v němž uvádí jméno, příjmení, adresu, datum narození a další údaje každého, kdo je držitelem.',
    '',
    '##### § 5',
    '',
    'Držitel psa ohlásí psa obci. Držitel psa, který psa nepřihlásí, zaplatí obci pokutu.',
    '',
    '##### § 6',
    '',
    'Tento zákon nabývá účinnosti dnem vyhlášení.',
    '',
  ].join('\n'),
  version: { text_is_current: true },
});
const decree = testRecord('sb/2084/2', {
  title: 'Vyhláška o evidenci',
  docType: 'decree',
  text: '# Vyhláška o evidenci\n\n##### § 1\n\nDržitel ohlásí změnu obci do patnácti dnů.\n',
  version: { text_is_current: true },
});

const ranking = rankingDatabase([act, decree]);
const q = 'poplatek ze psů obci držitel';
const day = new Date('2026-01-01T00:00:00Z');
const near = [...new Set(termsFor(q, 'fulltext').map((t) => t.term))];
const weights = () => `'${PROVISION_WEIGHTS.vector}'`;
/** The cover statement: the second one, asking ts_rank_cd of the units by their keys. */
const isCover = (sql: string) => sql.includes('ts_rank_cd') && sql.includes('unnest(');

/** Each unit of the fixture: which of the query's words it holds (by its vector, @@) and the cover density of every pair of them (anyTwo). */
async function units(): Promise<{ key: string; held: string[]; full: number }[]> {
  const rows = await ranking.db.query<{ document_id: string; provision_id: string; held: string[]; full: number }>(
    `SELECT p.document_id, p.provision_id,
            ARRAY(SELECT t FROM unnest($1::text[]) t WHERE p.vector @@ t::tsquery) AS held,
            ts_rank_cd(${weights()}, p.vector, $2::tsquery, 0) AS full
     FROM "search_provision" p`,
    [near, anyTwo(near)],
  );
  return rows.map((r) => ({ key: `${r.document_id} ${r.provision_id}`, held: r.held, full: Number(r.full) }));
}

/** The ranking (covered in a second statement), its statements, and the cover statement answered by `answer` if given. */
async function rankRecorded(answer?: (s: SqlSession, params: unknown[]) => Promise<unknown[]>) {
  Object.assign(PROVISION_LIMITS, { covered: 100 });
  expect(PROVISION_LIMITS.covered).toBeLessThan(PROVISION_LIMITS.ranked);
  const statements: { sql: string; params: unknown[] }[] = [];
  const ranked = await ranking.db.withReadOnlySettings(SEARCH_SETTINGS, (s) =>
    rankProvisions(
      ranking.db,
      {
        ...s,
        query: <T>(sql: string, params?: unknown[]) => {
          if (!sql.includes('pg_stats')) statements.push({ sql, params: params ?? [] });
          return (answer && isCover(sql) ? answer(s, params ?? []) : s.query(sql, params)) as Promise<T[]>;
        },
      },
      termsFor(q, 'fulltext'),
      {},
      day,
    ),
  );
  return { ranked, statements };
}

describe('the provision ranking’s held cover', () => {
  it('is any two of the words the unit holds, none when it holds fewer than two', () => {
    const words = ['poplatek', 'pes', 'obec', 'drzitel'];
    expect(heldCover(words, () => true)).toBe(anyTwo(words));
    expect(heldCover(words, (at) => at !== 1)).toBe(anyTwo(['poplatek', 'obec', 'drzitel']));
    expect(heldCover(words, (at) => at === 2)).toBe('');
    expect(heldCover(words, () => false)).toBe('');
  });

  it('gives each unit the cover density of every pair of the query’s words, to the last bit', async () => {
    const all = await units();
    // The fixture's units hold every number of the words, one alone included.
    expect(new Set(all.map((u) => u.held.length))).toEqual(new Set([0, 1, 2, 3, 4]));
    const texts = [
      'poplatek pes x x x x obec poplatek drzitel x pes pes',
      'obec x x x x x x x x x x x x x x x x x x x drzitel',
      'pes pes pes pes',
      'drzitel x pes x x pes drzitel',
    ];
    const rows = await ranking.db.query<{ held: string[]; full: number; vector: string }>(
      `SELECT ARRAY(SELECT t FROM unnest($1::text[]) t WHERE v.vector @@ t::tsquery) AS held,
              ts_rank_cd(${weights()}, v.vector, $2::tsquery, 0) AS full, v.vector::text AS vector
       FROM (SELECT setweight(to_tsvector('simple', t), 'D') AS vector FROM unnest($3::text[]) t
             UNION ALL SELECT p.vector FROM "search_provision" p) v`,
      [near, anyTwo(near), texts],
    );
    expect(rows).toHaveLength(texts.length + all.length);
    for (const r of rows) {
      const cover = heldCover(near, (at) => r.held.includes(near[at]));
      if (!cover) {
        // No pair held: main's cover density of every pair is 0 there too.
        expect(Number(r.full)).toBe(0);
        continue;
      }
      const [held] = await ranking.db.query<{ cd: number }>(`SELECT ts_rank_cd(${weights()}, $1::tsvector, $2::tsquery, 0) AS cd`, [
        r.vector,
        cover,
      ]);
      expect(Number(held.cd)).toBe(Number(r.full));
      expect(Number(r.full)).toBeGreaterThan(0);
    }
  });

  it('asks each unit for the pairs of the words it holds only, not at all when it holds fewer than two', async () => {
    const byKey = new Map((await units()).map((u) => [u.key, u]));
    const { ranked, statements } = await rankRecorded();
    expect(ranked.length).toBeGreaterThan(4);
    const cover = statements.filter((s) => isCover(s.sql));
    expect(cover).toHaveLength(1);
    const [docs, provisions, at, queries] = cover[0].params as [string[], string[], number[], string[]];
    const asked = docs.map((d, i) => `${d} ${provisions[i]}`);
    // Every ranked unit holding two or more of the words, and only those.
    const ranks = new Set(ranked.map((r) => `${r.documentId} ${r.provisionId}`));
    const pairs = [...byKey.values()].filter((u) => u.held.length > 1 && ranks.has(u.key)).map((u) => u.key);
    expect(new Set(asked)).toEqual(new Set(pairs));
    expect(pairs.length).toBeGreaterThan(2);
    asked.forEach((key, i) => {
      const words = new Set(queries[at[i] - 1].match(/[a-z0-9]+/g));
      expect(words).toEqual(new Set(byKey.get(key)!.held));
    });
    // Units holding the same words share one query.
    expect(queries).toHaveLength(new Set(queries).size);
  });

  it('ranks exactly as the cover density of every pair of the query’s words does', async () => {
    const { ranked } = await rankRecorded();
    // The cover statement answered as main asks it: every pair of the query's words, of the same units.
    const { ranked: expected, statements } = await rankRecorded((s, params) =>
      s.query(
        `SELECT p.document_id, p.provision_id, ts_rank_cd(${weights()}, p.vector, $3::tsquery, 0) AS cd
         FROM unnest($1::text[], $2::text[]) AS k(document_id, provision_id)
         JOIN "search_provision" p ON p.document_id = k.document_id AND p.provision_id = k.provision_id`,
        [params[0], params[1], anyTwo(near)],
      ),
    );
    expect(statements.filter((s) => isCover(s.sql))).toHaveLength(1);
    expect(ranked.length).toBeGreaterThan(4);
    expect(ranked).toEqual(expected);
  });
});
