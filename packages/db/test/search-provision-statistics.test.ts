import { createTestDatabase, type TestDatabase } from './corpus-helpers';

// #37: the provision search's term shares come from the statistics of search_provision.vector;
// their sample must be the whole index (a random part of it gave other rankings after each ANALYZE).

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.destroy();
});

test('the provision index vector is analysed with a sample as large as the collection', async () => {
  const [row] = await db.query<{ target: number }>(
    `SELECT attstattarget::int AS target FROM pg_attribute
     WHERE attrelid = '"search_provision"'::regclass AND attname = 'vector'`,
  );
  // ANALYZE reads 300 × the target rows: at least the whole collection's units.
  expect(row.target * 300).toBeGreaterThanOrEqual(1_000_000);
});
