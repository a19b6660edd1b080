import type { EffStatus } from '@dp/core';
import { cites, eventually, importTestRecords, testRecord } from '@dp/testing';
import { createSeededHarness, type Harness } from './harness';

const record = (n: number, status: EffStatus = 'in_force') =>
  testRecord(`sb/2091/${n}`, {
    title: `Zákon číslo ${n} o zkouškách`,
    docType: n % 2 ? 'act' : 'decree',
    status,
    text: `Text zákona ${n}.`,
    versions: [
      { version: 1, valid_from: '2091-02-01', valid_to: '2091-06-30', kind: 'original' },
      { version: 2, valid_from: '2091-07-01', valid_to: null, kind: 'amendment' },
    ],
    relations: n > 1 ? [cites(`sb/2091/${n - 1}`)] : [],
  });

let h: Harness;
let key: string;
beforeAll(async () => {
  ({ h, key } = await createSeededHarness([1, 2, 3, 4].map((n) => record(n))));
  await waitUntilVisible(15);
});

/**
 * The feed holds rows back while any older transaction in the cluster is open; on a shared
 * PostgreSQL other test workers' transactions do that for a moment. Held back, never lost: wait.
 */
async function waitUntilVisible(count: number, since = '1970-01-01T00:00:00Z'): Promise<void> {
  await eventually(async () => ((await feed({ since, limit: '500' })).body.data.changes.length >= count ? true : undefined), {
    what: `${count} changes in the feed`,
    timeoutMs: 30_000,
    intervalMs: 200,
  });
}
afterAll(() => h.close());

const feed = (params: Record<string, string>, k = key) => h.get(`/v1/legal/changes?${new URLSearchParams(params)}`, k);

type Change = { id: string; kind: string; document: { natural_key: string }; version?: unknown; relation?: unknown };

/** Follows next_cursor until an empty page; returns every change seen. */
async function followAll(
  since: string,
  limit: string,
  filters?: string,
  between?: () => Promise<void>,
): Promise<{ changes: Change[]; cursor: string }> {
  const changes: Change[] = [];
  let cursor = since;
  for (;;) {
    const res = await feed({ since: cursor, limit, ...(filters ? { filters } : {}) });
    expect(res.status).toBe(200);
    changes.push(...res.body.data.changes);
    cursor = res.body.data.next_cursor;
    if (res.body.data.changes.length === 0) return { changes, cursor };
    await between?.();
  }
}

async function allChangeIds(): Promise<string[]> {
  return (await h.db.query<{ id: string }>('SELECT id FROM "change" ORDER BY txid, seq')).map((r) => r.id);
}

describe('GET /v1/legal/changes', () => {
  it('pages through every change once, in order, with the documented shape', async () => {
    const { changes } = await followAll('1970-01-01T00:00:00Z', '3');
    expect(changes.map((c) => c.id)).toEqual(await allChangeIds());
    // 4 documents x (created + 2 versions) + 3 relations
    expect(changes).toHaveLength(15);
    const created = changes.find((c) => c.kind === 'document.created')!;
    expect(created).toMatchObject({ document: { natural_key: 'sb/2091/1', doc_number: '1/2091 Sb.' } });
    expect(created.version).toBeUndefined();
    expect(changes.find((c) => c.kind === 'document.version_added')!.version).toMatchObject({ version: 1 });
    expect(changes.find((c) => c.kind === 'relation.created')!.relation).toMatchObject({ type: 'cites' });
  });

  it('starts at the first change at or after a timestamp, and keeps position on an empty page', async () => {
    const future = new Date(Date.now() + 3600_000).toISOString();
    const res = await feed({ since: future });
    expect(res.body.data.changes).toEqual([]);
    const again = await feed({ since: res.body.data.next_cursor });
    expect(again.status).toBe(200);
    expect(again.body.data.changes).toEqual([]);
  });

  it('filters by kinds, doc_type and eff_status', async () => {
    const kinds = (await followAll('1970-01-01T00:00:00Z', '100', JSON.stringify({ kinds: ['document.created'] }))).changes;
    expect(kinds.map((c) => c.document.natural_key)).toEqual(['sb/2091/1', 'sb/2091/2', 'sb/2091/3', 'sb/2091/4']);
    const decrees = (await followAll('1970-01-01T00:00:00Z', '100', JSON.stringify({ doc_type: ['decree'], kinds: ['document.created'] })))
      .changes;
    expect(decrees.map((c) => c.document.natural_key)).toEqual(['sb/2091/2', 'sb/2091/4']);
    expect((await followAll('1970-01-01T00:00:00Z', '100', JSON.stringify({ eff_status: ['never_in_force'] }))).changes).toEqual([]);
  });

  it('rejects bad input with 400 naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'since'],
      [{ since: 'yesterday' }, 'since'],
      [{ since: '2091-13-45T00:00:00Z' }, 'since'],
      [{ since: Buffer.from('{"t":"x"}').toString('base64url') }, 'since'],
      [{ since: '2020-01-01T00:00:00Z', limit: '501' }, 'limit'],
      [{ since: '2020-01-01T00:00:00Z', limit: '0' }, 'limit'],
      [{ since: '2020-01-01T00:00:00Z', filters: '{"kinds":["document.deleted"]}' }, 'filters.kinds'],
      [{ since: '2020-01-01T00:00:00Z', filters: '{"published_from":"2020-01-01"}' }, 'filters.published_from'],
      [{ since: '2020-01-01T00:00:00Z', filters: 'nope' }, 'filters'],
    ];
    for (const [params, field] of cases) {
      const res = await feed(params);
      expect(res.status).toBe(400);
      expect(res.body.error.details.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('costs 1 unit a page', async () => {
    const { key: k } = await h.newKey();
    await feed({ since: '1970-01-01T00:00:00Z', limit: '2' }, k);
    await feed({ since: 'bad' }, k);
    const usage = (await h.get('/v1/usage', k)).body.data;
    expect(usage.units.used).toBe(1);
  });

  it('sees each change exactly once while an import writes more between pages', async () => {
    const { cursor } = await followAll('1970-01-01T00:00:00Z', '100');
    await importTestRecords(h.db, [record(10)]);
    const changes: Change[] = [];
    let position = cursor;
    const page = async () => {
      const res = await feed({ since: position, limit: '2' });
      expect(res.status).toBe(200);
      changes.push(...res.body.data.changes);
      position = res.body.data.next_cursor;
    };
    // Page through in small steps, importing another record between pages, then keep following
    // the cursor until the watermark lets every new row through.
    for (let next = 11; next < 14; next++) {
      await page();
      await importTestRecords(h.db, [record(next)]);
    }
    await eventually(
      async () => {
        await page();
        return changes.length >= 16 ? true : undefined;
      },
      { what: () => `16 changes of the imports (${changes.length} seen)`, timeoutMs: 30_000, intervalMs: 50 },
    );
    const before = new Set((await h.db.query<{ id: string }>('SELECT id FROM "change"')).map((r) => r.id));
    const ids = changes.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Everything written by the imports of 10..13 was seen (each: created, 2 versions, 1 relation).
    expect(ids.length).toBe(16);
    expect(ids.every((id) => before.has(id))).toBe(true);
  });

  it('holds back changes of an open transaction and delivers them after commit', async () => {
    const { cursor } = await followAll('1970-01-01T00:00:00Z', '100');
    const insert = (id: string) =>
      `INSERT INTO "change" (id, kind, document_id, natural_key, doc_number, doc_type, status)
       VALUES ('${id}', 'document.status_changed', 'SB-2091-1', 'sb/2091/1', '1/2091 Sb.', 'act', 'in_force')`;
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const didInsert = new Promise<void>((r) => (inserted = r));
    const open = h.db.withSession(async (s) => {
      await s.exec('BEGIN');
      await s.exec(insert('chg_open'));
      inserted();
      await released;
      await s.exec('COMMIT');
    });
    await didInsert;
    // A later transaction commits first: its row must wait too, or the open one would be skipped.
    await h.db.exec(insert('chg_later'));
    const during = await feed({ since: cursor });
    expect(during.body.data.changes).toEqual([]);
    release();
    await open;
    // The watermark is cluster-wide: a transaction of another test file running on the same
    // PostgreSQL (a schema migration, an import) may hold both rows back a little longer. Keep
    // following the cursor, as a client would, until they arrive.
    const seen: string[] = [];
    let position = during.body.data.next_cursor;
    await eventually(
      async () => {
        const after = await followAll(position, '100');
        seen.push(...after.changes.map((c) => c.id));
        position = after.cursor;
        return seen.length >= 2 ? true : undefined;
      },
      { what: () => `both rows after the commit (seen: ${seen.join(', ') || 'none'})`, timeoutMs: 20_000 },
    );
    expect(seen).toEqual(['chg_open', 'chg_later']);
  });
});
