import { testRecord } from '@dp/testing';
import { PROVISION_WEIGHTS } from '../../src/legal/search/provision-search';
import { rankingDatabase } from './ranking-database';

/**
 * #37: an act's further units weigh less in the results (PROVISION_WEIGHTS.actRepeat), so the
 * best § of the act ranked second is not pushed off the first page by the first act's many §§.
 */

// An act whose three §§ each hold all of the question's words.
const many = testRecord('sb/2001/1', {
  title: 'Zákon o nájmu bytů',
  text: [
    '# Zákon o nájmu bytů',
    '',
    ...[1, 2, 3].flatMap((n) => [`##### § ${n}`, '', `Nájemné z bytu je splatné měsíčně; nájemné z bytu platí nájemce bytu ${n}.`, '']),
  ].join('\n'),
  version: { text_is_current: true },
});
// An act whose one § holds fewer of them.
const one = testRecord('sb/2002/2', {
  title: 'Zákon o družstvech',
  text: ['# Zákon o družstvech', '', '##### § 1', '', 'Nájemné z bytu družstva určí členská schůze.', ''].join('\n'),
  version: { text_is_current: true },
});

const { rank } = rankingDatabase([many, one]);
const QUESTION = 'Kdy je splatné nájemné z bytu?';

describe('an act’s further units in the provision ranking', () => {
  it('places the other act’s best § before the first act’s further §§', async () => {
    const acts = async () => (await rank(QUESTION)).map((r) => r.documentId);
    // Without the factor the first act's units come first, all of them.
    expect(await acts()).toEqual(['SB-2001-1', 'SB-2001-1', 'SB-2001-1', 'SB-2002-2']);
    Object.assign(PROVISION_WEIGHTS, { actRepeat: 0.01 });
    expect(await acts()).toEqual(['SB-2001-1', 'SB-2002-2', 'SB-2001-1', 'SB-2001-1']);
  });

  it('keeps each act’s units in their order', async () => {
    const sections = async () => (await rank(QUESTION)).filter((r) => r.documentId === 'SB-2001-1').map((r) => r.sectionId);
    const before = await sections();
    Object.assign(PROVISION_WEIGHTS, { actRepeat: 0.01 });
    expect(await sections()).toEqual(before);
  });
});
