import { apiConfig, createHarness, type Harness } from './harness';

/**
 * Two organizations under concurrent load (#12): each creates, lists and deletes its webhooks
 * and reads its usage at the same time as the other. Every answer must be its own organization's
 * data, complete, and never a 5xx. On the old embedded server (PGlite behind pglite-socket) this
 * saw the other organization's webhooks, wrongly empty lists and 500s.
 */
const WORKERS_PER_ORG = 8;
const ROUNDS = 25;

interface Org {
  key: string;
  /** Webhooks this organization created and has not deleted yet. */
  live: Set<string>;
  /** Every webhook id it ever created. */
  mine: Set<string>;
  /** Every webhook id its lists showed (checked once all creations have answered). */
  seen: Set<string>;
}

describe('tenant isolation under concurrent load', () => {
  let h: Harness;
  beforeAll(async () => {
    // Its webhooks point at a loopback port (nothing is delivered here): local receivers allowed.
    h = await createHarness({ config: apiConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }) });
  });
  afterAll(() => h.close());

  async function call(org: Org, method: 'get' | 'post' | 'delete', path: string, body?: unknown) {
    let req = h.http[method](path).set('Authorization', `Bearer ${org.key}`);
    if (body !== undefined) req = req.set('Content-Type', 'application/json').send(JSON.stringify(body));
    return req;
  }

  async function worker(org: Org, other: Org, id: number, problems: string[]): Promise<void> {
    for (let round = 0; round < ROUNDS; round++) {
      const created = await call(org, 'post', '/v1/webhooks', { url: `http://127.0.0.1:9/w${id}-${round}`, events: ['document.created'] });
      if (created.status !== 201) {
        problems.push(`create: ${created.status} ${JSON.stringify(created.body)}`);
        continue;
      }
      const webhookId = (created.body as { data: { webhook: { id: string } } }).data.webhook.id;
      org.mine.add(webhookId);
      org.live.add(webhookId);

      const list = await call(org, 'get', '/v1/webhooks');
      if (list.status !== 200) problems.push(`list: ${list.status}`);
      else {
        const ids = (list.body as { data: { webhooks: Array<{ id: string }> } }).data.webhooks.map((w) => w.id);
        for (const seen of ids) org.seen.add(seen);
        if (!ids.includes(webhookId)) problems.push(`list: its own new webhook ${webhookId} is missing (${ids.length} listed)`);
      }

      const usage = await call(org, 'get', '/v1/usage');
      if (usage.status !== 200) problems.push(`usage: ${usage.status}`);

      const deleted = await call(org, 'delete', `/v1/webhooks/${webhookId}`);
      if (deleted.status !== 204 && deleted.status !== 200) problems.push(`delete: ${deleted.status}`);
      org.live.delete(webhookId);
      // The other organization's webhook is never reachable with this key.
      const foreign = [...other.live][0];
      if (foreign) {
        const peek = await call(org, 'get', `/v1/webhooks/${foreign}`);
        if (peek.status < 400 || peek.status >= 500) problems.push(`foreign webhook answered ${peek.status}`);
      }
    }
  }

  it('answers each organization with exactly its own webhooks, no 5xx', async () => {
    const a: Org = { key: (await h.newKey()).key, live: new Set(), mine: new Set(), seen: new Set() };
    const b: Org = { key: (await h.newKey()).key, live: new Set(), mine: new Set(), seen: new Set() };
    const problems: string[] = [];
    await Promise.all([
      ...Array.from({ length: WORKERS_PER_ORG }, (_, i) => worker(a, b, i, problems)),
      ...Array.from({ length: WORKERS_PER_ORG }, (_, i) => worker(b, a, i, problems)),
    ]);
    // A list may show a webhook whose creation had not answered yet: judged once all have.
    for (const [org, other, name] of [
      [a, b, 'A'],
      [b, a, 'B'],
    ] as const) {
      for (const id of org.seen) {
        if (other.mine.has(id)) problems.push(`${name} saw the other organization's webhook ${id}`);
        else if (!org.mine.has(id)) problems.push(`${name} saw a webhook nobody created: ${id}`);
      }
    }
    expect(problems).toEqual([]);
    expect(a.mine.size).toBe(WORKERS_PER_ORG * ROUNDS);
    expect(b.mine.size).toBe(WORKERS_PER_ORG * ROUNDS);
  }, 180_000);
});
