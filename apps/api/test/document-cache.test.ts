import { announce, DOCUMENTS_CHANGED } from '@dp/db';
import { createTestStatePair, eventually, seedFixtureCorpus } from '@dp/testing';
import { DocumentCache } from '../src/legal/documents/document-cache';
import { currentVersion } from '../src/legal/documents/load';
import { createHarness, createSeededHarness, apiConfig, type Harness } from './harness';

describe('document cache', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => ({ h, key } = await createSeededHarness(seedFixtureCorpus)));
  afterAll(() => h.close());

  const title = async (harness: Harness) => (await harness.get('/v1/legal/documents/sb%2F2091%2F1', key)).body.data.document.title;

  it("shares one frozen view of a day per document, so its answer is serialised and tagged once (core's sendCacheable)", async () => {
    const cache = new DocumentCache(h.db);
    const { versions, views } = await cache.get('sb/2091/1');
    const day = new Date('2026-01-01T00:00:00Z');
    const view = views.document(day, currentVersion(versions), versions, 'https://api.test', false);
    expect(Object.isFrozen(view.answer)).toBe(true);
    expect(view.answer.document).toBe(view.fields);
    expect(views.document(day, currentVersion(versions), versions, 'https://api.test', false).answer).toBe(view.answer);
  });

  it('reads several documents at once (a search page), as get reads each, and serves them from the cache after', async () => {
    const cache = new DocumentCache(h.db);
    const keys = ['sb/2091/1', 'sb/2091/2', 'sb/2096/1'];
    const single = await Promise.all(keys.map((k) => new DocumentCache(h.db).get(k)));
    const ids = single.map((l) => l.doc.id);
    const many = await cache.getMany([...ids, 'NO-SUCH-DOC']);
    expect(many[3]).toBeNull();
    many.slice(0, 3).forEach((l, i) => {
      expect(l!.doc).toEqual(single[i].doc);
      expect(l!.versions).toEqual(single[i].versions);
      expect(l!.amendments).toEqual(single[i].amendments);
    });
    // Cached: the same entries again, without reading.
    const again = await cache.getMany(ids);
    expect(again[0]).toBe(many[0]);
    expect(again[1]).toBe(many[1]);
  });

  it('serves cached metadata until an import announces changes', async () => {
    const original = await title(h);
    await h.db.query("UPDATE document SET title = 'Změněný název' WHERE natural_key = 'sb/2091/1'");
    expect(await title(h)).toBe(original); // within the cache bound
    await h.state.pubsub.publish(DOCUMENTS_CHANGED.channel, '1');
    // Redis delivers asynchronously; without the announcement the copy would stand for its TTL.
    await eventually(async () => ((await title(h)) === 'Změněný název' ? true : undefined), {
      what: 'the new title after the announcement',
      timeoutMs: 5_000,
      intervalMs: 20,
    });
    await h.db.query('UPDATE document SET title = $1 WHERE natural_key = $2', [original, 'sb/2091/1']);
  });

  it('drops its copies when another process announces changes (a CLI sync beside `start`: NOTIFY without Redis)', async () => {
    const [apiState, cliState] = createTestStatePair();
    const instance = await createHarness({ db: h.db, state: apiState, config: apiConfig() });
    const original = await title(instance);
    await h.db.query("UPDATE document SET title = 'Název po synchronizaci' WHERE natural_key = 'sb/2091/1'");
    expect(await title(instance)).toBe(original);
    await announce(cliState, h.db, DOCUMENTS_CHANGED, '1');
    const seen = await eventually(
      async () => {
        const now = await title(instance);
        return now === original ? undefined : now;
      },
      { what: 'a title other than the cached one after the NOTIFY', timeoutMs: 2_000, intervalMs: 50 },
    );
    expect(seen).toBe('Název po synchronizaci');
    await h.db.query('UPDATE document SET title = $1 WHERE natural_key = $2', [original, 'sb/2091/1']);
    await instance.close();
    await apiState.close();
    await cliState.close();
  });

  it('never serves a copy older than its TTL', async () => {
    const short = await createHarness({ db: h.db, config: apiConfig(), documentCacheTtlMs: 200 });
    const original = await title(short);
    await h.db.query("UPDATE document SET title = 'Jiný název' WHERE natural_key = 'sb/2091/1'");
    // Read again until the copy is dropped: within a bound far below the default TTL.
    await eventually(async () => ((await title(short)) === 'Jiný název' ? true : undefined), {
      what: 'the new title once the 200 ms copy expired',
      timeoutMs: 2_000,
      intervalMs: 50,
    });
    await h.db.query('UPDATE document SET title = $1 WHERE natural_key = $2', [original, 'sb/2091/1']);
    await short.close();
  });

  it('keeps version texts (paging a large act reads it once) until an import announces changes', async () => {
    const text = async () => (await h.get('/v1/legal/documents/sb%2F2091%2F1?include=text&text_limit=20', key)).body.data.document.text;
    const original = await text();
    const [{ full }] = await h.db.query<{ full: string }>("SELECT text AS full FROM document WHERE natural_key = 'sb/2091/1'");
    await h.db.query("UPDATE document SET text = 'Nový text' WHERE natural_key = 'sb/2091/1'");
    expect(await text()).toBe(original);
    await h.state.pubsub.publish(DOCUMENTS_CHANGED.channel, '1');
    await eventually(async () => ((await text()) === 'Nový text' ? true : undefined), {
      what: 'the new text after the announcement',
      timeoutMs: 5_000,
      intervalMs: 20,
    });
    await h.db.query('UPDATE document SET text = $1 WHERE natural_key = $2', [full, 'sb/2091/1']);
  });

  it('holds texts within its budget, dropping the least recently used', async () => {
    const cache = new DocumentCache(h.db, 30_000, 10, 10);
    const loads: string[] = [];
    const get = (id: string, chars: number) => cache.text(id, 1, async () => (loads.push(id), 'x'.repeat(chars)));
    await get('a', 4);
    await get('b', 4);
    await get('a', 4); // a is now the most recently used
    await get('c', 4); // 12 > 10: b goes
    await get('a', 4);
    await get('b', 4);
    await get('big', 11); // never kept
    await get('big', 11);
    expect(loads).toEqual(['a', 'b', 'c', 'b', 'big', 'big']);
  });
});
