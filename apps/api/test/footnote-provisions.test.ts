import { amendingActText, effectiveOn, enactedOnlyRecord, importTestRecords } from '@dp/testing';
import { createHarness, type Harness } from './harness';

// A footnote (poznámka pod čarou) is a provision of its own: `fn_N` reads like any provision, the
// last § ends before the footnotes, and a footnote an amending act gives a new wording is rebuilt
// and labelled like any provision (#35, #36).
const ACT = [
  '# Zákon o zkouškách',
  '',
  '##### § 1',
  '',
  'Zkouška se koná podle zvláštního zákona^1).',
  '',
  '##### § 2',
  '',
  'Poplatek stanoví vyhláška^2).',
  '',
  '^1) Zákon č. 1/2000 Sb., o zkouškách.',
  '',
  '^2) Vyhláška č. 5/2001 Sb., o poplatcích.',
  '',
].join('\n');

const AMENDING = amendingActText(
  'Zákon, kterým se mění zákon č. 10/2001 Sb., o zkouškách',
  [
    {
      article: 'I',
      intro: 'Zákon č. 10/2001 Sb., o zkouškách, se mění takto:',
      points: ['Poznámka pod čarou č. 2 zní:\n\n„^2) Vyhláška č. 7/2002 Sb., o poplatcích.“.'],
    },
  ],
  { article: 'II', sentence: effectiveOn('1. července 2002') },
);

describe('footnotes as provisions, end to end', () => {
  let h: Harness;
  let key: string;
  const ok = async (path: string) => {
    const res = await h.get(path, key);
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 200, error: undefined });
    return res.body.data;
  };
  beforeAll(async () => {
    h = await createHarness();
    await importTestRecords(h.db, [
      enactedOnlyRecord('sb/2001/10', { title: 'Zákon o zkouškách', text: ACT, published: '2001-01-10', from: '2001-02-01' }),
      enactedOnlyRecord('sb/2002/3', {
        title: 'Zákon, kterým se mění zákon č. 10/2001 Sb., o zkouškách',
        text: AMENDING,
        published: '2002-01-05',
        from: '2002-07-01',
        amending: true,
      }),
    ]);
    key = (await h.newKey()).key;
  });
  afterAll(() => h.close());

  it('reads a footnote by its id, and the last § without the footnotes', async () => {
    const fn1 = await ok('/v1/legal/documents/sb%2F2001%2F10/provisions/fn_1');
    expect(fn1.provision).toMatchObject({ id: 'fn_1', kind: 'footnote', label: 'poznámka pod čarou č. 1' });
    expect(fn1.provision.text.trim()).toBe('^1) Zákon č. 1/2000 Sb., o zkouškách.');
    expect(fn1.text_status).toBe('current');
    const last = await ok('/v1/legal/documents/sb%2F2001%2F10/provisions/par_2');
    expect(last.provision.text).toContain('Poplatek stanoví vyhláška');
    expect(last.provision.text).not.toContain('Vyhláška č. 5/2001 Sb.');
  });

  it('rebuilds a footnote an amending act gives a new wording, labelled with its provenance', async () => {
    const fn2 = await ok('/v1/legal/documents/sb%2F2001%2F10/provisions/fn_2');
    expect(fn2.provision.text.trim()).toBe('^2) Vyhláška č. 7/2002 Sb., o poplatcích.');
    expect(fn2.provision.text_source).toBe('rebuilt');
    expect(fn2.provision.rebuilt_by[0]).toMatchObject({ amending_act: { natural_key: 'sb/2002/3' }, effective_from: '2002-07-01' });
    // Before the amendment, the act as enacted.
    const old = await ok('/v1/legal/documents/sb%2F2001%2F10/provisions/fn_2?at=2002-01-01');
    expect(old.provision.text.trim()).toBe('^2) Vyhláška č. 5/2001 Sb., o poplatcích.');
    // Only what the source holds: the footnote's wording is missing there, the others are current.
    const source = await ok('/v1/legal/documents/sb%2F2001%2F10/provisions/fn_2?text_source=source');
    expect(source.text_status).toBe('amended_not_in_source');
    expect((await ok('/v1/legal/documents/sb%2F2001%2F10/provisions/fn_1?text_source=source')).text_status).toBe('current');
    expect((await ok('/v1/legal/documents/sb%2F2001%2F10/provisions/par_2?text_source=source')).text_status).toBe('current');
  });

  it('names the footnotes a provision cites by its marks, to read each', async () => {
    const par1 = await ok('/v1/legal/documents/sb%2F2001%2F10/provisions/par_1');
    expect(par1.provision.footnotes).toEqual([{ id: 'fn_1', kind: 'footnote', label: 'poznámka pod čarou č. 1', heading: null }]);
    expect((await ok('/v1/legal/documents/sb%2F2001%2F10/provisions/par_2')).provision.footnotes.map((f: { id: string }) => f.id)).toEqual([
      'fn_2',
    ]);
    // A footnote's own mark cites nothing.
    expect((await ok('/v1/legal/documents/sb%2F2001%2F10/provisions/fn_1')).provision.footnotes).toEqual([]);
  });

  it('lists the footnotes in the table of contents after the body', async () => {
    const toc = await ok('/v1/legal/documents/sb%2F2001%2F10/provisions');
    const ids = toc.provisions.map((p: { id: string }) => p.id);
    expect(ids).toEqual(['par_1', 'par_2', 'fn_1', 'fn_2']);
  });
});
