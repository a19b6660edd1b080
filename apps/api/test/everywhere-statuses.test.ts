import { amendingActText, effectiveOn, enactedOnlyRecord, importTestRecords } from '@dp/testing';
import { createHarness, type Harness } from './harness';

// #35 item 3: a change throughout the text (target `*`) that the engine refuses (two pairs of words,
// zákon č. 282/1995 Sb., bod 5, on the labour code) stays outstanding for the provisions whose words
// it changes: the provision read, a search hit and the citation check say the same of them.
const ACT = '# Zákon o práci\n\n##### § 1\n\nKaždý pracovník má nárok na mzdu.\n\n##### § 2\n\nZákon nabývá účinnosti dnem vyhlášení.\n';

const AMENDING = amendingActText(
  'Zákon, kterým se mění zákon č. 9/1990 Sb., o práci',
  [
    {
      article: 'I',
      intro: 'Zákon č. 9/1990 Sb., o práci, se mění takto:',
      points: ['Ve všech ustanoveních se slova „pracovník“ a „pracovnice“ nahrazují slovy „zaměstnanec“ a „zaměstnankyně“.'],
    },
  ],
  { article: 'II', sentence: effectiveOn('1. července 1995') },
);

describe('a change throughout the text, refused by the engine (#35 item 3, statuses everywhere)', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    h = await createHarness();
    await importTestRecords(h.db, [
      enactedOnlyRecord('sb/1990/9', { title: 'Zákon o práci', text: ACT, published: '1990-01-10', from: '1990-02-01' }),
      enactedOnlyRecord('sb/1995/282', {
        title: 'Zákon, kterým se mění zákon č. 9/1990 Sb., o práci',
        text: AMENDING,
        published: '1995-06-05',
        from: '1995-07-01',
        amending: true,
      }),
    ]);
    key = (await h.newKey()).key;
  });
  afterAll(() => h.close());

  it('flags the provision holding the words in the read, the citation check and a search hit, not the other', async () => {
    const read = async (p: string) => (await h.get(`/v1/legal/documents/sb%2F1990%2F9/provisions/${p}`, key)).body.data;
    expect((await read('par_1')).text_status).toBe('amended_not_in_source');
    expect((await read('par_2')).text_status).toBe('current');
    const res = await h.call('post', '/v1/legal/citations', key, { text: '§ 1 a 2 zákona č. 9/1990 Sb.', at: '2026-11-02' });
    expect(res.status).toBe(200);
    expect(res.body.data.citations.map((c: { provision: { id: string }; status: string }) => [c.provision.id, c.status])).toEqual([
      ['par_1', 'amended_not_in_source'],
      ['par_2', 'valid'],
    ]);
    const hits = await h.get(`/v1/legal/search?${new URLSearchParams({ q: 'pracovník nárok na mzdu', granularity: 'provision' })}`, key);
    expect(hits.status).toBe(200);
    const unit = (hits.body.data.results as { act: { natural_key: string }; provision: { id: string }; text_status: string }[]).find(
      (r) => r.act.natural_key === 'sb/1990/9',
    );
    expect(unit).toEqual(
      expect.objectContaining({ provision: expect.objectContaining({ id: 'par_1' }), text_status: 'amended_not_in_source' }),
    );
  });
});
