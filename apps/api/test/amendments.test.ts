import {
  actText,
  LABOUR_CODE,
  labourCodeRecord,
  versionedRecord,
  amendingActText,
  effectiveOn,
  enactedOnlyRecord,
  eventually,
  importTestRecords,
  type TestRecordInput,
} from '@dp/testing';
import { amendmentCounts } from '@dp/db';
import { createHarness, type Harness } from './harness';

// #35 and #36 end to end on a small corpus shaped like the real one: the Labour Code held as
// enacted (one bootstrap version, 2007), an act of 2011 that amends it point by point (and, in
// another part, a second act), effective 2012; a third act whose source history already applied
// its amendment. The import reads the amending acts' texts (their points and účinnost) and the
// engine rebuilds what the source lacks; every read says which text it shows and what it lacks.

const LABOUR = actText(LABOUR_CODE.title, [LABOUR_CODE.par52, LABOUR_CODE.par75, LABOUR_CODE.par76], { part: 1 });

const AMENDING = amendingActText(
  'Zákon, kterým se mění zákon č. 262/2006 Sb., zákoník práce, ve znění pozdějších předpisů, a další související zákony',
  [
    {
      article: 'I',
      heading: 'Změna zákoníku práce',
      intro: 'Zákon č. 262/2006 Sb., zákoník práce, ve znění zákona č. 585/2006 Sb., se mění takto:',
      points: [
        'V § 75 a § 76 odst. 1 se číslo „150“ nahrazuje číslem „300“.',
        'Za § 76 se vkládá nový § 76a, který včetně nadpisu zní:\n\n##### „§ 76a\n\n#### Konto pracovní doby\n\nZaměstnavatel může zavést konto pracovní doby.“.',
      ],
    },
    {
      article: 'II',
      heading: 'Změna zákona o věci',
      intro: 'V § 2 zákona č. 5/2010 Sb., o věci, se slovo „Pojmy“ nahrazuje slovem „Definice“.',
    },
  ],
  { article: 'III', sentence: effectiveOn('1. ledna 2012') },
  { parts: true },
);

// An amendment the engine cannot apply: the words it replaces are not in the text it has.
const UNAPPLICABLE = amendingActText(
  'Zákon, kterým se mění zákon č. 262/2006 Sb., zákoník práce',
  [
    {
      article: 'I',
      intro: 'Zákon č. 262/2006 Sb., zákoník práce, ve znění pozdějších předpisů, se mění takto:',
      points: ['V § 52 písm. g) se slova „hrubě porušuje“ nahrazují slovy „závažně porušuje“.'],
    },
  ],
  { article: 'II', sentence: effectiveOn('1. ledna 2013') },
);

const THING_V1 = '# Zákon o věci\n\n##### § 1\n\nVěci.\n\n##### § 2\n\nPojmy.\n';
const THING_V2 = THING_V1.replace('Pojmy.', 'Definice.');

// An act repealed whole by a later act's repeal sentence (as zákon č. 87/1991 Sb., § 33 odst. 2):
// the reader stores the effect, and no `amends` edge is written for it (docs/DECISIONS.md, h-recall3).
const REPEALED = '# Zákon o něčem\n\n##### § 1\n\nNěco.\n';
const REPEALING =
  '# Zákon o mimosoudních rehabilitacích\n\n##### § 33\n\nZrušuje se zákon č. 1/1980 Sb., o něčem.\n\n##### § 34\n\n' +
  `${effectiveOn('1. dubna 1991')}\n`;

const records: TestRecordInput[] = [
  labourCodeRecord(LABOUR),
  enactedOnlyRecord('sb/1980/1', { title: 'Zákon o něčem', text: REPEALED, published: '1980-01-01', from: '1980-01-01' }),
  enactedOnlyRecord('sb/1991/87', {
    title: 'Zákon o mimosoudních rehabilitacích',
    text: REPEALING,
    published: '1991-03-21',
    from: '1991-04-01',
  }),
  versionedRecord('sb/2010/5', {
    title: 'Zákon o věci',
    text: THING_V2,
    published: '2010-01-01',
    versions: [
      { from: '2010-01-01', text: THING_V1 },
      { from: '2012-01-01', amendedBy: 'sb/2011/365' },
    ],
  }),
  enactedOnlyRecord('sb/2011/365', {
    title: 'Zákon, kterým se mění zákon č. 262/2006 Sb., zákoník práce, ve znění pozdějších předpisů, a další související zákony',
    text: AMENDING,
    published: '2011-12-06',
    from: '2012-01-01',
    amending: true,
  }),
  enactedOnlyRecord('sb/2012/7', {
    title: 'Zákon, kterým se mění zákon č. 262/2006 Sb., zákoník práce',
    text: UNAPPLICABLE,
    published: '2012-06-01',
    from: '2013-01-01',
    amending: true,
  }),
];

describe('amendments the source lacks: known, flagged on every read, rebuilt and labelled (#35, #36)', () => {
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

  const ok = async (path: string) => {
    const res = await h.get(path, key);
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 200, error: undefined });
    return res.body.data;
  };

  it('lists every amending act of a document with its points, targets, dates and whether a text reflects them', async () => {
    const page = await ok('/v1/legal/documents/sb%2F2006%2F262/amendments');
    expect(page.source_text_as_of).toBe('2007-01-01');
    expect(page.total).toBe(2);
    const [a, b] = page.amendments;
    expect(b).toMatchObject({ amending_act: { natural_key: 'sb/2012/7' }, status: 'unapplied', effective_from: ['2013-01-01'] });
    expect(b.effects[0]).toMatchObject({ point: '1', status: 'unapplied', targets: ['par_52/pism_g'] });
    const unapplied = await ok('/v1/legal/documents/sb%2F2006%2F262/amendments?status=unapplied');
    expect(unapplied.amendments.map((x: { amending_act: { natural_key: string } }) => x.amending_act.natural_key)).toEqual(['sb/2012/7']);
    expect(a.amending_act).toMatchObject({ natural_key: 'sb/2011/365', doc_number: '365/2011 Sb.', in_corpus: true });
    expect(a.methods).toContain('source-text');
    expect(a.effective_from).toEqual(['2012-01-01']);
    expect(a.effects).toHaveLength(2);
    expect(a.effects[0]).toMatchObject({
      point: '1',
      article: 'Čl. I',
      part: 'ČÁST PRVNÍ',
      effective_from: '2012-01-01',
      kinds: ['replace_words'],
      instruction: expect.stringContaining('„150“'),
    });
    expect(a.effects[0].targets).toEqual(expect.arrayContaining(['par_75', 'par_76/odst_1']));
    expect(a.effects[1].targets).toContain('par_76a');
    // Both points applied by the engine: the source has no text after 2012, the rebuilt version has them.
    expect(a.status).toBe('rebuilt');

    // Before it took effect it is scheduled; the act whose history applied it says applied.
    const before = await ok('/v1/legal/documents/sb%2F2006%2F262/amendments?at=2011-06-01');
    expect(before.amendments.map((x: { status: string }) => x.status)).toEqual(['scheduled', 'scheduled']);
    const thing = await ok('/v1/legal/documents/sb%2F2010%2F5/amendments');
    expect(thing.amendments[0]).toMatchObject({ amending_act: { natural_key: 'sb/2011/365' }, status: 'applied' });
  });

  it('names the act that repealed a document whole, which has no amends edge, on the reads and in the listing', async () => {
    const read = await ok('/v1/legal/documents/sb%2F1980%2F1/provisions/par_1');
    expect(read.provision.text_status).toBe('amended_not_in_source');
    expect(read.outstanding_effects).toHaveLength(1);
    expect(read.outstanding_effects[0]).toMatchObject({
      amending_act: { natural_key: 'sb/1991/87', doc_number: '87/1991 Sb.', title: 'Zákon o mimosoudních rehabilitacích' },
      effective_from: '1991-04-01',
      targets: ['*whole'],
    });
    const page = await ok('/v1/legal/documents/sb%2F1980%2F1/amendments');
    expect(page.amendments.map((a: { amending_act: { natural_key: string } }) => a.amending_act.natural_key)).toEqual(['sb/1991/87']);
    expect(page.amendments[0]).toMatchObject({
      amending_act: { doc_number: '87/1991 Sb.' },
      methods: ['source-text'],
      status: 'unapplied',
    });
    const doc = (await ok('/v1/legal/documents/sb%2F1980%2F1')).document;
    expect(doc.outstanding_amendments.map((a: { natural_key: string }) => a.natural_key)).toEqual(['sb/1991/87']);
    expect(doc.text_current).toBe(false);
    // Counted apart: the source lacks no wording of it, the act is gone (and nothing is rebuilt for it).
    const counts = await amendmentCounts(h.db, '2026-11-29');
    expect(counts.lacking_only_repealed_whole).toBe(1);
    expect(counts.lacking_in_source).toBeGreaterThan(counts.lacking_only_repealed_whole);
    expect(counts.lacking_after_rebuild_only_repealed_whole).toBe(1);
    expect(counts.lacking_after_rebuild).toBeGreaterThan(counts.lacking_after_rebuild_only_repealed_whole);
    expect(await h.db.query(`SELECT 1 FROM rebuild_state WHERE document_id = 'SB-1980-1'`)).toEqual([]);
  });

  it('rebuilds the text the source lacks: a version per effective date, labelled, with its provenance', async () => {
    const doc = (await ok('/v1/legal/documents/sb%2F2006%2F262?include=versions,text')).document;
    expect(doc.versions.map((v: { text_source: string }) => v.text_source)).toEqual(['source', 'rebuilt']);
    expect(doc.version).toMatchObject({ version: 2, valid_from: '2012-01-01', text_source: 'rebuilt', kind: 'rebuilt', is_current: true });
    expect(doc.version.amended_by).toEqual({ natural_key: 'sb/2011/365', doc_number: '365/2011 Sb.' });
    expect(doc.text).toContain('nesmí být větší než 300 hodin');
    expect(doc.text).toContain('##### § 76a');
    // 7/2012 could not be applied: today's text lacks it, and the read says so.
    expect(doc.text_current).toBe(false);
    expect(doc.outstanding_amendments).toEqual([
      {
        natural_key: 'sb/2012/7',
        doc_number: '7/2012 Sb.',
        title: 'Zákon, kterým se mění zákon č. 262/2006 Sb., zákoník práce',
        effective_from: ['2013-01-01'],
        points: 1,
        effects_known: true,
        e_sbirka: expect.stringMatching(/^https:\/\/e-sbirka\.gov\.cz\/eli\/cz\/sb\/2006\/262\/\d{4}-\d{2}-\d{2}$/),
      },
    ]);
    const in2012 = (await ok('/v1/legal/documents/sb%2F2006%2F262?at=2012-06-01')).document;
    expect(in2012).toMatchObject({ text_current: true, outstanding_amendments: [] });

    const p75 = await ok('/v1/legal/documents/sb%2F2006%2F262/provisions/par_75');
    expect(p75.text_status).toBe('current');
    expect(p75.provision.text).toContain('300 hodin');
    expect(p75.provision.text_source).toBe('rebuilt');
    expect(p75.provision.rebuilt_by[0]).toMatchObject({
      amending_act: { natural_key: 'sb/2011/365', doc_number: '365/2011 Sb.' },
      point: '1',
      article: 'Čl. I',
      effective_from: '2012-01-01',
    });
    // Its provenance is the point that made its wording, not every point its act applied elsewhere.
    expect(p75.provision.rebuilt_by.map((e: { point: string }) => e.point)).toEqual(['1']);
    const p76a = await ok('/v1/legal/documents/sb%2F2006%2F262/provisions/par_76a');
    expect(p76a.provision.rebuilt_by.map((e: { point: string }) => e.point)).toEqual(['2']);
    // A provision no point touched keeps the source's wording, labelled so.
    const p52 = await ok('/v1/legal/documents/sb%2F2006%2F262/provisions/par_52');
    expect(p52.provision.text_source).toBe('source');
    expect(p52.provision.rebuilt_by).toEqual([]);
    // The day before the amendment: the act as enacted, the source's own text.
    const old = await ok('/v1/legal/documents/sb%2F2006%2F262/provisions/par_75?at=2011-06-01');
    expect(old.provision.text).toContain('150 hodin');
    expect(old.version).toMatchObject({ version: 1, text_source: 'source', text_as_of: '2007-01-01' });
  });

  it('never serves the old wording of a provision an unapplied amendment changed as the day’s text', async () => {
    const p52 = await ok('/v1/legal/documents/sb%2F2006%2F262/provisions/par_52/pism_g');
    expect(p52.text_status).toBe('amended_not_in_source');
    expect(p52.provision.text).toBeNull();
    expect(p52.provision.source_text).toEqual({ as_of: '2012-01-01', text: '- g) porušuje-li zaměstnanec povinnosti.\n\n' });
    expect(p52.outstanding_effects).toEqual([
      expect.objectContaining({
        amending_act: expect.objectContaining({ natural_key: 'sb/2012/7' }),
        point: '1',
        effective_from: '2013-01-01',
      }),
    ]);
    // The § holding it is not today's text either; its neighbour is.
    expect((await ok('/v1/legal/documents/sb%2F2006%2F262/provisions/par_52')).text_status).toBe('amended_not_in_source');
    expect((await ok('/v1/legal/documents/sb%2F2006%2F262/provisions/par_76/odst_2')).text_status).toBe('current');
    // Before 7/2012 took effect, the same wording is that day's law.
    const then = await ok('/v1/legal/documents/sb%2F2006%2F262/provisions/par_52/pism_g?at=2012-06-01');
    expect(then).toMatchObject({ text_status: 'current', outstanding_effects: [] });
    expect(then.provision.text).toContain('porušuje-li');
    // The table of contents marks it.
    const toc = await ok('/v1/legal/documents/sb%2F2006%2F262/provisions');
    const status = Object.fromEntries((toc.provisions as { id: string; text_status: string }[]).map((p) => [p.id, p.text_status]));
    expect(status).toMatchObject({ par_52: 'amended_not_in_source', 'par_52/pism_g': 'amended_not_in_source', par_75: 'current' });
  });

  it('the citation check does not call a provision valid when an unapplied amendment changed it', async () => {
    const res = await h.call('post', '/v1/legal/citations', key, {
      text: 'Podle § 52 písm. g) zákona č. 262/2006 Sb. a § 75 zákona č. 262/2006 Sb.',
      at: '2014-01-01',
    });
    expect(res.status).toBe(200);
    const [g, p75] = res.body.data.citations;
    expect(g).toMatchObject({
      status: 'amended_not_in_source',
      provision: { id: 'par_52/pism_g', exists: true, text_status: 'amended_not_in_source', text_source: 'source' },
    });
    expect(g.outstanding_effects).toEqual([
      expect.objectContaining({ amending_act: expect.objectContaining({ natural_key: 'sb/2012/7' }), point: '1' }),
    ]);
    expect(g.summary).toContain('amended_not_in_source');
    // § 75 is checked against the wording the engine rebuilt, and says so.
    expect(p75).toMatchObject({ status: 'valid', provision: { id: 'par_75', text_status: 'current', text_source: 'rebuilt' } });
    expect(res.body.data.counts).toMatchObject({ valid: 1, amended_not_in_source: 1 });
    // Before 7/2012 took effect, § 52 písm. g) held.
    const before = await h.call('post', '/v1/legal/citations', key, { text: '§ 52 písm. g) zákona č. 262/2006 Sb.', at: '2012-06-01' });
    expect(before.body.data.citations[0].status).toBe('valid');
  });

  it('announces what becomes known: the amendment on the amended act, the rebuilt version as a version', async () => {
    const filters = encodeURIComponent(JSON.stringify({ kinds: ['document.amendment_known', 'document.version_added'] }));
    // The feed holds back rows newer than the oldest transaction still open on the server.
    const feed = await eventually(
      async () => {
        const data = await ok(`/v1/legal/changes?since=2000-01-01T00:00:00Z&filters=${filters}&limit=100`);
        const mine = (
          data.changes as { kind: string; document: { natural_key: string }; version?: { kind: string; text_source?: string } }[]
        ).filter((c) => c.document.natural_key === 'sb/2006/262');
        // The source's own version is announced before the rebuilt one: wait for the rebuilt one.
        const rebuiltAdded = mine.some((c) => c.kind === 'document.version_added' && c.version?.kind === 'rebuilt');
        return mine.some((c) => c.kind === 'document.amendment_known') && rebuiltAdded ? mine : undefined;
      },
      { what: 'the amendment_known and rebuilt version_added changes of sb/2006/262' },
    );
    const known = feed.find((c) => c.kind === 'document.amendment_known') as unknown as { amendment: unknown };
    expect(known.amendment).toEqual({
      amending_act: { natural_key: 'sb/2011/365', doc_number: '365/2011 Sb.' },
      points: 2,
      effective_from: ['2012-01-01'],
      applied: false,
    });
    const rebuilt = feed.filter((c) => c.kind === 'document.version_added') as unknown as {
      version: { kind: string; text_source?: string };
    }[];
    expect(rebuilt.some((c) => c.version.kind === 'rebuilt' && c.version.text_source === 'rebuilt')).toBe(true);
  });
});
