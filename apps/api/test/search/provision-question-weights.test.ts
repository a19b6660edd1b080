import { FAMILY_WEIGHT } from '@dp/czech-law';
import { testRecord } from '@dp/testing';
import { PROVISION_WEIGHTS, termsFor } from '../../src/legal/search/provision-search';
import { rankingDatabase } from './ranking-database';

/**
 * #37 (h-rank4): a question's § in the act about it holds all of the question's words once; a long
 * code's § holds two of them, repeated. The unit's share of the question's weight (unitShare 1.5)
 * and the words' nearness (cover 4) rank the first above the second, and the act document weighs a
 * little less (actDoc 0.3). In hybrid, the dictionary's word families are left out of the terms.
 */

const code = testRecord('sb/2012/89', {
  title: 'Zákon občanský zákoník',
  text: [
    '# Zákon občanský zákoník',
    '',
    '##### § 2165',
    '',
    '#### Vady věci',
    '',
    Array.from({ length: 6 }, () => 'Prodávající odpovídá za vady; vady věci prodávající odstraní.').join(' '),
    '',
  ].join('\n'),
  version: { text_is_current: true },
});
const consumer = testRecord('sb/1992/634', {
  title: 'Zákon o ochraně spotřebitele',
  text: [
    '# Zákon o ochraně spotřebitele',
    '',
    '##### § 19',
    '',
    'Prodávající je povinen o reklamaci rozhodnout a reklamaci vyřídit nejpozději do 30 dnů; vady odstraní.',
    '',
    '##### § 20',
    '',
    'Spotřebitel má právo na informace.',
    '',
  ].join('\n'),
  version: { text_is_current: true },
});

const { rank } = rankingDatabase([code, consumer]);
const QUESTION = 'Do kdy musí prodávající vyřídit reklamaci vady?';

describe('the unit’s share of the question and the words’ nearness', () => {
  it('ranks the § holding all of the question’s words above a code’s § repeating two of them', async () => {
    expect((await rank(QUESTION))[0]).toMatchObject({ documentId: 'SB-1992-634', sectionId: 'par_19' });
  });

  it('with the weights before, the code’s § wins', async () => {
    Object.assign(PROVISION_WEIGHTS, { unitShare: 1, cover: 2, actDoc: 0.5 });
    expect((await rank(QUESTION))[0]).toMatchObject({ documentId: 'SB-2012-89', sectionId: 'par_2165' });
  });
});

describe('the hybrid terms', () => {
  it('leave out the dictionary’s word families, keep the lexicon’s related terms', () => {
    const terms = termsFor('Reklamace', 'hybrid');
    expect(terms.filter((t) => t.from === 'related' && t.weight <= FAMILY_WEIGHT)).toEqual([]);
    expect(terms.some((t) => t.from === 'related')).toBe(true);
    expect(terms.map((t) => t.term)).not.toContain('reklama');
  });

  it('keep the families with relatedFloor 0, as before', () => {
    Object.assign(PROVISION_WEIGHTS, { relatedFloor: 0 });
    // Another spelling than above: termsFor caches each query's terms.
    const terms = termsFor('reklamace', 'hybrid');
    expect(terms.map((t) => t.term)).toContain('reklama');
  });
});
