import type { SearchMode } from '@dp/core';
import { cites, createTestDatabase, keyParts, testRecord, type TestDatabase, type TestRecordOptions } from '@dp/testing';
import { searchDocuments } from '../../src/legal/search/search';
import { WEIGHTS, type Weights } from '../../src/legal/search/weights';

/**
 * The search signals of #25 on a small corpus, each where it decides the first result: the test
 * runs the search with the signal and, where a weight controls it, with that weight at 0, which
 * puts another document first (so each test fails without its signal).
 */
function record(
  key: string,
  title: string,
  o: Pick<TestRecordOptions, 'text' | 'docType' | 'status' | 'amending' | 'relations'> & { from?: string; to?: string } = {},
) {
  const { year, number } = keyParts(key);
  return testRecord(key, {
    ...o,
    title,
    citation: `${title} č. ${number}/${year} Sb.`,
    published: o.from ?? `${year}-01-10`,
    from: o.from ?? `${year}-02-01`,
    effectivity: { inferred_effective_to: o.to ?? null, inferred_from: o.to ? 'repealing act' : null },
  });
}

const RECORDS = [
  // Short name in the title's parentheses.
  record('sb/2095/1', 'Zákon o úpadku a způsobech jeho řešení (insolvenční zákon)'),
  record('sb/2095/2', 'Zákon o insolvenčních správcích'),
  // A name another act's title gives (the act was renamed; amending acts still say "o bankách").
  record('sb/2095/21', 'Zákon o úvěrových institucích'),
  record('sb/2095/22', 'Vyhláška o bankovkách a mincích', { docType: 'decree' }),
  record('sb/2095/30', 'Zákon, kterým se mění zákon č. 21/2095 Sb., o bankách', {
    amending: true,
    relations: [{ type: 'amends', target: 'sb/2095/21', target_doc_number: '21/2095 Sb.' }],
  }),
  // § headings.
  record('sb/2095/40', 'Zákon trestní zákoník', {
    text: '# Zákon trestní zákoník\n\n##### § 205\n\n#### Krádež\n\n(1) Kdo si přisvojí cizí věc tím, že se jí zmocní, bude potrestán.\n',
  }),
  record('sb/2095/41', 'Vyhláška o evidenci krádeží kol', { docType: 'decree' }),
  // In-degree: two titles alike, one cited by three others.
  record('sb/2095/50', 'Zákon o rybářství v řekách'),
  record('sb/2095/51', 'Zákon o rybářství v horách'),
  ...[52, 53, 54].map((n) =>
    record(`sb/2095/${n}`, `Vyhláška o lovu ryb ${n}`, {
      docType: 'decree',
      relations: [cites('sb/2095/51')],
    }),
  ),
  // Document type: one title, a decree with the lower id and an act.
  record('sb/2095/60', 'Předpis o myslivosti', { docType: 'decree' }),
  record('sb/2095/61', 'Předpis o myslivosti'),
  // A query stem as a word of its own, or only as the start of a longer one.
  record('sb/2095/70', 'Zákon o lodích'),
  record('sb/2095/71', 'Zákon o loďstvu'),
  // ACT_NAMES and provision references: real keys, as the table names them.
  record('sb/2006/262', 'Zákon zákoník práce', { from: '2007-01-01' }),
  record('sb/1965/65', 'Zákoník práce', { status: 'no_longer_in_force', from: '1966-01-01', to: '2007-01-01' }),
  record('sb/2009/40', 'Zákon trestní zákoník', { from: '2010-01-01' }),
  record('sb/1961/140', 'Trestní zákon', { status: 'no_longer_in_force', from: '1962-01-01', to: '2010-01-01' }),
  record('sb/1987/52', 'Vyhláška, kterou se provádí zákoník práce', {
    docType: 'decree',
    status: 'no_longer_in_force',
    from: '1987-05-01',
    to: '2007-01-01',
  }),
];

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ records: RECORDS });
});
afterAll(() => db.destroy());

async function first(q: string, mode: SearchMode, at?: Date): Promise<string[]> {
  const page = await searchDocuments(db, { q, mode, filters: {}, limit: 3, after: null, at });
  return page.results.map((r) => r.natural_key);
}

/** Runs `fn` with a weight changed, then restores it. */
async function withWeight<T>(name: keyof Weights, value: number, fn: () => Promise<T>): Promise<T> {
  const before = WEIGHTS[name];
  WEIGHTS[name] = value;
  try {
    return await fn();
  } finally {
    WEIGHTS[name] = before;
  }
}

describe.each<SearchMode>(['fulltext', 'hybrid'])('search signals (%s)', (mode) => {
  it('the short name in a title’s parentheses names the act', async () => {
    expect((await first('insolvenční zákon', mode))[0]).toBe('sb/2095/1');
    expect((await withWeight('name', 0, () => first('insolvenční zákon', mode)))[0]).toBe('sb/2095/2');
  });

  it('the name amending acts use for an act names it', async () => {
    expect((await first('banky', mode))[0]).toBe('sb/2095/21');
    expect((await withWeight('name', 0, () => first('banky', mode)))[0]).not.toBe('sb/2095/21');
  });

  it('a § heading names its act', async () => {
    expect((await first('krádež', mode))[0]).toBe('sb/2095/40');
    expect((await withWeight('heading', 0, () => first('krádež', mode)))[0]).toBe('sb/2095/41');
  });

  it('an ACT_NAMES abbreviation names the act in force on the day asked', async () => {
    // "ZP" is read as "zákoník práce"; "TZ" has no words to search at all.
    expect((await first('ZP', mode))[0]).toBe('sb/2006/262');
    expect((await first('ZP', mode, new Date('2000-01-01')))[0]).toBe('sb/1965/65');
    expect(await first('TZ', mode)).toEqual(['sb/2009/40']);
    expect(await first('TZ', mode, new Date('2000-01-01'))).toEqual(['sb/1961/140']);
    expect((await first('§ 205 TZ', mode))[0]).toBe('sb/2009/40');
  });

  it('the act others cite more comes first among equals (in-degree)', async () => {
    expect((await first('rybářství', mode))[0]).toBe('sb/2095/51');
    expect((await withWeight('degree', 0, () => first('rybářství', mode)))[0]).toBe('sb/2095/50');
  });

  it('an act comes before a decree of the same name', async () => {
    expect((await first('myslivost', mode))[0]).toBe('sb/2095/61');
    expect((await withWeight('act', 0, () => first('myslivost', mode)))[0]).toBe('sb/2095/60');
  });

  it('a provision’s number is not read as a document’s (“§ 52 zákoníku práce” is not 52/1987)', async () => {
    const ranked = await first('§ 52 zákoníku práce', mode);
    expect(ranked[0]).toBe('sb/2006/262');
    expect(ranked.indexOf('sb/1987/52')).not.toBe(0);
  });
});

describe('prefix matches (fulltext scores)', () => {
  const scores = async () => {
    const page = await searchDocuments(db, { q: 'lodě', mode: 'fulltext', filters: {}, limit: 5, after: null });
    return new Map(page.results.map((r) => [r.natural_key, r.score]));
  };

  it('a title with the query’s stem only inside a longer word (`lod:*` in "loďstvu") scores prefixOnly less', async () => {
    const [withIt, without] = [await scores(), await withWeight('prefixOnly', 0, scores)];
    expect(without.get('sb/2095/71')! - withIt.get('sb/2095/71')!).toBeCloseTo(WEIGHTS.prefixOnly, 3);
    expect(without.get('sb/2095/70')).toBe(withIt.get('sb/2095/70'));
    expect(WEIGHTS.prefixOnly).toBeGreaterThan(0);
  });
});
