import {
  labourCodeRecord,
  importTestRecords,
  testRecord,
  type TestRecordInput,
  LABOUR_CODE_PART_ONE,
  labourCodeAmendingRecord,
} from '@dp/testing';
import { createHarness, type Harness } from './harness';

// #37: search answers provisions (granularity=provision): the units of each act's current text
// (rebuilt versions included), one per §, with the act, heading, snippet, text and the day's text
// status (#35); the acts in force on the day asked first.

const LABOUR = LABOUR_CODE_PART_ONE;

const act = (n: number, o: { title: string; text: string; status: 'in_force' | 'no_longer_in_force'; to?: string }) =>
  testRecord(`sb/2077/${n}`, {
    title: o.title,
    text: o.text,
    status: o.status,
    published: '2000-01-01',
    from: '2000-01-01',
    version: { kind: 'bootstrap', text_is_current: true },
    effectivity: { repealed_by: [], inferred_effective_to: o.to ?? null, inferred_from: o.to ? 'repealing act' : null },
  });

const records: TestRecordInput[] = [
  labourCodeRecord(LABOUR),
  labourCodeAmendingRecord(),
  // The repealed act says more about the query's words than its successor: only the in-force prior puts the successor first.
  act(1, {
    title: 'Zákon o chovu včel',
    status: 'no_longer_in_force',
    to: '2010-01-01',
    text: '# Zákon o chovu včel\n\n##### § 3\n\n#### Registrace včelstev\n\nChovatel včel registruje včelstva; registrace včelstev a chov včel se hlásí obci.\n',
  }),
  act(2, {
    title: 'Zákon o chovu včel',
    status: 'in_force',
    text: '# Zákon o chovu včel\n\n##### § 3\n\n#### Registrace\n\nChovatel registruje včelstva u obce.\n',
  }),
];

describe('GET /v1/legal/search?granularity=provision (#37)', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    h = await createHarness();
    await importTestRecords(h.db, records);
    key = (await h.newKey()).key;
  });
  afterAll(async () => {
    await h.close();
  });

  const search = async (params: Record<string, string>) => {
    const res = await h.get(`/v1/legal/search?${new URLSearchParams({ granularity: 'provision', ...params })}`, key);
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 200, error: undefined });
    return res.body;
  };

  it('answers provisions with act, heading, context, snippet, text and the day’s status', async () => {
    const body = await search({ q: 'výpověď zaměstnanci porušuje povinnosti' });
    expect(body.meta).toMatchObject({ mode: 'fulltext', granularity: 'provision', signals: ['lexical'] });
    const [first] = body.data.results;
    expect(first).toMatchObject({
      act: { natural_key: 'sb/2006/262', doc_number: '262/2006 Sb.', doc_type: 'act', status: 'in_force' },
      provision: { id: 'par_52', label: '§ 52', context: 'Skončení pracovního poměru' },
      text_truncated: false,
      // The unapplicable point 2 reaches § 52 písm. g): the source's wording is not the day's law.
      text_status: 'amended_not_in_source',
    });
    // As the provision read: the older wording is not the day's `text`, only `source_text`, dated by its text's day.
    expect(first.text).toBeNull();
    expect(first.source_text.text).toContain('porušuje-li zaměstnanec povinnosti');
    const read = await h.get('/v1/legal/documents/sb%2F2006%2F262/provisions/par_52', key);
    expect(read.body.data.provision).toMatchObject({ text: null, source_text: { as_of: first.source_text.as_of } });
    expect(first.snippet).toMatch(/«výpověď»/);
  });

  it('searches the rebuilt text a read serves today, its provisions current, one unit per §', async () => {
    const body = await search({ q: 'kolik hodin práce přesčas ročně' });
    const labour = body.data.results.filter((r: { act: { natural_key: string } }) => r.act.natural_key === 'sb/2006/262');
    // § 76 and its odstavce all match: one of them answers for the §.
    expect(labour.map((r: { provision: { id: string } }) => r.provision.id)).toEqual(['par_76', 'par_52']);
    // The § holds every word of the query, so it answers rather than its odstavec 1.
    expect(labour[0]).toMatchObject({
      provision: { id: 'par_76', heading: 'Práce přesčas' },
      text_source: 'rebuilt',
      text_status: 'current',
    });
    expect(labour[0].text).toContain('300 hodin');
    expect(labour[0].source_text).toBeNull();
    // On a day before the amendment the same text is read against that day: nothing outstanding then.
    const before = await search({ q: 'výpověď zaměstnanci porušuje povinnosti', at: '2010-06-01' });
    expect(before.data.results[0]).toMatchObject({ provision: { id: 'par_52' }, text_status: 'current' });
  });

  it('ranks the provision of the act in force on the day first, even against a repealed act with more matching words', async () => {
    const today = await search({ q: 'registrace včelstev chovatel včel' });
    expect(today.data.results.map((r: { act: { natural_key: string } }) => r.act.natural_key).slice(0, 2)).toEqual([
      'sb/2077/2',
      'sb/2077/1',
    ]);
    const then = await search({ q: 'registrace včelstev chovatel včel', at: '2005-01-01' });
    expect(then.data.results[0].act.natural_key).toBe('sb/2077/1');
  });

  it('pages with a cursor of its own granularity; the document search keeps its shape', async () => {
    const first = await search({ q: 'zaměstnanec', limit: '1' });
    expect(first.data.results).toHaveLength(1);
    expect(first.data.next_cursor).toEqual(expect.any(String));
    const second = await search({ q: 'zaměstnanec', limit: '1', cursor: first.data.next_cursor });
    expect(second.data.results[0].provision.id).not.toBe(first.data.results[0].provision.id);
    const crossed = await h.get(`/v1/legal/search?${new URLSearchParams({ q: 'zaměstnanec', cursor: first.data.next_cursor })}`, key);
    expect(crossed.status).toBe(400);
    const documents = await h.get(`/v1/legal/search?${new URLSearchParams({ q: 'zaměstnanec' })}`, key);
    expect(documents.body.meta.granularity).toBe('document');
    expect(documents.body.data.results[0]).toMatchObject({ natural_key: 'sb/2006/262', provision: expect.any(Object) });
  });

  it('hybrid adds the meaning signal’s related terms (people’s words to the law’s) and says so; fulltext does not', async () => {
    const mzda = act(3, {
      title: 'Zákon o odměňování',
      status: 'in_force',
      text: '# Zákon o odměňování\n\n##### § 4\n\n#### Splatnost mzdy\n\nMzda je splatná po vykonání práce.\n',
    });
    await importTestRecords(h.db, [mzda]);
    const hybrid = await search({ q: 'kdy dostanu výplatu', mode: 'hybrid' });
    expect(hybrid.meta.signals).toEqual(['lexical', 'related']);
    expect(hybrid.data.results[0]).toMatchObject({ act: { natural_key: 'sb/2077/3' }, provision: { id: 'par_4' } });
    const fulltext = await search({ q: 'kdy dostanu výplatu' });
    expect(fulltext.meta.signals).toEqual(['lexical']);
    expect(fulltext.data.results.map((r: { act: { natural_key: string } }) => r.act.natural_key)).not.toContain('sb/2077/3');
  });

  it('ranks the § whose words stand together above one holding them as often but far apart', async () => {
    const farm = act(4, {
      title: 'Zákon o horském zemědělství',
      status: 'in_force',
      text:
        '# Zákon o horském zemědělství\n\n##### § 5\n\nOvce se na jaře stříhají, v zimě zůstávají ve chlévě, kde je chovatel krmí ' +
        'senem z vlastních luk, a za dobrého počasí je vyvádí na pastvinu.\n\n##### § 6\n\nPastvina pro ovce musí být oplocena.\n',
    });
    await importTestRecords(h.db, [farm]);
    // Both hold each word once: only the words' nearness tells them apart (a count of the words ties them).
    const body = await search({ q: 'ovce na pastvině' });
    expect(body.data.results.map((r: { provision: { id: string } }) => r.provision.id).slice(0, 2)).toEqual(['par_6', 'par_5']);
  });

  it('finds a § by the group heading above the § that opens its group, and gives it in the context', async () => {
    const leave = act(5, {
      title: 'Zákon o pracovním volnu',
      status: 'in_force',
      text:
        '# Zákon o pracovním volnu\n\n##### § 1\n\n#### Rozsah\n\nVolno se poskytuje v pracovní dny.\n\n' +
        '#### Dovolená na zotavenou\n\n##### § 2\n\nZaměstnanci přísluší volno 4 týdny v roce.\n\n' +
        '##### § 3\n\nDen nástupu určí zaměstnavatel písemně.\n',
    });
    await importTestRecords(h.db, [leave]);
    // § 3 holds none of the heading's words in its text: the group heading above § 2 heads it too.
    const body = await search({ q: 'kdo určí nástup na dovolenou na zotavenou' });
    expect(body.data.results[0]).toMatchObject({
      act: { natural_key: 'sb/2077/5' },
      provision: { id: 'par_3', heading: null, context: 'Dovolená na zotavenou' },
    });
  });

  it('gives every document hit what the document read says on the day, and its pointer the provision read’s status (#35 item 3)', async () => {
    const documents = async (params: Record<string, string>) => {
      const res = await h.get(`/v1/legal/search?${new URLSearchParams(params)}`, key);
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 200, error: undefined });
      return res.body.data.results as {
        natural_key: string;
        text_current: boolean;
        outstanding_amendments: number;
        provision: { id: string; text_status: string } | null;
      }[];
    };
    const read = async (at?: string) =>
      (await h.get(`/v1/legal/documents/sb%2F2006%2F262${at ? `?at=${at}` : ''}`, key)).body.data.document as {
        text_current: boolean;
        outstanding_amendments: unknown[];
      };
    for (const mode of ['fulltext', 'hybrid']) {
      const labour = (await documents({ q: 'výpověď zaměstnanci porušuje povinnosti', mode })).find(
        (r) => r.natural_key === 'sb/2006/262',
      )!;
      const doc = await read();
      // Point 2 of 365/2011 (in force since 2012) could not be applied: the read says the text lacks it.
      expect(doc.text_current).toBe(false);
      expect(labour).toMatchObject({
        text_current: doc.text_current,
        outstanding_amendments: doc.outstanding_amendments.length,
        provision: { id: 'par_52', text_status: 'amended_not_in_source' },
      });
      expect(labour.outstanding_amendments).toBe(1);
      // A provision the unapplied point does not reach keeps `current` while its act is not current.
      const overtime = (await documents({ q: 'práce přesčas', mode })).find((r) => r.natural_key === 'sb/2006/262')!;
      expect(overtime).toMatchObject({ text_current: false, provision: { text_status: 'current' } });
      expect(overtime.provision!.id).toMatch(/^par_76\b/);
      // On a day before the amendment the text is that day's law, as the read on that day says.
      const before = (await documents({ q: 'výpověď zaměstnanci porušuje povinnosti', mode, at: '2010-06-01' })).find(
        (r) => r.natural_key === 'sb/2006/262',
      )!;
      expect((await read('2010-06-01')).text_current).toBe(true);
      expect(before).toMatchObject({ text_current: true, outstanding_amendments: 0, provision: { text_status: 'current' } });
    }
    // An act without amendments is current.
    const bees = (await documents({ q: 'chov včel' })).filter((r) => r.natural_key.startsWith('sb/2077/'));
    expect(bees.length).toBeGreaterThan(0);
    for (const b of bees) expect(b).toMatchObject({ text_current: true, outstanding_amendments: 0 });
  });

  it('rejects an unknown granularity with a clear error', async () => {
    const res = await h.get(`/v1/legal/search?${new URLSearchParams({ q: 'práce', granularity: 'paragraph' })}`, key);
    expect(res.status).toBe(400);
    expect(res.body.error.details.errors).toEqual([expect.objectContaining({ field: 'granularity' })]);
  });
});
