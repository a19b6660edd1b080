import { cites, testRecord } from '@dp/testing';
import { PROVISION_LIMITS } from '../../src/legal/search/provision-search';
import { rankingDatabase } from './ranking-database';

/**
 * #37 (h-acts3): when a question's words match more units than the first stage ranks, which acts'
 * units it takes. By the prior alone (in force, kind, in-degree) a much-cited act with one unit
 * holding the words displaces the act about them; `matchesExp` weighs in how many of each act's
 * units match.
 */

// Much cited, one § that happens to hold the question's words, a title about something else.
const cited = testRecord('sb/2012/90', {
  title: 'Zákon o obchodních korporacích',
  text: '# Zákon o obchodních korporacích\n\n##### § 5\n\nPoplatek ze psů platí držitel psa obci, ne korporace.\n',
  version: { text_is_current: true },
});
const citing = Array.from({ length: 3 }, (_, i) =>
  testRecord(`sb/2013/${i + 1}`, {
    title: `Zákon o rejstřících ${i + 1}`,
    text: `# Zákon o rejstřících ${i + 1}\n\n##### § 1\n\nRejstřík vede soud.\n`,
    relations: [cites('sb/2012/90')],
    version: { text_is_current: true },
  }),
);
// The act about the question: several of its §§ hold the words.
const fees = testRecord('sb/1990/565', {
  title: 'Zákon o místních poplatcích ze psů',
  text: [
    '# Zákon o místních poplatcích ze psů',
    '',
    '##### § 2',
    '',
    'Poplatek ze psů platí držitel psa.',
    '',
    '##### § 3',
    '',
    'Poplatek se platí obci podle místa pobytu držitele.',
    '',
    '##### § 4',
    '',
    'Obec může poplatek snížit, je-li držitel psa důchodce.',
    '',
  ].join('\n'),
  version: { text_is_current: true },
});

const { rank } = rankingDatabase([cited, ...citing, fees]);
const q = 'poplatek ze psů držitel obci';
// One candidate: the first stage's choice of act decides the ranking alone.
const one = { candidates: 1, pairsFloor: 1 };

describe('the first stage’s choice of acts (h-acts3)', () => {
  it('by the prior alone (matchesExp 0) takes the much-cited act’s unit', async () => {
    Object.assign(PROVISION_LIMITS, { ...one, matchesExp: 0 });
    expect((await rank(q)).map((r) => r.documentId)).toEqual(['SB-2012-90']);
  });

  it('with the matching units counted (the default), takes the act more of whose units hold the words', async () => {
    Object.assign(PROVISION_LIMITS, one);
    expect((await rank(q)).map((r) => r.documentId)).toEqual(['SB-1990-565']);
  });
});
