import { actText, amendingActText, effectiveOn, testRecord } from '@dp/testing';
import { PROVISION_WEIGHTS } from '../../src/legal/search/provision-search';
import { rankingDatabase } from './ranking-database';

/**
 * #37 (h-quest): an amending act's článek quotes the amended act's new wording, so it holds the
 * question's words as often as the act it changes, often more (every point repeats them). The
 * question is about the act as it stands, which the consolidated text answers: an amending act
 * (the source's flag and a title that says so) weighs PROVISION_WEIGHTS.amending.
 */

const title = 'Zákon o dani silniční';
const roadTax = testRecord('sb/1993/16', {
  title,
  text: actText(title, [
    { label: '§ 3', body: ['Od daně jsou osvobozena vozidla městské hromadné dopravy.'] },
    { label: '§ 6', heading: 'Sazba daně', body: ['Roční sazba daně činí u osobních automobilů 1 200 Kč.'] },
  ]),
  version: { text_is_current: true },
});

const amendingTitle = 'Zákon, kterým se mění zákon č. 16/1993 Sb., o dani silniční, v osvobození vozidel od daně';
const amending = testRecord('sb/1993/302', {
  title: amendingTitle,
  amending: true,
  text: amendingActText(
    amendingTitle,
    [
      {
        article: 'I',
        intro: 'Zákon č. 16/1993 Sb., o dani silniční, se mění takto:',
        points: Array.from(
          { length: 12 },
          (_, i) =>
            `V § 3 odst. ${i + 1} se za slova „osvobozena vozidla“ vkládají slova „městské hromadné dopravy a vozidla osvobozena od daně“.`,
        ),
      },
    ],
    { article: 'II', sentence: effectiveOn('1. ledna 1994') },
  ),
  version: { text_is_current: true },
});

const { rank } = rankingDatabase([roadTax, amending]);

describe('an amending act in the provision search', () => {
  const q = 'Která vozidla jsou osvobozena od daně?';

  it('ranks the amended act’s provision above the amending act that quotes its words', async () => {
    expect((await rank(q))[0]).toMatchObject({ documentId: 'SB-1993-16', sectionId: 'par_3' });
  });

  it('at the amending act’s former weight, the quoted words win', async () => {
    Object.assign(PROVISION_WEIGHTS, { amending: 0.3 });
    expect((await rank(q))[0].documentId).toBe('SB-1993-302');
  });
});
