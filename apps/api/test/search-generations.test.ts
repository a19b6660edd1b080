import type { EffStatus } from '@dp/core';
import { testRecord } from '@dp/testing';
import { createHarness, type Harness } from './harness';

/**
 * Generations of a law (#13): a repealed act and its in-force successor share a title. The
 * repealed one is made to win every other signal (a body full of the query's words, the lower
 * id), so only the effectivity tie-break can put the in-force one first. And the law that applies
 * on the search's day goes before near-equal matches that do not (the current-law prior).
 */
const record = (
  n: number,
  o: { title: string; text: string; status: EffStatus; from: string; to?: string; repealedBy?: string[]; amending?: boolean },
) =>
  testRecord(`sb/2088/${n}`, {
    title: o.title,
    text: o.text,
    status: o.status,
    amending: o.amending,
    published: o.from,
    from: o.from,
    version: { kind: 'bootstrap' },
    effectivity: { repealed_by: o.repealedBy ?? [], inferred_effective_to: o.to ?? null, inferred_from: o.to ? 'repealing act' : null },
  });

const RECORDS = [
  record(1, {
    title: 'Občanský zákoník',
    status: 'no_longer_in_force',
    from: '1964-04-01',
    to: '2014-01-01',
    repealedBy: ['sb/2088/2'],
    text: `# Občanský zákoník\n\n${'Občanský zákoník upravuje občanskoprávní vztahy; občanský zákoník se použije. '.repeat(40)}`,
  }),
  record(2, {
    title: 'Občanský zákoník',
    status: 'in_force',
    from: '2014-01-01',
    text: '# Občanský zákoník\n\nSoukromá práva a povinnosti osob.',
  }),
  record(3, {
    title: 'Zákon o obcích',
    status: 'no_longer_in_force',
    from: '1990-11-24',
    to: '2000-11-12',
    repealedBy: ['sb/2088/4'],
    text: `# Zákon o obcích\n\n${'Obec je územní společenství; zákon o obcích stanoví orgány obcí. '.repeat(40)}`,
  }),
  record(4, { title: 'Zákon o obcích', status: 'in_force', from: '2000-11-12', text: '# Zákon o obcích\n\nObecní zřízení.' }),
  record(5, {
    title: 'Zákon, kterým se mění občanský zákoník',
    status: 'in_force',
    from: '1990-01-01',
    amending: true,
    text: 'Občanský zákoník se mění takto.',
  }),
  // Not generations (other titles), both about hunting seasons and alike in every signal; the
  // old one's title is a shade closer to the query, the newer one is the law that applies today.
  record(6, {
    title: 'Vyhláška o době lovu zvěře v oborách',
    status: 'no_longer_in_force',
    from: '1967-01-01',
    to: '2002-07-01',
    text: '# Vyhláška\n\nDoba lovu zvěře se stanoví takto.',
  }),
  record(7, {
    title: 'Vyhláška o hájení a době lovu zvěře',
    status: 'in_force',
    from: '2002-07-01',
    text: '# Vyhláška\n\nDoba lovu zvěře se stanoví takto.',
  }),
  // An act and an act amending it, both in force: the amendment names the query's words more
  // closely (a shorter title, a body full of them), but what it is about is the other act.
  record(10, {
    title: 'Zákon České národní rady o dani z nemovitostí a o změnách dalších předpisů',
    status: 'in_force',
    from: '1993-01-01',
    text: '# Zákon\n\nPředmětem daně jsou pozemky.',
  }),
  record(11, {
    title: 'Zákon, kterým se mění zákon o dani z nemovitostí',
    status: 'in_force',
    from: '2010-01-01',
    amending: true,
    text: `# Zákon\n\n${'Zákon o dani z nemovitostí se mění takto. '.repeat(10)}`,
  }),
  // "Zákon <name>" (since 2012) and "<name>" (before): one law's generations.
  record(8, {
    title: 'Zákoník práce',
    status: 'no_longer_in_force',
    from: '1966-01-01',
    to: '2007-01-01',
    text: '# Zákoník práce\n\nPráce.',
  }),
  record(9, { title: 'Zákon zákoník práce', status: 'in_force', from: '2007-01-01', text: '# Zákon zákoník práce\n\nPráce.' }),
  // Consonant alternation (Praha / Praze, banka / bance): the title says the other form, and
  // another document names the query's form in its body only.
  record(12, { title: 'Zákon o hlavním městě Praze', status: 'in_force', from: '2001-01-01', text: '# Zákon\n\nOrgány.' }),
  record(13, {
    title: 'Vyhláška o místních poplatcích',
    status: 'in_force',
    from: '2001-01-01',
    text: '# Vyhláška\n\nPoplatky vybírá hlavní město Praha. Hlavní město Praha stanoví sazby.',
  }),
  record(14, { title: 'Zákon o České národní bance', status: 'in_force', from: '1993-01-01', text: '# Zákon\n\nBankovní rada.' }),
  record(15, { title: 'Vyhláška o prázdných pozemcích města', status: 'in_force', from: '2001-01-01', text: '# Vyhláška\n\nPozemky.' }),
  // Decrees whose titles share more letters with "česká národní banka" than the act's "bance"
  // does: hybrid's trigram signal must compare stems to keep the act first.
  ...[200, 500, 1000, 2000, 5000].map((value, i) =>
    record(30 + i, {
      title: `Vyhláška České národní banky o vydání bankovek po ${value} Kč`,
      status: 'in_force',
      from: '1995-01-01',
      text: '# Vyhláška\n\nBankovky.',
    }),
  ),
  // An act the source flags as amending because it also amends others on the side: its subject
  // is its own, so it goes before the decree that implements it.
  record(18, {
    title: 'Zákon o spotřebitelském úvěru',
    status: 'in_force',
    from: '2016-12-01',
    amending: true,
    text: '# Zákon\n\nSpotřebitelský úvěr. Část druhá: změna zákona o bankách.',
  }),
  record(19, {
    title: 'Vyhláška o odborné způsobilosti pro distribuci spotřebitelského úvěru',
    status: 'in_force',
    from: '2016-12-01',
    text: `# Vyhláška\n\n${'Distributor spotřebitelského úvěru prokazuje odbornou způsobilost. '.repeat(20)}`,
  }),
  // "minimu" stems to `min` ("imu" is an ending), "minimum" to `minim`.
  record(16, { title: 'Zákon o životním a existenčním minimu', status: 'in_force', from: '2007-01-01', text: '# Zákon\n\nÚčel.' }),
  record(17, {
    title: 'Nařízení vlády o stanovení částek',
    status: 'in_force',
    from: '2007-01-01',
    text: '# Nařízení\n\nŽivotní minimum činí 4 860 Kč. Životní minimum se zvyšuje.',
  }),
];

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await createHarness({ records: RECORDS });
  key = (await h.newKey()).key;
});
afterAll(() => h.close());

async function ranking(params: Record<string, string>): Promise<string[]> {
  const res = await h.get(`/v1/legal/search?${new URLSearchParams(params)}`, key);
  expect(res.status).toBe(200);
  return res.body.data.results.map((r: { natural_key: string }) => r.natural_key);
}

describe.each(['fulltext', 'hybrid'])('generations of one title (%s)', (mode) => {
  it('ranks the one in force today first', async () => {
    expect((await ranking({ q: 'občanský zákoník', mode })).slice(0, 2)).toEqual(['sb/2088/2', 'sb/2088/1']);
    expect((await ranking({ q: 'obcansky zakonik', mode })).slice(0, 2)).toEqual(['sb/2088/2', 'sb/2088/1']);
    expect((await ranking({ q: 'zákon o obcích', mode })).slice(0, 2)).toEqual(['sb/2088/4', 'sb/2088/3']);
  });

  it('"Zákon <name>" and "<name>" are generations of one law', async () => {
    expect((await ranking({ q: 'zákoník práce', mode })).slice(0, 2)).toEqual(['sb/2088/9', 'sb/2088/8']);
    expect((await ranking({ q: 'zákoník práce', mode, at: '1990-01-01' })).slice(0, 2)).toEqual(['sb/2088/8', 'sb/2088/9']);
  });

  it('of near-equal matches, the one in force on the day first, generations or not', async () => {
    expect((await ranking({ q: 'doba lovu zvěře', mode })).slice(0, 2)).toEqual(['sb/2088/7', 'sb/2088/6']);
    expect((await ranking({ q: 'doba lovu zvěře', mode, at: '1990-01-01' })).slice(0, 2)).toEqual(['sb/2088/6', 'sb/2088/7']);
  });

  it('an act before the acts that amend it', async () => {
    expect((await ranking({ q: 'daň z nemovitostí', mode })).slice(0, 2)).toEqual(['sb/2088/10', 'sb/2088/11']);
  });

  it('an act that also amends others on the side is not taken for an amending act', async () => {
    expect((await ranking({ q: 'spotřebitelský úvěr', mode }))[0]).toBe('sb/2088/18');
  });

  it('with `at` on a day when the old one was in force, the old one first', async () => {
    expect((await ranking({ q: 'občanský zákoník', mode, at: '2000-01-01' })).slice(0, 2)).toEqual(['sb/2088/1', 'sb/2088/2']);
    expect((await ranking({ q: 'zákon o obcích', mode, at: '1995-06-30' })).slice(0, 2)).toEqual(['sb/2088/3', 'sb/2088/4']);
  });

  it('a status filter says otherwise', async () => {
    const filters = JSON.stringify({ eff_status: ['no_longer_in_force'] });
    expect((await ranking({ q: 'občanský zákoník', mode, filters }))[0]).toBe('sb/2088/1');
  });

  it('moves no other document: a generation takes the place its sibling held', async () => {
    const today = await ranking({ q: 'občanský zákoník', mode });
    const then = await ranking({ q: 'občanský zákoník', mode, at: '2000-01-01' });
    expect(today.indexOf('sb/2088/5')).toBe(then.indexOf('sb/2088/5'));
  });
});

describe.each(['fulltext', 'hybrid'])('variant stems: consonant alternation, shorter stems (%s)', (mode) => {
  it('finds a title that has the query word in its other form', async () => {
    expect((await ranking({ q: 'hlavní město Praha', mode }))[0]).toBe('sb/2088/12');
    expect((await ranking({ q: 'česká národní banka', mode }))[0]).toBe('sb/2088/14');
    expect((await ranking({ q: 'v Praze', mode }))[0]).toBe('sb/2088/12');
  });

  it('finds a title whose form of the word stems shorter (minimum / minimu)', async () => {
    expect((await ranking({ q: 'životní minimum', mode }))[0]).toBe('sb/2088/16');
  });

  it('matches the other form exactly, not as a prefix ("Praha" is not "prázdný")', async () => {
    expect(await ranking({ q: 'město Praha', mode: 'fulltext' })).not.toContain('sb/2088/15');
  });
});

it('a cursor is only valid with the same `at`', async () => {
  const first = await h.get(`/v1/legal/search?${new URLSearchParams({ q: 'zákoník', limit: '1' })}`, key);
  const cursor = first.body.data.next_cursor as string;
  expect(cursor).toEqual(expect.any(String));
  const other = await h.get(`/v1/legal/search?${new URLSearchParams({ q: 'zákoník', limit: '1', at: '2000-01-01', cursor })}`, key);
  expect(other.status).toBe(400);
  expect(other.body.error.details.errors[0].field).toBe('cursor');
});
