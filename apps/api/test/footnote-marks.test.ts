import { amendingActText, effectiveOn, enactedOnlyRecord, importTestRecords } from '@dp/testing';
import { createHarness, type Harness } from './harness';

// #35 item 3: a footnote renumbered "včetně odkazů" changes the marks in the provisions that cite
// it (zákon č. 1/2002 Sb., čl. I bod 12, on zákon č. 13/1993 Sb.). The effect's `^fn_N` targets
// reach them through their own words: the provision read and the citation check say the same.
// The act's text here cites ^3a) without the footnote's own text, so the engine finds nothing to
// renumber and the effect stays outstanding.
const ACT =
  '# Zákon o poště\n\n##### § 1\n\n(1) Údaje jsou poskytnuty, je-li to nezbytné pro plnění jejich úkolů.^3a)\n\n(2) Jiný text.\n\n##### § 2\n\nText.\n';

const AMENDING = amendingActText(
  'Zákon, kterým se mění zákon č. 9/2001 Sb., o poště',
  [
    {
      article: 'I',
      intro: 'Zákon č. 9/2001 Sb., o poště, se mění takto:',
      points: ['Dosavadní poznámky pod čarou č. 3a) a 3b) se označují jako poznámky č. 3d) a 3e), včetně odkazů na poznámku pod čarou.'],
    },
  ],
  { article: 'II', sentence: effectiveOn('1. července 2002') },
);

describe('a footnote renumbered with its marks (#35, h-recall6 end to end)', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    h = await createHarness();
    await importTestRecords(h.db, [
      enactedOnlyRecord('sb/2001/9', { title: 'Zákon o poště', text: ACT, published: '2001-01-10', from: '2001-02-01' }),
      enactedOnlyRecord('sb/2002/1', {
        title: 'Zákon, kterým se mění zákon č. 9/2001 Sb., o poště',
        text: AMENDING,
        published: '2002-01-05',
        from: '2002-07-01',
        amending: true,
      }),
    ]);
    key = (await h.newKey()).key;
  });
  afterAll(() => h.close());

  it('flags the provision whose words cite the footnote in the provision read and the citation check, not its neighbour', async () => {
    const read = async (p: string) => (await h.get(`/v1/legal/documents/sb%2F2001%2F9/provisions/${p}`, key)).body.data;
    expect((await read('par_1/odst_1')).text_status).toBe('amended_not_in_source');
    expect((await read('par_1/odst_2')).text_status).toBe('current');
    const res = await h.call('post', '/v1/legal/citations', key, { text: '§ 1 odst. 1 a 2 zákona č. 9/2001 Sb.', at: '2026-11-02' });
    expect(res.status).toBe(200);
    expect(res.body.data.citations.map((c: { provision: { id: string }; status: string }) => [c.provision.id, c.status])).toEqual([
      ['par_1/odst_1', 'amended_not_in_source'],
      ['par_1/odst_2', 'valid'],
    ]);
  });

  it('says the same of a search hit: the provision hit and the document hit’s pointer', async () => {
    // A document hit names its act by natural_key; a provision hit by its act.
    type Hit = {
      natural_key?: string;
      act?: { natural_key: string };
      provision: { id: string; text_status?: string } | null;
      text_status?: string;
    };
    const search = async (params: Record<string, string>) => {
      const res = await h.get(`/v1/legal/search?${new URLSearchParams(params)}`, key);
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 200, error: undefined });
      return (res.body.data.results as Hit[]).filter((r) => (r.natural_key ?? r.act?.natural_key) === 'sb/2001/9');
    };
    const [doc] = await search({ q: 'údaje nezbytné pro plnění úkolů' });
    expect(doc.provision).toEqual(expect.objectContaining({ id: 'par_1/odst_1', text_status: 'amended_not_in_source' }));
    const [other] = await search({ q: 'jiný text' });
    expect(other.provision).toEqual(expect.objectContaining({ id: 'par_1/odst_2', text_status: 'current' }));
    const [unit] = await search({ q: 'údaje nezbytné pro plnění úkolů', granularity: 'provision' });
    // The provision search's unit is the § whose text holds the mark.
    expect(unit).toEqual(
      expect.objectContaining({ provision: expect.objectContaining({ id: 'par_1' }), text_status: 'amended_not_in_source' }),
    );
  });
});
