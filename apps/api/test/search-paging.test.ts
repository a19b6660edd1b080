import { testRecord } from '@dp/testing';
import { createHarness, type Harness } from './harness';

/**
 * Cursor paging is a contract (#14): walking next_cursor yields every match exactly once, in one
 * order whatever the page size, in both modes, also past the scored candidates and the
 * candidate cap (2,000) on a query with thousands of matches.
 */
const TITLE_MATCHES = 700; // "zákon" in the title (many with equal titles: ties everywhere)
const BODY_MATCHES = 500; // "zákon" only in the text
const OTHERS = 100; // no form of "zákon" at all

const record = (n: number, title: string, text: string) => testRecord(`sb/2089/${n}`, { title, text });

const TOPICS = ['vodách', 'lesích', 'silnicích', 'odpadech', 'myslivosti', 'rybářství', 'horách'];
const records = [
  ...Array.from({ length: TITLE_MATCHES }, (_, i) =>
    record(
      i + 1,
      `Zákon o ${TOPICS[i % TOPICS.length]}`,
      `Tento předpis upravuje ${TOPICS[(i * 3) % TOPICS.length]}. ${'Obecná pravidla. '.repeat(i % 5)}`,
    ),
  ),
  ...Array.from({ length: BODY_MATCHES }, (_, i) =>
    record(
      TITLE_MATCHES + i + 1,
      `Vyhláška o ${TOPICS[i % TOPICS.length]}`,
      `Podle zákona č. ${i}/2000 Sb. se stanoví ${'pravidla '.repeat(1 + (i % 4))}a postupy.`,
    ),
  ),
  ...Array.from({ length: OTHERS }, (_, i) =>
    record(TITLE_MATCHES + BODY_MATCHES + i + 1, `Vyhláška o ${TOPICS[i % TOPICS.length]}`, 'Bez odkazu na jiné předpisy.'),
  ),
];

let h: Harness;
let key: string;
let matches: string[];
beforeAll(async () => {
  h = await createHarness({ records });
  key = (await h.newKey()).key;
  // The match set, independently of the search code: documents with a word that starts with
  // "zakon" once folded (the query's stem, prefix-matched).
  const rows = await h.db.query<{ natural_key: string }>(
    `SELECT natural_key FROM "document" WHERE search_fold(concat_ws(' ', title, citation, text)) ~ '\\mzakon'`,
  );
  matches = rows.map((r) => r.natural_key).sort();
}, 600_000);
afterAll(() => h.close());

async function walk(mode: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ q: 'zákon', mode, limit: String(limit), ...(cursor ? { cursor } : {}) });
    const res = await h.get(`/v1/legal/search?${params}`, key);
    expect(res.status).toBe(200);
    const results = res.body.data.results as { natural_key: string }[];
    cursor = res.body.data.next_cursor;
    if (cursor) expect(results).toHaveLength(limit); // only the last page is short
    seen.push(...results.map((r) => r.natural_key));
  } while (cursor);
  return seen;
}

describe.each(['fulltext', 'hybrid'])('walking the cursor (%s) over more than a thousand matches', (mode) => {
  // Page sizes that share no boundaries past the ranked part (the best 200), where the old order broke.
  it('yields every match exactly once, in the same order for limits 17, 40 and 100', async () => {
    expect(matches).toHaveLength(TITLE_MATCHES + BODY_MATCHES);
    const by17 = await walk(mode, 17);
    const by40 = await walk(mode, 40);
    const by100 = await walk(mode, 100);
    expect(new Set(by100).size).toBe(by100.length);
    expect([...by100].sort()).toEqual(matches);
    expect(by40).toEqual(by100);
    expect(by17).toEqual(by100);
    // Title matches come before matches in the text alone.
    const lastTitle = Math.max(...by100.map((k, i) => (Number(k.split('/')[2]) <= TITLE_MATCHES ? i : -1)));
    expect(lastTitle).toBe(TITLE_MATCHES - 1);
  }, 600_000);
});
