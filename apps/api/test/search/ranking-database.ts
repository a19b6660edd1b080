import { createTestDatabase, testRecord, type TestDatabase, type TestRecordInput } from '@dp/testing';
import { PROVISION_LIMITS, PROVISION_WEIGHTS, rankProvisions, termsFor } from '../../src/legal/search/provision-search';
import { SEARCH_SETTINGS } from '../../src/legal/search/search';

/** An act in force of numbered §§, one per text, for the ranking's fixtures. */
export const act = (key: string, title: string, texts: readonly string[]): TestRecordInput =>
  testRecord(key, {
    title,
    text: `# ${title}\n\n${texts.map((t, i) => `##### § ${i + 1}\n\n${t}\n`).join('\n')}`,
    version: { text_is_current: true },
  });

/**
 * A search test file's database of `records` for the provision ranking (#37): created before its
 * tests, destroyed after them, the ranking's tunables (PROVISION_LIMITS, PROVISION_WEIGHTS) restored
 * after each test, and `rank` asking the fulltext ranking of a question on a fixed day.
 */
export function rankingDatabase(records: readonly TestRecordInput[]): {
  readonly db: TestDatabase;
  rank: (q: string) => ReturnType<typeof rankProvisions>;
  /** The fulltext ranking's statement for `q` (the one choosing the candidates, `dp`) and its EXPLAIN's lines. */
  rankingPlan: (q: string) => Promise<{ sql: string; plan: string[] }>;
} {
  let db: TestDatabase | undefined;
  const limits = { ...PROVISION_LIMITS };
  const weights = { ...PROVISION_WEIGHTS };
  beforeAll(async () => {
    db = await createTestDatabase({ records });
  });
  afterEach(() => {
    Object.assign(PROVISION_LIMITS, limits);
    Object.assign(PROVISION_WEIGHTS, weights);
  });
  afterAll(() => db?.destroy());
  const opened = () => {
    if (!db) throw new Error('rankingDatabase: used before its beforeAll ran');
    return db;
  };
  return {
    get db() {
      return opened();
    },
    rank: (q) =>
      opened().withReadOnlySettings(SEARCH_SETTINGS, (s) =>
        rankProvisions(opened(), s, termsFor(q, 'fulltext'), {}, new Date('2026-01-01T00:00:00Z')),
      ),
    rankingPlan: (q) =>
      opened().withReadOnlySettings(SEARCH_SETTINGS, async (s) => {
        const asked: { sql: string; params: unknown[] }[] = [];
        const watched = {
          ...s,
          query: ((sql: string, params?: unknown[]) => {
            if (sql.includes('dp AS MATERIALIZED')) asked.push({ sql, params: params ?? [] });
            return s.query(sql, params);
          }) as typeof s.query,
        };
        await rankProvisions(opened(), watched, termsFor(q, 'fulltext'), {}, new Date('2026-01-01T00:00:00Z'));
        if (asked.length !== 1) throw new Error(`rankingPlan: ${asked.length} ranking statements, not one`);
        const plan = await s.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${asked[0].sql}`, asked[0].params);
        return { sql: asked[0].sql, plan: plan.map((r) => r['QUERY PLAN']) };
      }),
  };
}
