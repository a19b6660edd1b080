import { createDatabase } from '@dp/db';
import { createTestDatabase, type TestDatabase } from './corpus-helpers';

describe('withReadOnlySettings', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.destroy());

  const setting = async (run: (sql: string) => Promise<Array<{ v: string }>>) =>
    (await run("SELECT current_setting('enable_seqscan') AS v"))[0].v;

  it('runs fn with the settings, read-only, and leaves other statements alone', async () => {
    const inside = await db.withReadOnlySettings({ enable_seqscan: 'off' }, async (s) => {
      const v = await setting((sql) => s.query(sql));
      const write = await s.exec('CREATE TABLE not_allowed (x int)').then(
        () => 'written',
        (err: Error) => err.message,
      );
      return { v, write };
    });
    expect(inside.v).toBe('off');
    expect(inside.write).toMatch(/read-only/);
    expect(await setting((sql) => db.query(sql))).toBe('on');
    await db.withSession(async (s) => expect(await setting((sql) => s.query(sql))).toBe('on'));
  });

  it('runs concurrent calls each in its own session', async () => {
    const values = await Promise.all(
      Array.from({ length: 4 }, () => db.withReadOnlySettings({ enable_seqscan: 'off' }, (s) => setting((sql) => s.query(sql)))),
    );
    expect(values).toEqual(['off', 'off', 'off', 'off']);
  });

  it('takes an extension setting with a number for value', async () => {
    const v = await db.withReadOnlySettings(
      { 'pg_trgm.similarity_threshold': '0.2' },
      async (s) => (await s.query<{ v: string }>("SELECT current_setting('pg_trgm.similarity_threshold') AS v"))[0].v,
    );
    expect(Number(v)).toBe(0.2);
  });

  it('prepares each statement once per connection and answers each call with its own values', async () => {
    const sql = 'SELECT $1::int + 1 AS n /* prepared-statement probe */';
    // Two calls on one connection (a pool of one): the second reuses the statement the first prepared.
    const seen = await db.withReadOnlySettings({ plan_cache_mode: 'force_custom_plan' }, async (s) => {
      const first = (await s.query<{ n: number }>(sql, [1]))[0].n;
      const second = (await s.query<{ n: number }>(sql, [41]))[0].n;
      const prepared = await s.query<{ calls: string }>('SELECT count(*)::text AS calls FROM pg_prepared_statements WHERE statement = $1', [
        sql,
      ]);
      return { first, second, prepared: prepared[0].calls };
    });
    expect(seen).toEqual({ first: 2, second: 42, prepared: '1' });
  });

  it('createDatabase({ sessionSettings }): every connection of its pools starts with them', async () => {
    const tuned = await createDatabase({ url: db.url, poolSize: 2, sessionSettings: { enable_hashjoin: 'off' } });
    const hashjoin = async (run: (sql: string) => Promise<Array<{ v: string }>>) =>
      (await run("SELECT current_setting('enable_hashjoin') AS v"))[0].v;
    try {
      // Two connections of the main pool at once, and a pool of withReadOnlySettings.
      expect(await Promise.all([hashjoin((sql) => tuned.query(sql)), hashjoin((sql) => tuned.query(sql))])).toEqual(['off', 'off']);
      expect(await tuned.withReadOnlySettings({ enable_seqscan: 'off' }, (s) => hashjoin((sql) => s.query(sql)))).toBe('off');
    } finally {
      await tuned.close();
    }
    expect(await hashjoin((sql) => db.query(sql))).toBe('on');
    await expect(createDatabase({ url: db.url, sessionSettings: { synchronous_commit: 'off -c fsync=off' } })).rejects.toThrow(
      /invalid setting/,
    );
  });

  it('refuses setting names or values that are not plain tokens', async () => {
    await expect(db.withReadOnlySettings({ 'enable_seqscan; DROP TABLE x': 'off' }, async () => 1)).rejects.toThrow(/invalid setting/);
    await expect(db.withReadOnlySettings({ enable_seqscan: "off'" }, async () => 1)).rejects.toThrow(/invalid setting/);
    await expect(db.withReadOnlySettings({ enable_seqscan: 'off -c x=1' }, async () => 1)).rejects.toThrow(/invalid setting/);
  });
});
