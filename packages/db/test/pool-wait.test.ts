import { createDatabase } from '@dp/db';
import { createTestDatabase, type TestDatabase } from './corpus-helpers';

// A busy pool is not a dead server: a call that waits for a free connection longer than the
// old short bound (while the one connection runs a slow statement on a live server) gets it and succeeds.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

it('waits for a busy pool slot as long as a statement may run, not 2 s', async () => {
  const db = await createDatabase({ url: t.url, poolSize: 1, queryTimeoutMs: 10_000 });
  try {
    const slow = db.query('SELECT pg_sleep(3)');
    const queued = db.query<{ n: number }>('SELECT 1 AS n');
    await expect(queued).resolves.toEqual([{ n: 1 }]);
    await slow;
  } finally {
    await db.close();
  }
}, 30_000);
