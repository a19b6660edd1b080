import { isTransientConflict, isUniqueViolation } from '@dp/db';
import { createTestDatabase, type TestDatabase } from './corpus-helpers';

// The errors a sync writer retries, as the driver adapter really reports them.

describe('isTransientConflict', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await db.exec('CREATE TABLE conflict_probe (id int PRIMARY KEY, n int); INSERT INTO conflict_probe VALUES (1, 0), (2, 0)');
  });
  afterAll(() => db.destroy());

  it('is true for a deadlock PostgreSQL broke between two transactions, false for other errors', async () => {
    let bothLockedFirst!: () => void;
    let locked = 0;
    const firstLocks = new Promise<void>((resolve) => (bothLockedFirst = resolve));
    const crossing = (first: number, second: number) =>
      db.prisma.$transaction(
        async (tx) => {
          await tx.$executeRawUnsafe('UPDATE conflict_probe SET n = n + 1 WHERE id = $1', first);
          if (++locked === 2) bothLockedFirst();
          await firstLocks;
          await tx.$executeRawUnsafe('UPDATE conflict_probe SET n = n + 1 WHERE id = $1', second);
        },
        { timeout: 20_000, maxWait: 20_000 },
      );
    const results = await Promise.allSettled([crossing(1, 2), crossing(2, 1)]);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failures).toHaveLength(1);
    expect(isTransientConflict(failures[0].reason)).toBe(true);
    expect(isUniqueViolation(failures[0].reason)).toBe(false);

    // A unique violation, as node-postgres and as a raw statement through Prisma report it.
    for (const duplicate of [
      await db.exec('INSERT INTO conflict_probe VALUES (1, 0)').catch((e: unknown) => e),
      await db.prisma.$executeRawUnsafe('INSERT INTO conflict_probe VALUES (1, 0)').catch((e: unknown) => e),
    ]) {
      expect(isUniqueViolation(duplicate)).toBe(true);
      expect(isTransientConflict(duplicate)).toBe(false);
    }
  });
});
