import { newId } from '@dp/core';
import { createOrganization, FIXTURE_CORPUS_PATH, importCorpusFile } from '@dp/db';
import { count, createTestDatabase, fixtureRecords, type TestDatabase } from './corpus-helpers';

const records = fixtureRecords();
const totalRelations = records.reduce((n, r) => n + r.relations.length, 0);

describe('importCorpusFile: transactional outbox', () => {
  let db: TestDatabase;
  const ids = { created: '', relations: '', disabled: '', nothing: '' };

  beforeAll(async () => {
    db = await createTestDatabase();
    const org = await createOrganization(db.prisma, { name: 'outbox test' });
    const hook = async (events: string[], status = 'active') =>
      (
        await db.prisma.webhook.create({
          data: { id: newId('wh'), orgId: org.id, url: 'https://example.com/hook', events, secret: 'whsec_test', status },
        })
      ).id;
    ids.created = await hook(['document.created']);
    ids.relations = await hook(['relation.created']);
    ids.disabled = await hook(['document.created', 'relation.created'], 'disabled');
    ids.nothing = await hook(['document.status_changed']);
    const report = await importCorpusFile(db, FIXTURE_CORPUS_PATH);
    expect(report.failed).toEqual([]);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('an active webhook gets exactly one pending delivery per change of a subscribed kind', async () => {
    const deliveries = await db.prisma.webhookDelivery.findMany({ where: { webhookId: ids.created } });
    expect(deliveries).toHaveLength(records.length);
    expect(new Set(deliveries.map((d) => d.changeSeq)).size).toBe(records.length);
    for (const d of deliveries) expect(d).toMatchObject({ eventType: 'document.created', status: 'pending', attempts: 0 });
    expect(deliveries.every((d) => d.id.startsWith('msg_'))).toBe(true);

    expect(await count(db, 'webhook_delivery WHERE webhook_id = $1', [ids.relations])).toBe(totalRelations);
  });

  it('a disabled or unsubscribed webhook gets none', async () => {
    expect(await count(db, 'webhook_delivery WHERE webhook_id = $1', [ids.disabled])).toBe(0);
    expect(await count(db, 'webhook_delivery WHERE webhook_id = $1', [ids.nothing])).toBe(0);
  });

  it('the payload is the change as the feed shows it, and change_seq points at that change', async () => {
    const change = await db.prisma.change.findFirstOrThrow({ where: { naturalKey: 'sb/2091/1', kind: 'document.created' } });
    const delivery = await db.prisma.webhookDelivery.findFirstOrThrow({ where: { webhookId: ids.created, changeSeq: change.seq } });
    expect(delivery.payload).toEqual({
      id: change.id,
      kind: 'document.created',
      document: { id: 'SB-2091-1', natural_key: 'sb/2091/1', doc_number: '1/2091 Sb.' },
      at: change.at.toISOString(),
    });
    const rel = await db.prisma.webhookDelivery.findFirstOrThrow({ where: { webhookId: ids.relations, eventType: 'relation.created' } });
    expect(rel.payload).toMatchObject({ kind: 'relation.created', relation: { type: expect.any(String), target: expect.any(Object) } });
    expect(rel.payload).not.toHaveProperty('version');
  });

  it('a re-import writes no deliveries', async () => {
    const before = await count(db, 'webhook_delivery');
    await importCorpusFile(db, FIXTURE_CORPUS_PATH);
    expect(await count(db, 'webhook_delivery')).toBe(before);
  });
});
