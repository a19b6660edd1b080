import { amendingActText, effectiveOn, enactedOnlyRecord, importTestRecords, versionedRecord } from '@dp/testing';
import { createHarness, type Harness } from './harness';

// A provision the text lacks because an amendment repealed it (the source applied the repeal), or
// because an amendment makes it only after the day asked: the 404 says which act, point and day.
const V1 = '# Zákon o věci\n\n##### § 1\n\nVěc.\n\n##### § 2\n\nPojem.\n\n##### § 3\n\nLhůta.\n';
const V2 = '# Zákon o věci\n\n##### § 1\n\nVěc.\n\n##### § 3\n\nLhůta.\n\n##### § 3a\n\nNová lhůta.\n';

const AMENDING = amendingActText(
  'Zákon, kterým se mění zákon č. 9/1990 Sb., o věci',
  [
    {
      article: 'I',
      intro: 'Zákon č. 9/1990 Sb., o věci, se mění takto:',
      points: ['§ 2 se zrušuje.', 'Za § 3 se vkládá nový § 3a, který zní:\n\n„§ 3a\n\nNová lhůta.“.'],
    },
  ],
  { article: 'II', sentence: effectiveOn('1. července 1995') },
);

describe('a provision the text lacks: the amendment that repealed it or makes it later', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    h = await createHarness();
    await importTestRecords(h.db, [
      versionedRecord('sb/1990/9', {
        title: 'Zákon o věci',
        text: V2,
        published: '1990-01-10',
        versions: [
          { from: '1990-02-01', text: V1 },
          { from: '1995-07-01', amendedBy: 'sb/1995/282' },
        ],
      }),
      enactedOnlyRecord('sb/1995/282', {
        title: 'Zákon, kterým se mění zákon č. 9/1990 Sb., o věci',
        text: AMENDING,
        published: '1995-06-05',
        from: '1995-07-01',
        amending: true,
      }),
    ]);
    key = (await h.newKey()).key;
  });
  afterAll(() => h.close());

  const read = (p: string, at: string) => h.get(`/v1/legal/documents/sb%2F1990%2F9/provisions/${p}?at=${at}`, key);

  it('names the repeal the source applied', async () => {
    const res = await read('par_2', '2000-01-01');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(res.body.error.message).toMatch(/repealed by 282\/1995 Sb\., point 1, with effect from 1995-07-01/u);
    expect(res.body.error.details).toEqual(
      expect.objectContaining({
        reason: 'repealed',
        effect: expect.objectContaining({ point: '1', effective_from: '1995-07-01', kinds: ['repeal'] }),
      }),
    );
    // Before the repeal it is there.
    expect((await read('par_2', '1991-01-01')).status).toBe(200);
  });

  it('names the act that makes it after the day asked', async () => {
    const res = await read('par_3a', '1991-01-01');
    expect(res.status).toBe(404);
    expect(res.body.error.details).toEqual(expect.objectContaining({ reason: 'made_later' }));
    expect(res.body.error.message).toMatch(/made by 282\/1995 Sb\., point 2, with effect from 1995-07-01, after the day asked/u);
    expect((await read('par_3a', '2000-01-01')).status).toBe(200);
  });

  it('keeps a bare 404 for an id no amendment names', async () => {
    const res = await read('par_9', '2000-01-01');
    expect(res.status).toBe(404);
    expect(res.body.error.details.reason).toBeUndefined();
    expect(res.body.error.message).toBe("Provision 'par_9' of 9/1990 Sb. (version 2) was not found.");
  });
});
