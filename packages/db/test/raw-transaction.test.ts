import { createTestDatabase, type TestDatabase } from './corpus-helpers';

// The corpus import's transaction (Database.rawTransaction): pg directly, not Prisma's interactive
// transaction, with the same all-or-nothing behaviour.
describe('rawTransaction', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await db.exec('CREATE TABLE raw_tx_probe (n int PRIMARY KEY, t text)');
  });
  afterAll(() => db.destroy());

  const stored = async () => (await db.query<{ n: number }>('SELECT n FROM raw_tx_probe ORDER BY n')).map((r) => r.n);

  it('commits what fn wrote, answers rows and counts as Prisma did, and leaves the connection for the next', async () => {
    const out = await db.rawTransaction(async (tx) => {
      const inserted = await tx.$executeRawUnsafe('INSERT INTO raw_tx_probe (n, t) SELECT g, $1 FROM generate_series(1, 3) g', 'x');
      // Inside: its own rows are visible; outside (the pool's other connections): not yet.
      const inside = await tx.$queryRawUnsafe<{ n: number; t: string }[]>('SELECT n, t FROM raw_tx_probe ORDER BY n');
      const outside = await db.query('SELECT n FROM raw_tx_probe');
      return { inserted, inside, outside: outside.length };
    });
    expect(out).toEqual({
      inserted: 3,
      inside: [
        { n: 1, t: 'x' },
        { n: 2, t: 'x' },
        { n: 3, t: 'x' },
      ],
      outside: 0,
    });
    expect(await stored()).toEqual([1, 2, 3]);
  });

  it('rolls back everything fn wrote when it throws, a statement failing or fn itself', async () => {
    const failed = db.rawTransaction(async (tx) => {
      await tx.$executeRawUnsafe('INSERT INTO raw_tx_probe (n) VALUES (10)');
      await tx.$executeRawUnsafe('INSERT INTO raw_tx_probe (n) VALUES (1)'); // a duplicate key
    });
    await expect(failed).rejects.toThrow(/duplicate key/);
    const thrown = db.rawTransaction(async (tx) => {
      await tx.$executeRawUnsafe('INSERT INTO raw_tx_probe (n) VALUES (11)');
      throw new Error('changed my mind');
    });
    await expect(thrown).rejects.toThrow('changed my mind');
    expect(await stored()).toEqual([1, 2, 3]);
    // The pool still serves: a new transaction commits.
    await db.rawTransaction((tx) => tx.$executeRawUnsafe('INSERT INTO raw_tx_probe (n) VALUES (4)'));
    expect(await stored()).toEqual([1, 2, 3, 4]);
  });
});
