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

  it('refuses setting names or values that are not plain tokens', async () => {
    await expect(db.withReadOnlySettings({ 'enable_seqscan; DROP TABLE x': 'off' }, async () => 1)).rejects.toThrow(/invalid setting/);
    await expect(db.withReadOnlySettings({ enable_seqscan: "off'" }, async () => 1)).rejects.toThrow(/invalid setting/);
    await expect(db.withReadOnlySettings({ enable_seqscan: 'off -c x=1' }, async () => 1)).rejects.toThrow(/invalid setting/);
  });
});
