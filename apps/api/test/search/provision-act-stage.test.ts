import { cites, testRecord } from '@dp/testing';
import { PROVISION_LIMITS, PROVISION_WEIGHTS } from '../../src/legal/search/provision-search';
import { rankingDatabase } from './ranking-database';

/**
 * #37: on the whole collection an old short document whose one article holds a question's common
 * words outranked the act in force that answers it. The first stage takes the candidates of the
 * acts with the best priors when the matches are more than it ranks; the act stage weighs each unit
 * by the share of the query's weight it holds and its act by the share its ranked units hold.
 */

// Old short documents, written first (the sync writes the oldest first), each one article full of
// the question's common words and none of its rarer one.
const old = Array.from({ length: 4 }, (_, i) =>
  testRecord(`sb/1965/${i + 1}`, {
    title: `Vyhláška o pracovní době ${i + 1}`,
    text: `# Vyhláška o pracovní době ${i + 1}\n\n##### Čl. 1\n\nZaměstnanec má za rok dny volna; dny volna za rok zaměstnanec čerpá, zaměstnanec dny volna za rok hlásí.\n`,
    version: { text_is_current: true },
  }),
);
const labour = testRecord('sb/2006/262', {
  title: 'Zákon zákoník práce',
  text: [
    '# Zákon zákoník práce',
    '',
    '#### Dovolená',
    '',
    '##### § 211',
    '',
    'Zaměstnanci přísluší dovolená za kalendářní rok v délce 4 týdnů.',
    '',
    '##### § 212',
    '',
    'Dovolenou určuje zaměstnavatel; za každý den dovolené přísluší zaměstnanci náhrada mzdy.',
    '',
    '##### § 213',
    '',
    'Zaměstnanec čerpá dovolenou v kalendářním roce, za který mu přísluší.',
    '',
  ].join('\n'),
  version: { text_is_current: true },
});
// Acts citing the Labour Code: its in-degree, the prior the first stage orders by.
const citing = Array.from({ length: 3 }, (_, i) =>
  testRecord(`sb/2010/${i + 1}`, {
    title: `Zákon o zaměstnanosti ${i + 1}`,
    text: `# Zákon o zaměstnanosti ${i + 1}\n\n##### § 1\n\nPodle zákoníku práce.\n`,
    relations: [cites('sb/2006/262')],
    version: { text_is_current: true },
  }),
);

// #37 (h-lexicon): one act, a § whose heading names the query's words and a § whose text repeats them.
const heading = (n: number) =>
  testRecord(`sb/2020/${n}`, {
    title: `Zákon o plnění ${n}`,
    text: [
      `# Zákon o plnění ${n}`,
      '',
      '##### § 1',
      '',
      '#### Cestovní náhrady',
      '',
      'Plnění se poskytuje podle tohoto zákona v penězích.',
      '',
      '##### § 2',
      '',
      Array.from({ length: n }, () => 'Cestovní náhrady se hradí, cestovní náhrady se vyúčtují.').join(' '),
      '',
    ].join('\n'),
    version: { text_is_current: true },
  });
const headed = [heading(3)];

const ranking = rankingDatabase([...old, labour, ...citing, ...headed]);
const { rank } = ranking;

const QUESTION = 'Kolik dní dovolené má zaměstnanec za rok?';
describe('the provision ranking’s act stage', () => {
  it('ranks the act in force that holds the question’s words above old short documents holding its common ones', async () => {
    const ranked = await rank(QUESTION);
    expect(ranked[0].documentId).toBe('SB-2006-262');
    // Without the shares, the old articles' repeated common words win.
    Object.assign(PROVISION_WEIGHTS, { unitShare: 0, actShare: 0 });
    const without = await rank(QUESTION);
    expect(without[0].documentId).not.toBe('SB-2006-262');
  });

  it('takes the candidates of the acts with the best priors when the matches are more than it ranks', async () => {
    // Fewer candidates than the old articles, which the table holds first.
    Object.assign(PROVISION_LIMITS, { candidates: 3, pairsFloor: 1 });
    const ranked = await rank(QUESTION);
    expect(ranked.map((r) => r.documentId)).toEqual(['SB-2006-262', 'SB-2006-262', 'SB-2006-262']);
  });
});

describe('the text weighed below the headings', () => {
  it('ranks the § whose heading names the question’s words above a § whose text repeats them', async () => {
    const order = async () => (await rank('cestovní náhrady')).filter((r) => r.documentId === 'SB-2020-3').map((r) => r.sectionId);
    expect(await order()).toEqual(['par_1', 'par_2']);
    // With the text weighed as before (D 0.2), the repeated words win.
    Object.assign(PROVISION_WEIGHTS, { vector: '{0.2, 0.2, 0.4, 0.5}' });
    expect(await order()).toEqual(['par_2', 'par_1']);
  });
});
