import { cites, testRecord } from '@dp/testing';
import { createSeededHarness, errorFields, type Harness } from './harness';

/**
 * Input a client can send that parses but that PostgreSQL (or JavaScript's Date) cannot hold: a
 * timestamp whose offset pushes it out of 0001–9999, a forged cursor holding a number beyond
 * bigint or a NUL once decoded. Each is a 400 naming its parameter, never a 500; a forged search
 * cursor past the end of the order is its empty last page.
 */
const TITLE_MATCHES = 24; // more than a default page of title matches: body-only ones go to the tail
const BODY_MATCHES = 6;

const record = (n: number, title: string, text: string) =>
  testRecord(`sb/2087/${n}`, { title, text, relations: n > 1 ? [cites(`sb/2087/${n - 1}`)] : [] });

let h: Harness;
let key: string;
beforeAll(async () => {
  ({ h, key } = await createSeededHarness([
    ...Array.from({ length: TITLE_MATCHES }, (_, i) => record(i + 1, `Zákon o mostech ${i + 1}`, 'Tento předpis upravuje stavby.')),
    ...Array.from({ length: BODY_MATCHES }, (_, i) =>
      record(TITLE_MATCHES + i + 1, `Vyhláška o lávkách ${i + 1}`, 'Podle zákona o mostech se stanoví postupy.'),
    ),
  ]));
});
afterAll(() => h.close());

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decoded = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { position: unknown; search: string };

async function expect400(path: string, field: string): Promise<void> {
  const res = await h.get(path, key);
  expect({ path, status: res.status, code: res.body.error?.code }).toEqual({ path, status: 400, code: 'invalid_request' });
  expect(errorFields(res)).toEqual([field]);
}

describe('GET /v1/legal/changes: since out of range', () => {
  const changes = (since: string) => `/v1/legal/changes?${new URLSearchParams({ since })}`;

  it('a timestamp outside 0001–9999 (as written or once its offset is applied) is a 400 naming since', async () => {
    for (const since of [
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59-14:00',
      '0001-01-01T00:00:00+14:00',
      '0000-12-31T23:59:59-00:01',
      // Rolled over by Date, not calendar dates or times at all
      '2024-02-30T00:00:00Z',
      '2024-01-01T24:00:00Z',
      '2024-01-01T00:00:00+24:00',
    ]) {
      await expect400(changes(since), 'since');
    }
  });

  it('the range ends are served', async () => {
    for (const since of ['0001-01-01T00:00:00Z', '0001-01-01T10:00:00+10:00', '9999-12-31T23:59:59Z', '9999-12-31T09:59:59-14:00']) {
      const res = await h.get(changes(since), key);
      expect({ since, status: res.status }).toEqual({ since, status: 200 });
    }
  });

  it('a forged cursor holding a number beyond bigint, or an out-of-range time, is a 400 naming since', async () => {
    for (const forged of [
      { t: '9999999999999999999', s: '1' },
      { t: '1', s: '9223372036854775808' },
      { a: '0000-01-01T00:00:00Z' },
      { a: '9999-12-31T23:59:59-14:00' },
    ]) {
      await expect400(changes(cursorOf(forged)), 'since');
    }
    const largest = await h.get(changes(cursorOf({ t: '9223372036854775807', s: '9223372036854775807' })), key);
    expect(largest.status).toBe(200);
    expect(largest.body.data.changes).toEqual([]);
  });
});

describe('cursors holding a NUL once decoded', () => {
  it('relations: 400 naming cursor', async () => {
    for (const forged of [
      { d: 'outgoing\u0000', t: 'cites', k: 'sb/2087/1' },
      { d: 'outgoing', t: 'cites', k: '\u0000' },
    ]) {
      await expect400(`/v1/legal/documents/sb%2F2087%2F3/relations?cursor=${cursorOf(forged)}`, 'cursor');
    }
  });

  it('search: 400 naming cursor', async () => {
    const first = await h.get('/v1/legal/search?q=most&limit=1', key);
    expect(first.status).toBe(200);
    const { search } = decoded(first.body.data.next_cursor);
    await expect400(
      `/v1/legal/search?q=most&limit=1&cursor=${cursorOf({ position: { count: 1, tail: [true, 1, 'SB-\u0000'] }, search })}`,
      'cursor',
    );
    // The shape issued before the fields had names is read too, and refused alike.
    await expect400(`/v1/legal/search?q=most&limit=1&cursor=${cursorOf({ p: { n: 1, t: [true, 1, 'SB-\u0000'] }, f: search })}`, 'cursor');
  });
});

describe('GET /v1/legal/search: a forged cursor past the end', () => {
  it('the search has a tail, so the check is not vacuous: following next_cursor reaches the body-only matches', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await h.get(`/v1/legal/search?q=most&limit=10${cursor ? `&cursor=${cursor}` : ''}`, key);
      expect(res.status).toBe(200);
      seen.push(...res.body.data.results.map((r: { id: string }) => r.id));
      cursor = res.body.data.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(TITLE_MATCHES + BODY_MATCHES);
  });

  it('is an empty last page (next_cursor null), in both modes', async () => {
    for (const mode of ['fulltext', 'hybrid']) {
      const first = await h.get(`/v1/legal/search?q=most&mode=${mode}&limit=5`, key);
      expect(first.status).toBe(200);
      const { search } = decoded(first.body.data.next_cursor);
      for (const p of [
        { count: 5, offset: 1_000_000 },
        { count: 5, offset: TITLE_MATCHES + BODY_MATCHES },
      ]) {
        const res = await h.get(`/v1/legal/search?q=most&mode=${mode}&limit=5&cursor=${cursorOf({ position: p, search })}`, key);
        expect({ mode, p, status: res.status, results: res.body.data.results, next: res.body.data.next_cursor }).toEqual({
          mode,
          p,
          status: 200,
          results: [],
          next: null,
        });
      }
    }
  });
});

describe('GET /v1/webhooks/{id}/deliveries: a forged cursor beyond bigint', () => {
  it('is a 400 naming cursor', async () => {
    const created = await h.call('post', '/v1/webhooks', key, { url: 'https://hooks.example.com/x', events: ['document.created'] });
    expect(created.status).toBe(201);
    const id = created.body.data.webhook.id as string;
    await expect400(`/v1/webhooks/${id}/deliveries?cursor=${cursorOf({ s: '9999999999999999999' })}`, 'cursor');
    await expect400(`/v1/webhooks/${id}/deliveries?cursor=${cursorOf({ s: '1\u0000' })}`, 'cursor');
    const largest = await h.get(`/v1/webhooks/${id}/deliveries?cursor=${cursorOf({ s: '9223372036854775807' })}`, key);
    expect(largest.status).toBe(200);
  });
});
