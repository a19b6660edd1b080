import { ASTRAL_CHAR, generateCzechText, testRecord } from '@dp/testing';
import { createHarness, type Harness } from './harness';

// Large texts (#13): every version readable with include=text, paged without splitting a character.
const PAGE = 100_000; // the default text_limit
// A surrogate pair straddles every default page boundary of the oldest version: without care,
// each page would end in half a character. (Each page then ends one unit early, so the next
// boundary is one unit earlier again.)
const straddling = Array.from({ length: 15 }, (_, k) => (k + 1) * (PAGE - 1));
const TEXTS = {
  1: generateCzechText(1_500_000, { seed: 1, pairsAt: straddling }),
  2: generateCzechText(1_200_000, { seed: 2, pairsAt: [5, 99_999, 700_000] }),
  3: generateCzechText(1_500_007, { seed: 3, pairsAt: [99_999, 1_500_005] }),
};
const utf8RoundTrips = (s: string) => Buffer.from(s, 'utf8').toString('utf8') === s;

describe('include=text: every version, large multi-byte texts', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    h = await createHarness({
      records: [
        testRecord('sb/2098/1', {
          title: 'Zákon o velkém textu',
          published: '2000-12-01',
          from: '2001-01-01',
          text: TEXTS[3],
          versions: [
            { version: 3, valid_from: '2020-01-01', valid_to: null, kind: 'reform', text_is_current: true },
            // The source's date is not a calendar date: the import takes the previous version's end.
            { version: 2, valid_from: '0000-00-00', valid_to: '2020-01-01', kind: 'reform', text: TEXTS[2] },
            { version: 1, valid_from: '2001-01-01', valid_to: '2010-01-01', kind: 'bootstrap', text: TEXTS[1] },
          ],
        }),
      ],
    });
    key = (await h.newKey()).key;
  });
  afterAll(() => h.close());

  const read = async (query: string) => {
    const res = await h.get(`/v1/legal/documents/sb%2F2098%2F1?include=text${query}`, key);
    expect(res.status).toBe(200);
    return res.body.data.document;
  };

  it.each([
    [1, '2005-06-30'],
    [2, '2010-01-01'],
    [3, '2024-01-01'],
  ] as const)('version %i (at=%s): the pages concatenate to its exact text, none splits a character', async (version, at) => {
    const pages: string[] = [];
    let offset: number | null = 0;
    let adjusted = 0;
    while (offset !== null) {
      const doc = await read(`&at=${at}&text_offset=${offset}`);
      expect(doc.version.version).toBe(version);
      expect(doc.text_page.offset).toBe(offset);
      expect(doc.text_page.total_chars).toBe(TEXTS[version].length);
      expect(utf8RoundTrips(doc.text)).toBe(true);
      if (doc.text_page.returned_chars === PAGE - 1) adjusted++;
      pages.push(doc.text);
      offset = doc.text_page.next_offset;
    }
    expect(pages.join('')).toBe(TEXTS[version]);
    if (version === 1) expect(adjusted).toBe(straddling.length);
  });

  it('the whole text in one page', async () => {
    const doc = await read('&at=2005-06-30&text_limit=2000000');
    expect(doc.text).toBe(TEXTS[1]);
    expect(doc.text_page).toMatchObject({ offset: 0, returned_chars: TEXTS[1].length, next_offset: null });
  });

  it('an offset inside a pair starts at the pair; a one-unit page at a pair returns the pair', async () => {
    const inside = await read(`&at=2005-06-30&text_offset=${PAGE}&text_limit=10`);
    expect(inside.text_page.offset).toBe(PAGE - 1);
    expect(inside.text.startsWith(ASTRAL_CHAR)).toBe(true);
    expect(inside.text).toBe(TEXTS[1].slice(PAGE - 1, PAGE + 9));

    const one = await read(`&at=2005-06-30&text_offset=${PAGE - 1}&text_limit=1`);
    expect(one.text).toBe(ASTRAL_CHAR);
    expect(one.text_page).toMatchObject({ offset: PAGE - 1, returned_chars: 2, next_offset: PAGE + 1 });
  });

  it("a version whose source date was unusable is placed by the previous version's end, and says so", async () => {
    const doc = (await h.get('/v1/legal/documents/sb%2F2098%2F1?include=versions', key)).body.data.document;
    expect(
      doc.versions.map((v: { version: number; valid_from: string; valid_from_inferred_from: string | null }) => [
        v.version,
        v.valid_from,
        v.valid_from_inferred_from,
      ]),
    ).toEqual([
      [1, '2001-01-01', null],
      [2, '2010-01-01', 'previous_version_end'],
      [3, '2020-01-01', null],
    ]);
  });
});
