import { isStorageUnavailable } from '@dp/core';
import { createOrganization, createWebhook, REQUEST_TRANSACTION } from '@dp/db';
import { createTestDatabase, type TestDatabase } from './corpus-helpers';

/**
 * A burst of webhook creates queued on one organization's row lock (the cap's lock) on a loaded
 * machine: each waits its turn as long as a statement may (REQUEST_TRANSACTION), not as long as
 * Prisma's shorter defaults, which answered such a burst with HTTP status 500 (CI, the tenant-isolation test
 * on the embedded server). Past its bound the error is a busy server's.
 */

const POLICY = { allowPrivateTargets: true };
/** Longer than Prisma's default transaction time, well inside REQUEST_TRANSACTION's. */
const HELD_MS = 6_000;

describe('request transactions', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.destroy());

  /** Takes the organization's row lock in a transaction of its own; resolves once taken, with that transaction's end. */
  async function holdLock(orgId: string, ms: number): Promise<{ released: Promise<void> }> {
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const released = db.prisma.$transaction(
      async (tx) => {
        await tx.$queryRawUnsafe('SELECT id FROM "organization" WHERE id = $1 FOR UPDATE', orgId);
        locked();
        await new Promise((r) => setTimeout(r, ms));
      },
      { maxWait: 20_000, timeout: 20_000 },
    );
    await isLocked;
    return { released };
  }

  it('lets creates queued behind a lock held past Prisma’s defaults finish, each once, under the cap', async () => {
    const org = await createOrganization(db.prisma, { name: 'burst' });
    const holder = await holdLock(org.id, HELD_MS);
    // More creates than the pool's connections: some wait for a connection, the rest for the lock.
    const creates = Array.from({ length: 12 }, (_, i) =>
      createWebhook(db.prisma, { orgId: org.id, url: `http://127.0.0.1:9/burst-${i}`, events: ['document.created'] }, POLICY),
    );
    const settled = await Promise.allSettled(creates);
    await holder.released;
    expect(settled.filter((s) => s.status === 'rejected').map((s) => String(s.reason))).toEqual([]);
    expect(await db.prisma.webhook.count({ where: { orgId: org.id } })).toBe(12);
  }, 60_000);

  it('gives up as a busy server (503), not an internal error, past its bound', async () => {
    const org = await createOrganization(db.prisma, { name: 'bounded' });
    const holder = await holdLock(org.id, 3_000);
    // The same transaction with a bound shorter than the lock's hold: Prisma's expiry error.
    const expired = await db.prisma
      .$transaction(
        async (tx) => {
          await tx.$queryRawUnsafe('SELECT id FROM "organization" WHERE id = $1 FOR UPDATE', org.id);
        },
        { ...REQUEST_TRANSACTION, timeout: 500 },
      )
      .catch((e: unknown) => e);
    await holder.released;
    expect(expired).toBeInstanceOf(Error);
    expect((expired as { code?: string }).code).toBe('P2028');
    expect(isStorageUnavailable(expired)).toBe(true);
  }, 60_000);
});
