import { newId } from '@dp/core';
import { createOrganization, importCorpusFile, syncRepository } from '@dp/db';
import { count, createTestDatabase, fixtureRecords, writeJsonl, type TestDatabase } from './corpus-helpers';
import { bootstrapMessage, createTinyRepo, docFile, eventually } from '@dp/testing';

// A webhook deleted while an import or a sync writes a document must simply receive nothing more:
// the document is written (with its change rows), never failed over the webhook's foreign key.
describe('a webhook deleted while a document is written', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.destroy();
  });

  const [record] = fixtureRecords();
  const writers: [string, string, (db: TestDatabase) => Promise<{ failed: number; naturalKey: string }>][] = [
    [
      'an import',
      record.natural_key,
      async (db) => {
        const report = await importCorpusFile(db, writeJsonl([record]));
        return { failed: report.failed.length, naturalKey: record.natural_key };
      },
    ],
    [
      'a sync of a tiny repository',
      'sb/2001/4',
      async (db) => {
        const repo = createTinyRepo();
        try {
          repo.commit(
            'cz/SB-2001-4.md',
            docFile({ id: 'SB-2001-4' }, '# Zákon\n'),
            bootstrapMessage('SB-2001-4', '2001-01-01'),
            '2001-01-01',
          );
          const report = await syncRepository(db, repo.dir, { today: '2026-06-01' });
          return { failed: report.documents.failed, naturalKey: 'sb/2001/4' };
        } finally {
          repo.destroy();
        }
      },
    ],
  ];

  it.each(writers)('%s: the document and its changes are written; the deleted webhook gets no delivery', async (_, naturalKey, write) => {
    const org = await createOrganization(db.prisma, { name: 'deleted hook' });
    const id = newId('wh');
    await db.prisma.webhook.create({
      data: { id, orgId: org.id, url: 'https://example.com/hook', events: ['document.created'], secret: 'whsec_test' },
    });
    // The deletion is under way (its row lock held, not committed) when the import writes its outbox.
    let commitDeletion = () => {};
    const held = new Promise<void>((resolve) => (commitDeletion = resolve));
    let deleting = (_xid: string) => {};
    const deletingXid = new Promise<string>((resolve) => (deleting = resolve));
    const deletion = db.prisma.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe('DELETE FROM "webhook" WHERE id = $1', id);
        const [row] = await tx.$queryRawUnsafe<{ xid: string }[]>('SELECT (pg_current_xact_id()::text::bigint % 4294967296)::text AS xid');
        deleting(row.xid);
        await held;
      },
      { timeout: 90_000 },
    );
    const xid = await deletingXid;
    const importing = write(db);
    // The import now waits on the deleting transaction (its row lock on the webhook): found by that
    // transaction's id, so other test files' waits on the same server never count.
    await eventually(
      async () => {
        const [row] = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'transactionid' AND NOT granted AND transactionid::text = $1`,
          [xid],
        );
        return Number(row?.n) > 0 ? true : undefined;
      },
      { what: 'the import to wait on the webhook being deleted', timeoutMs: 60_000, intervalMs: 50 },
    );
    commitDeletion();
    await deletion;
    const report = await importing;
    expect(report.failed).toBe(0);
    expect(await count(db, '"change" WHERE natural_key = $1', [naturalKey])).toBeGreaterThan(0);
    expect(await count(db, 'webhook_delivery')).toBe(0);
  });
});
