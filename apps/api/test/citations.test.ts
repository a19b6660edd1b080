import { testRecord, type TestRecordOptions } from '@dp/testing';
import { createHarness, errorFields, type Harness } from './harness';

// POST /v1/legal/citations (#26) over a small collection shaped like the real one: the Labour Code
// in force (one version whose text is the consolidation of 2026-01-01, as legalize-cz has it) and
// its predecessor repealed, two building acts both in force (so the short name is ambiguous), and
// a decree with a history of two texts.

const LABOUR_CODE = [
  '# Zákon zákoník práce',
  '',
  '##### § 52',
  '',
  'Zaměstnavatel může dát zaměstnanci výpověď',
  '',
  '- a) ruší-li se zaměstnavatel,',
  '',
  '- g) jestliže jsou u zaměstnance dány důvody.',
  '',
  '##### § 55',
  '',
  '(1) Zaměstnavatel může výjimečně s zaměstnancem okamžitě zrušit pracovní poměr, jen',
  '',
  '(2) Okamžitě zrušit pracovní poměr nemůže zaměstnavatel.',
  '',
  '##### § 56',
  '',
  'zrušen',
  '',
  '##### § 57',
  '',
  'Text.',
  '',
].join('\n');

const record = (year: number, n: number, o: TestRecordOptions) => testRecord(`sb/${year}/${n}`, o);

const records = [
  record(2006, 262, {
    title: 'Zákon zákoník práce',
    dates: { published: '2006-06-07', effective_from: '2007-01-01', current_version_from: '2026-01-01' },
    text: LABOUR_CODE,
    versions: [{ version: 1, valid_from: '2007-01-01', valid_to: null, kind: 'bootstrap', text: null, text_is_current: true }],
  }),
  record(1965, 65, {
    title: 'Zákoník práce',
    status: 'no_longer_in_force',
    dates: { published: '1965-06-16', effective_from: '1966-01-01', effective_to: '2007-01-01' },
    text: '##### § 52\n\nText.\n',
    versions: [{ version: 1, valid_from: '1966-01-01', valid_to: '2007-01-01', kind: 'bootstrap', text: null, text_is_current: true }],
  }),
  record(2021, 283, {
    title: 'Stavební zákon',
    dates: { published: '2021-07-29', effective_from: '2021-07-29' },
    text: '##### § 1\n\nText.\n',
    versions: [{ version: 1, valid_from: '2021-07-29', valid_to: null, kind: 'bootstrap', text: null, text_is_current: true }],
  }),
  record(2006, 183, {
    title: 'Zákon o územním plánování a stavebním řádu (stavební zákon)',
    dates: { published: '2006-04-25', effective_from: '2007-01-01' },
    text: '##### § 1\n\nText.\n',
    versions: [{ version: 1, valid_from: '2007-01-01', valid_to: null, kind: 'bootstrap', text: null, text_is_current: true }],
  }),
  record(2010, 5, {
    docType: 'decree',
    title: 'Vyhláška o zkoušce',
    dates: { published: '2010-01-01', effective_from: '2010-01-01', current_version_from: '2015-01-01' },
    text: '##### § 1\n\nText.\n\n##### § 2\n\nNový.\n',
    versions: [
      { version: 1, valid_from: '2010-01-01', valid_to: '2015-01-01', kind: 'bootstrap', text: '##### § 1\n\nText.\n' },
      { version: 2, valid_from: '2015-01-01', valid_to: null, kind: 'reform', text: null, text_is_current: true },
    ],
  }),
];

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await createHarness({ records });
  key = (await h.newKey()).key;
});
afterAll(() => h.close());

const check = (body: unknown, k = key) => h.call('post', '/v1/legal/citations', k, body);
type Citation = { text: string; status: string; provision: { id: string } | null; [k: string]: unknown };
const citationsOf = (res: { body: { data: { citations: Citation[] } } }) => res.body.data.citations;

describe('POST /v1/legal/citations', () => {
  it('finds every citation and says of each whether it holds on the day', async () => {
    const text =
      'Výpověď podle § 52 písm. g) zákoníku práce, okamžité zrušení podle § 55 odst. 1 a 3 ZP, ' +
      '§ 56 ZP a § 9999 ZP; dříve zákon č. 65/1965 Sb.; dále zákon č. 999/2031 Sb. a stavební zákon.';
    const res = await check({ text, at: '2026-11-02' });
    expect(res.status).toBe(200);
    const cs = citationsOf(res);
    expect(cs.map((c) => [c.text, c.provision?.id ?? null, c.status])).toEqual([
      ['§ 52 písm. g) zákoníku práce', 'par_52/pism_g', 'valid'],
      ['§ 55 odst. 1 a 3 ZP', 'par_55/odst_1', 'valid'],
      ['§ 55 odst. 1 a 3 ZP', 'par_55/odst_3', 'provision_not_found'],
      ['§ 56 ZP', 'par_56', 'provision_not_found'],
      ['§ 9999 ZP', 'par_9999', 'provision_not_found'],
      ['zákon č. 65/1965 Sb.', null, 'not_in_force'],
      ['zákon č. 999/2031 Sb.', null, 'document_not_found'],
      ['stavební zákon', null, 'ambiguous'],
    ]);
    for (const c of cs) expect(text.slice(c.start as number, c.end as number)).toBe(c.text);
    expect(res.body.data.at).toBe('2026-11-02');
    expect(res.body.data.counts).toEqual({
      valid: 2,
      amended_not_in_source: 0,
      not_in_force: 1,
      provision_not_found: 3,
      document_not_found: 1,
      ambiguous: 1,
      unverified: 0,
    });

    const [first, , odst3, repealed, beyond, old, missing, building] = cs;
    expect(first.document).toMatchObject({ id: 'SB-2006-262', natural_key: 'sb/2006/262', doc_number: '262/2006 Sb.' });
    expect(first.links).toEqual({
      document: 'http://api.test/v1/legal/documents/sb%2F2006%2F262',
      provision: 'http://api.test/v1/legal/documents/SB-2006-262/provisions/par_52/pism_g',
      e_sbirka: 'https://e-sbirka.gov.cz/eli/cz/sb/2006/262/2026-11-02',
    });
    expect(first.summary).toBe(
      'valid: "§ 52 písm. g) zákoníku práce" — § 52 písm. g) of 262/2006 Sb. exists and is in force on 2026-11-02.',
    );
    expect(odst3.nearest_provisions).toEqual([
      { id: 'par_55/odst_1', label: '§ 55 odst. 1' },
      { id: 'par_55/odst_2', label: '§ 55 odst. 2' },
    ]);
    expect(repealed.provision).toEqual({ id: 'par_56', label: '§ 56', exists: true, repealed: true });
    expect((beyond.nearest_provisions as { id: string }[]).map((p) => p.id)).toEqual(['par_55', 'par_56', 'par_57']);
    expect(old.effectivity).toEqual({ status: 'no_longer_in_force', effective_from: '1966-01-01', effective_to: '2007-01-01' });
    expect(old.summary).toContain('no longer in force on 2026-11-02 (until 2007-01-01)');
    expect(missing).toMatchObject({ document: null, links: { document: null, provision: null, e_sbirka: null } });
    expect((building.candidates as { natural_key: string }[]).map((d) => d.natural_key).sort()).toEqual(['sb/2006/183', 'sb/2021/283']);
  });

  it('picks the act a name meant on the day asked', async () => {
    const on = async (at: string) => (citationsOf(await check({ text: '§ 52 ZP', at }))[0].document as { natural_key: string }).natural_key;
    expect(await on('2026-01-01')).toBe('sb/2006/262');
    expect(await on('2000-01-01')).toBe('sb/1965/65');
  });

  it('checks a provision in the version in force on the day, and says when it cannot', async () => {
    const decree = async (at: string) => citationsOf(await check({ text: '§ 2 vyhlášky č. 5/2010 Sb.', at }))[0];
    expect((await decree('2012-01-01')).status).toBe('provision_not_found');
    expect((await decree('2016-01-01')).status).toBe('valid');
    // #35: the Labour Code's only text is the act as enacted (2007): a provision on a later day is
    // checked against it, as the text of its own day.
    const early = citationsOf(await check({ text: '§ 52 písm. g) zákoníku práce', at: '2010-06-01' }))[0];
    expect(early).toMatchObject({ status: 'valid', provision: { exists: true } });
  });

  it('defaults `at` to today and finds nothing in a text without citations', async () => {
    const res = await check({ text: 'Nic.' });
    expect(res.status).toBe(200);
    expect(res.body.data.at).toBe(new Date().toISOString().slice(0, 10));
    expect(citationsOf(res)).toEqual([]);
  });

  it.each([
    ['no text', {}, ['text']],
    ['an empty text', { text: '' }, ['text']],
    ['64,001 characters', { text: 'x'.repeat(64_001) }, ['text']],
    ['a day that does not exist', { text: 'x', at: '2026-02-30' }, ['at']],
    ['not a day', { text: 'x', at: 'yesterday' }, ['at']],
    ['an unknown field', { text: 'x', day: '2026-01-01' }, ['day']],
    ['a number for text', { text: 42 }, ['text']],
    ['an array', ['x'], ['body']],
  ])('400 names the field: %s', async (_what, body, fields) => {
    const res = await check(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(errorFields(res)).toEqual(fields);
  });

  it('400 for a body that is not JSON, 415 for another content type, 413 beyond the byte limit, 405 for GET', async () => {
    const raw = (type: string, payload: string) =>
      h.http.post('/v1/legal/citations').set('Authorization', `Bearer ${key}`).set('Content-Type', type).send(payload);
    expect((await raw('application/json', '{"text": ')).status).toBe(400);
    expect((await raw('text/plain', 'hello')).status).toBe(415);
    const huge = JSON.stringify({ text: '\u0001'.repeat(70_000) });
    expect((await raw('application/json', huge)).status).toBe(413);
    expect((await h.http.get('/v1/legal/citations').set('Authorization', `Bearer ${key}`)).status).toBe(405);
  });

  it('takes a 64,000-character text', async () => {
    const line = 'Podle § 52 písm. g) zákoníku práce. ';
    const text = line.repeat(Math.floor(64_000 / line.length));
    const res = await check({ text, at: '2026-11-02' });
    expect(res.status).toBe(200);
    expect(citationsOf(res)).toHaveLength(Math.floor(64_000 / line.length));
  });

  it('charges 1 unit up to 10 citations, +1 per further 10, nothing for a 400', async () => {
    const { key: k } = await h.newKey();
    const units = async () => (await h.get('/v1/usage', k)).body.data.units.used as number;
    const text = (n: number) => Array.from({ length: n }, (_, i) => `zákon č. ${i + 1}/2001 Sb.`).join(', ');
    await check({ text: 'Nic.' }, k);
    expect(await units()).toBe(1);
    await check({ text: text(10) }, k);
    expect(await units()).toBe(2);
    await check({ text: text(11) }, k);
    expect(await units()).toBe(4);
    await check({ text: text(21) }, k);
    expect(await units()).toBe(7);
    await check({ text: '' }, k);
    expect(await units()).toBe(7);
  });

  it('needs the read scope', async () => {
    const { key: manageOnly } = await h.newKey({ scopes: 'manage' });
    const res = await check({ text: 'zákon č. 1/2001 Sb.' }, manageOnly);
    expect(res.status).toBe(403);
  });
});
