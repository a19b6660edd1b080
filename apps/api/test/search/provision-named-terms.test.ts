import { testRecord } from '@dp/testing';
import { PROVISION_LIMITS } from '../../src/legal/search/provision-search';
import { act, rankingDatabase } from './ranking-database';

/**
 * #37: where the first stage keeps only the units holding two of the query's rarer terms (the
 * pairs' rule), a unit naming one of them in its own heading, or a unit of an act whose title names
 * it, is a candidate too (`namedShare`, `namedIn`): such a § may hold no second word of the question.
 */

// Units holding two of the question's words ("pes", "očkování"): the pairs' matches.
const pairs = act(
  'sb/2094/1',
  'Vyhláška o zvířatech',
  Array.from({ length: 6 }, (_, i) => `Každý pes musí mít očkování ${i + 1}.`),
);
// A § headed by the rarer word, its text holding none of the question's words.
const headed = testRecord('sb/2094/2', {
  title: 'Zákon o veterinární péči',
  text: '# Zákon o veterinární péči\n\n##### § 1\n\n#### Vzteklina\n\nOpatření vyhlásí krajská veterinární správa.\n\n##### § 2\n\nSpráva vede evidenci.\n',
  version: { text_is_current: true },
});
// An act whose title names the rarer word, its § holding none of the question's words.
const titled = act('sb/2094/3', 'Zákon o tlumení vztekliny', ['Krajský úřad vydá nařízení.']);
// The rarer word in a text only, with no second word of the question.
const inText = act('sb/2094/4', 'Vyhláška o lesích', ['Lesník hlásí výskyt vztekliny.']);
const filler = act(
  'sb/2094/5',
  'Zákon o jiných věcech',
  Array.from({ length: 40 }, (_, i) => `Jiná věc číslo ${i + 1} se řídí tímto zákonem.`),
);

const ranking = rankingDatabase([pairs, headed, titled, inText, filler]);
const { rank } = ranking;
beforeAll(async () => {
  await ranking.db.exec('ANALYZE "search_provision"');
});

const q = 'vzteklina pes očkování';
const units = async () => (await rank(q)).map((r) => `${r.documentId} ${r.provisionId}`).sort();

describe('the units naming a rarer term in a heading or title (namedShare)', () => {
  it('are candidates beside the pairs’ matches; a unit holding it in its text only is not', async () => {
    Object.assign(PROVISION_LIMITS, { pairsFloor: 1, namedShare: 1, namedIn: 'AB' });
    const ranked = await units();
    expect(ranked).toContain(`${headed.id} par_1`);
    expect(ranked).toContain(`${titled.id} par_1`);
    expect(ranked).not.toContain(`${headed.id} par_2`);
    expect(ranked).not.toContain(`${inText.id} par_1`);
    expect(ranked.filter((u) => u.startsWith(pairs.id))).toHaveLength(6);
  });

  it('not when the term is commoner than namedShare, nor in a weight left out (namedIn: A, the default)', async () => {
    Object.assign(PROVISION_LIMITS, { pairsFloor: 1, namedShare: 1e-9, namedIn: 'AB' });
    expect((await units()).every((u) => u.startsWith(pairs.id))).toBe(true);
    Object.assign(PROVISION_LIMITS, { pairsFloor: 1, namedShare: 1, namedIn: 'A' });
    const ranked = await units();
    expect(ranked).toContain(`${headed.id} par_1`);
    expect(ranked).not.toContain(`${titled.id} par_1`);
  });

  it('are candidates by the fallback anyway when too few units hold two terms', async () => {
    Object.assign(PROVISION_LIMITS, { pairsFloor: 100, namedShare: 1 });
    expect(await units()).toContain(`${inText.id} par_1`);
  });
});
