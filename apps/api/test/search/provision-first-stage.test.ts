import { testRecord } from '@dp/testing';
import { PROVISION_LIMITS } from '../../src/legal/search/provision-search';
import { SEARCH_SETTINGS } from '../../src/legal/search/search';
import { rankingDatabase } from './ranking-database';

/**
 * #37 latency: the provision ranking's first stage ranks the units holding two of the query's
 * terms when the index finds enough of them, not the first units in the table holding any one;
 * its second stage ranks term by term only the best candidates by a bound of their score.
 */

// Units that hold one word of the query each, written before the one that answers it.
const oneWord = Array.from({ length: 6 }, (_, i) =>
  testRecord(`sb/2080/${i + 1}`, {
    title: `Vyhláška o očkování ${i + 1}`,
    text: `# Vyhláška o očkování ${i + 1}\n\n##### § 1\n\nKaždý pes musí být očkován proti vzteklině.\n`,
    version: { text_is_current: true },
  }),
);
const answer = testRecord('sb/2080/99', {
  title: 'Zákon o místních poplatcích',
  text: '# Zákon o místních poplatcích\n\n##### § 2\n\n#### Poplatek ze psů\n\nPoplatek ze psů platí obci držitel psa.\n',
  version: { text_is_current: true },
});

const ranking = rankingDatabase([...oneWord, answer]);
const { rank } = ranking;

describe('the provision ranking’s first stages', () => {
  it('runs in a session that never JIT-compiles its plans (a plan over many matches costs past the threshold)', async () => {
    const [row] = await ranking.db.withReadOnlySettings(SEARCH_SETTINGS, (s) => s.query<{ jit: string }>('SHOW jit'));
    expect(row.jit).toBe('off');
  });

  it('takes the units holding two of the query’s terms when there are enough, however many hold one', async () => {
    // Fewer candidates than units holding one word: the first ones in the table would all be those.
    Object.assign(PROVISION_LIMITS, { candidates: 3, pairsFloor: 1 });
    const ranked = await rank('poplatek obci za psa');
    expect(ranked[0]).toMatchObject({ documentId: 'SB-2080-99', provisionId: 'par_2' });
  });

  it('falls back to the units holding any term when too few hold two', async () => {
    Object.assign(PROVISION_LIMITS, { pairsFloor: 100 });
    const ranked = await rank('pes vzteklina poplatek');
    expect(ranked.map((r) => r.documentId).sort()).toEqual([...oneWord.map((r) => r.id), answer.id].sort());
  });

  it('ranks term by term only the best candidates by the bound of their score, the same first ones', async () => {
    const all = await rank('poplatek ze psů obci držitel');
    Object.assign(PROVISION_LIMITS, { ranked: 2 });
    const best = await rank('poplatek ze psů obci držitel');
    expect(best).toHaveLength(2);
    // The same unit and score (its cover density summed in another order: the last digit may differ).
    expect(best[0]).toEqual({ ...all[0], score: expect.closeTo(all[0].score, 9) });
  });
});
