import { importTestRecords } from '@dp/testing';
import { createHarness, type Harness } from './harness';

/**
 * Generations of a law (#13): a repealed act and its in-force successor share a title. The
 * repealed one is made to win every other signal (a body full of the query's words, the lower
 * id), so only the effectivity tie-break can put the in-force one first.
 */
function record(n: number, o: { title: string; text: string; status: string; from: string; to?: string; repealedBy?: string[] }) {
  return {
    id: `SB-2088-${n}`,
    natural_key: `sb/2088/${n}`,
    doc_number: `${n}/2088 Sb.`,
    title: o.title,
    doc_type: 'act',
    dates: { published: o.from, effective_from: o.from },
    effectivity: {
      status: o.status,
      repealed_by: o.repealedBy ?? [],
      inferred_effective_to: o.to ?? null,
      inferred_from: o.to ? 'repealing act' : null,
    },
    text: o.text,
    versions: [{ version: 1, valid_from: o.from, valid_to: null, kind: 'bootstrap' }],
  };
}

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
    from: '2015-01-01',
    text: 'Občanský zákoník se mění takto.',
  }),
];

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await createHarness();
  await importTestRecords(h.db, RECORDS);
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

it('a cursor is only valid with the same `at`', async () => {
  const first = await h.get(`/v1/legal/search?${new URLSearchParams({ q: 'zákoník', limit: '1' })}`, key);
  const cursor = first.body.data.next_cursor as string;
  expect(cursor).toEqual(expect.any(String));
  const other = await h.get(`/v1/legal/search?${new URLSearchParams({ q: 'zákoník', limit: '1', at: '2000-01-01', cursor })}`, key);
  expect(other.status).toBe(400);
  expect(other.body.error.details.errors[0].field).toBe('cursor');
});
