import { createTestDatabase, testRecord, type TestDatabase } from '@dp/testing';
import type { SqlSession } from '@dp/db';
import { anyTwo, PROVISION_LIMITS, rankProvisions, termsFor } from '../../src/legal/search/provision-search';
import { SEARCH_SETTINGS } from '../../src/legal/search/search';

/**
 * #37 item 6, latency: what the provision ranking's statement costs per candidate, not what it
 * ranks (provision-first-stage.test.ts, provision-act-stage.test.ts). A large unit's vector is
 * stored out of line (TOAST); each rank of the stored value would read it again.
 */

// One § with thousands of distinct words: its vector is tens of kB, stored out of line.
const words = Array.from({ length: 4000 }, (_, i) => `w${((i + 1) * 2654435761) % 1_000_000_007}`).join(' ');
const large = testRecord('sb/2081/1', {
  title: 'Zákon o místních poplatcích',
  text: `# Zákon o místních poplatcích\n\n##### § 1\n\nPoplatek ze psů platí obci držitel psa. ${words}\n\n##### § 2\n\nPoplatek z pobytu vybírá obec.\n`,
  version: { text_is_current: true },
});
const small = testRecord('sb/2081/2', {
  title: 'Vyhláška o očkování',
  docType: 'decree',
  text: '# Vyhláška o očkování\n\n##### § 1\n\nKaždý pes musí být očkován, poplatek platí držitel.\n',
  version: { text_is_current: true },
});

// One § of a few hundred distinct words: its vector is a few kB, past where a row is toasted
// (~2 kB), within a page.
const mediumWords = Array.from({ length: 250 }, (_, i) => `m${((i + 7) * 2654435761) % 1_000_000_007}`).join(' ');
const medium = testRecord('sb/2081/3', {
  title: 'Zákon o medvědech',
  text: `# Zákon o medvědech\n\n##### § 1\n\nMedvěd hnědý. ${mediumWords}\n`,
  version: { text_is_current: true },
});

// Three acts of the same prior: the first with three units holding both words, the others two.
const hives = [3, 2, 2].map((units, i) =>
  testRecord(`sb/2082/${i + 1}`, {
    title: `Zákon o chovu ${i + 1}`,
    text: `# Zákon o chovu ${i + 1}\n\n${Array.from({ length: units }, (_, u) => `##### § ${u + 1}\n\nVčela žije v úlu ${u + 1}.\n`).join('\n')}`,
    version: { text_is_current: true },
  }),
);

// Sixty §§ of a few hundred distinct words each: their vectors, a few kB each, are kept in their
// rows; together they are far more than the least work_mem.
const lynxes = testRecord('sb/2081/4', {
  title: 'Zákon o rysech',
  text: `# Zákon o rysech\n\n${Array.from(
    { length: 60 },
    (_, u) =>
      `##### § ${u + 1}\n\nRys ostrovid ${u + 1}. ${Array.from({ length: 250 }, (_, i) => `r${((u * 250 + i + 3) * 2654435761) % 1_000_000_007}`).join(' ')}\n`,
  ).join('\n')}`,
  version: { text_is_current: true },
});

let db: TestDatabase;
const saved = { ...PROVISION_LIMITS };
afterEach(() => Object.assign(PROVISION_LIMITS, saved));
beforeAll(async () => {
  db = await createTestDatabase({ records: [large, small, medium, ...hives, lynxes] });
  // The terms' shares (their weights) from the index's statistics, as after a sync.
  await db.exec('ANALYZE "search_provision"');
});
afterAll(() => db.destroy());

const day = new Date('2026-01-01T00:00:00Z');

/** Blocks of search_provision's TOAST table read by `fn` (this transaction's own counter). */
async function toastBlocks(s: SqlSession, fn: () => Promise<unknown>): Promise<number> {
  const read = async () =>
    Number(
      (
        await s.query<{ n: string }>(
          `SELECT pg_stat_get_xact_blocks_fetched(reltoastrelid) AS n FROM pg_class WHERE oid = 'search_provision'::regclass`,
        )
      )[0].n,
    );
  const before = await read();
  await fn();
  return (await read()) - before;
}

describe('the provision ranking’s cost per candidate', () => {
  it('reads an out-of-line vector three times, however many terms rank it', async () => {
    const terms = termsFor('poplatek ze psů obci držitel', 'fulltext');
    expect(new Set(terms.map((t) => t.term)).size).toBeGreaterThanOrEqual(4);
    await db.withReadOnlySettings(SEARCH_SETTINGS, async (s) => {
      await s.exec('BEGIN');
      try {
        const once = await toastBlocks(s, () =>
          s.query(`SELECT length(vector) FROM "search_provision" WHERE document_id = $1 AND provision_id = 'par_1'`, [large.id]),
        );
        expect(once).toBeGreaterThan(0); // the test's premise: the vector is out of line
        let ranked: Awaited<ReturnType<typeof rankProvisions>> = [];
        const ranking = await toastBlocks(s, async () => {
          ranked = await rankProvisions(db, s, terms, {}, day);
        });
        expect(ranked.map((r) => `${r.documentId} ${r.provisionId}`)).toContain(`${large.id} par_1`);
        // The bound's two ranks read it, then once more for all the ranks per term (each of
        // which would read it again).
        expect(ranking).toBeLessThanOrEqual(3 * once);
      } finally {
        await s.exec('ROLLBACK');
      }
    });
  });

  it('keeps a vector of a few kB in its row: ranking it reads no TOAST block', async () => {
    // Each candidate's vector is ranked; out of line, each rank fetched it from the TOAST table
    // (migration 20261201050000 keeps the unit's vector inline up to about a page).
    await db.withReadOnlySettings(SEARCH_SETTINGS, async (s) => {
      await s.exec('BEGIN');
      try {
        const [{ size }] = await s.query<{ size: number }>(
          `SELECT pg_column_size(vector) AS size FROM "search_provision" WHERE document_id = $1 AND provision_id = 'par_1'`,
          [medium.id],
        );
        expect(size).toBeGreaterThan(2000); // the test's premise: past where a row is toasted
        let ranked: Awaited<ReturnType<typeof rankProvisions>> = [];
        const blocks = await toastBlocks(s, async () => {
          ranked = await rankProvisions(db, s, termsFor('medvěd hnědý', 'fulltext'), {}, day);
        });
        expect(ranked.map((r) => `${r.documentId} ${r.provisionId}`)).toEqual([`${medium.id} par_1`]);
        expect(blocks).toBe(0);
      } finally {
        await s.exec('ROLLBACK');
      }
    });
  });

  it('sorts its candidates for the rank per term without their vectors: in memory at the least work_mem', async () => {
    // The bound's sort keeps the best `ranked` candidates; carrying their vectors (in their rows
    // since storage MAIN), it spilled to disk past work_mem on the whole collection's questions.
    const statements: { sql: string; params: unknown[] }[] = [];
    await db.withReadOnlySettings(SEARCH_SETTINGS, async (s) => {
      await s.exec('BEGIN');
      try {
        await s.exec(`SET LOCAL work_mem = '64kB'`);
        const ranked = await rankProvisions(
          db,
          {
            ...s,
            query: (sql, params) => {
              if (sql.includes('@@ (SELECT')) statements.push({ sql, params: params ?? [] });
              return s.query(sql, params);
            },
          },
          termsFor('rys ostrovid', 'fulltext'),
          {},
          day,
        );
        expect(ranked).toHaveLength(60);
        expect(statements).toHaveLength(1);
        const plan = (
          await s.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS off, TIMING off) ${statements[0].sql}`, statements[0].params)
        ).map((r) => r['QUERY PLAN']);
        const sorts = plan.filter((line) => line.includes('Sort Method'));
        expect(sorts.length).toBeGreaterThan(0);
        for (const line of sorts) expect(line).not.toMatch(/external|Disk/);
      } finally {
        await s.exec('ROLLBACK');
      }
    });
  });

  it('plans its statement without the vector’s element statistics: the matches’ query is a parameter, not a constant', async () => {
    // At the index's statistics target (migration 20261130020000) the planner's estimate of a
    // constant tsquery's matches searched the column's most common elements for every operand,
    // on every execution (custom plans): planning cost more than most of the run.
    const statements: { sql: string; params: unknown[] }[] = [];
    await db.withReadOnlySettings(SEARCH_SETTINGS, async (s) => {
      await rankProvisions(
        db,
        {
          ...s,
          query: (sql, params) => {
            if (sql.includes('@@ (SELECT')) statements.push({ sql, params: params ?? [] });
            return s.query(sql, params);
          },
        },
        termsFor('poplatek platí držitel psa obci', 'fulltext'),
        {},
        day,
      );
      expect(statements).toHaveLength(1);
      const plan = (await s.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statements[0].sql}`, statements[0].params)).map(
        (r) => r['QUERY PLAN'],
      );
      const conditions = plan.filter((line) => /Cond: .*vector @@/.test(line));
      expect(conditions.length).toBeGreaterThan(0);
      // A constant would be written out ('…'::tsquery); a parameter is $n.
      for (const line of conditions) expect(line).not.toMatch(/@@ '/);
    });
  });

  it('runs one statement text for queries with as many distinct terms, whatever their weights', async () => {
    // "držitel" is in two units of three, "pobyt" in one: the queries' heaviest terms differ.
    const texts: string[] = [];
    const recording = (s: SqlSession): SqlSession => ({
      ...s,
      query: (sql, params) => {
        if (sql.includes('@@ (SELECT')) texts.push(sql);
        return s.query(sql, params);
      },
    });
    await db.withReadOnlySettings(SEARCH_SETTINGS, async (s) => {
      await rankProvisions(db, recording(s), termsFor('poplatek držitel', 'fulltext'), {}, day);
      await rankProvisions(db, recording(s), termsFor('pobyt obec', 'fulltext'), {}, day);
    });
    expect(texts).toHaveLength(2);
    expect(texts[1]).toBe(texts[0]);
  });

  it('reads the ranked units’ acts and applies the filters in the ranking’s own statement', async () => {
    const statements: string[] = [];
    const run = (filters: Parameters<typeof rankProvisions>[3]) =>
      db.withReadOnlySettings(SEARCH_SETTINGS, (s) =>
        rankProvisions(
          db,
          {
            ...s,
            query: (sql, params) => {
              statements.push(sql);
              return s.query(sql, params);
            },
          },
          termsFor('poplatek platí držitel psa', 'fulltext'),
          filters,
          day,
        ),
      );
    const all = await run({});
    expect(new Set(all.map((r) => r.documentId))).toEqual(new Set([large.id, small.id]));
    const decrees = await run({ docTypes: ['decree'] });
    expect(decrees.map((r) => r.documentId)).toEqual([small.id]);
    // The decree's unit scores as it does unfiltered: the filter drops acts, it does not re-rank.
    expect(decrees[0]).toEqual(all.find((r) => r.documentId === small.id));
    expect(await run({ docTypes: ['act'], isAmendingAct: true })).toEqual([]);
    // One statement per ranking (the terms' statistics are read once per database handle, before;
    // the best units' cover density after it, by their keys, reads no act).
    const ranking = statements.filter((sql) => !sql.includes('pg_stats') && !sql.includes('unnest('));
    expect(ranking).toHaveLength(3);
    for (const sql of statements.filter((q) => q.includes('unnest('))) expect(sql).not.toContain('"document"');
  });

  it('takes the candidates of the acts first by prior, then by matching units, then in table order, whatever the cap', async () => {
    const candidates = async (cap: number) => {
      Object.assign(PROVISION_LIMITS, { candidates: cap, pairsFloor: 1 });
      const ranked = await db.withReadOnlySettings(SEARCH_SETTINGS, (s) =>
        rankProvisions(db, s, termsFor('včela úl', 'fulltext'), {}, day),
      );
      return ranked.map((r) => `${r.documentId} ${r.provisionId}`).sort();
    };
    const [first, second, third] = hives.map((h) => h.id);
    const firstAct = [`${first} par_1`, `${first} par_2`, `${first} par_3`];
    // The cap at the end of the act with more matching units: none of the two acts tied behind it.
    expect(await candidates(3)).toEqual(firstAct);
    // One more: the tied acts' units in table order, the second act's first.
    expect(await candidates(4)).toEqual([...firstAct, `${second} par_1`]);
    expect(await candidates(6)).toEqual([...firstAct, `${second} par_1`, `${second} par_2`, `${third} par_1`]);
  });

  it('asks for any two of the query’s words with fewer operands, the same matches and the same cover density', async () => {
    const operands = (q: string) => (q.match(/[a-z0-9]+/g) ?? []).length;
    const pairs = (ts: string[]) => ts.flatMap((a, i) => ts.slice(i + 1).map((b) => `(${a} & ${b})`)).join(' | ');
    const sets = [
      ['poplatek', 'pes'],
      ['poplatek', 'pes', 'obec'],
      ['poplatek', 'pes', 'obec', 'drzitel', 'pobyt'],
    ];
    for (const ts of sets) expect(operands(anyTwo(ts))).toBe(ts.length - 1 + (ts.length * (ts.length - 1)) / 2);
    // Every unit of the fixtures, and texts where the words are near, far, repeated or alone.
    const texts = [
      'poplatek pes x x x x obec poplatek drzitel x pes pes',
      'obec x x x x x x x x x x x x x x x x x x x pobyt',
      'pes pes pes pes',
      'drzitel obec pobyt poplatek pes',
    ];
    for (const ts of sets) {
      const rows = await db.query<{ same: boolean }>(
        `WITH v AS (SELECT vector FROM "search_provision"
                    UNION ALL SELECT setweight(to_tsvector('simple', t), 'D') FROM unnest($3::text[]) t)
         SELECT (v.vector @@ $1::tsquery) = (v.vector @@ $2::tsquery)
                AND ts_rank_cd('{0.1, 0.2, 0.4, 0.5}', v.vector, $1::tsquery, 0) = ts_rank_cd('{0.1, 0.2, 0.4, 0.5}', v.vector, $2::tsquery, 0)
                AS same
         FROM v`,
        [anyTwo(ts), pairs(ts), texts],
      );
      expect(rows.length).toBeGreaterThan(texts.length);
      expect(rows.every((r) => r.same)).toBe(true);
    }
    // The ranking's statement asks it so (the cover density's words and the first stage's; the
    // first stage as its anchored parts, an array: together the same operands). The cover
    // statement's arrays are each unit's held words (provision-cover-held.test.ts).
    const asked: string[] = [];
    const pairsOf = (sql: string) => (p: unknown) =>
      typeof p === 'string' && p.includes('&')
        ? [p]
        : sql.includes('mp AS MATERIALIZED') && Array.isArray(p) && p.length && p.every((x) => typeof x === 'string' && x.includes('&'))
          ? [p.map((x: string) => `(${x})`).join(' | ')]
          : [];
    await db.withReadOnlySettings(SEARCH_SETTINGS, (s) =>
      rankProvisions(
        db,
        {
          ...s,
          query: (sql, params) => {
            if (sql.includes('ts_rank_cd') || sql.includes('@@ (SELECT')) asked.push(...(params ?? []).flatMap(pairsOf(sql)));
            return s.query(sql, params);
          },
        },
        termsFor('poplatek ze psů obci držitel pobyt', 'fulltext'),
        {},
        day,
      ),
    );
    expect(asked.length).toBeGreaterThan(0);
    for (const q of asked) {
      const n = new Set(q.match(/[a-z0-9]+/g)).size;
      expect(n).toBeGreaterThanOrEqual(3);
      expect(operands(q)).toBe(n - 1 + (n * (n - 1)) / 2);
    }
  });

  it('expands a query’s terms once per process', () => {
    const q = 'Platím poplatek za psa?';
    expect(termsFor(q, 'hybrid')).toBe(termsFor(q, 'hybrid'));
    expect(termsFor(q, 'fulltext')).not.toBe(termsFor(q, 'hybrid'));
  });
});
