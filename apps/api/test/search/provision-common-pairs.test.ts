import { PROVISION_LIMITS, PROVISION_WEIGHTS } from '../../src/legal/search/provision-search';
import { act, rankingDatabase } from './ranking-database';

/**
 * #37 latency (h-speed7): the pairs of two common words match tens of thousands of units on the
 * whole collection, each read for its act. They are matched only in the acts whose bound of such
 * units (search_act_term) times their prior keeps them ahead; the pairs holding a rarer word match
 * in every act. A pair term counts as common for this from `boundedShare` of the units (h-speed10),
 * below the share at which a term stops selecting candidates.
 */

// Six §§ holding both common words, and five.
const six = act(
  'sb/2091/1',
  'Zákon o správě',
  Array.from({ length: 6 }, (_, i) => `Obec vybírá poplatek ${i + 1}.`),
);
const five = act(
  'sb/2091/2',
  'Zákon o správě daní',
  Array.from({ length: 5 }, (_, i) => `Poplatek obci hradí plátce ${i + 1}.`),
);
// One § holding a common word with the rare one.
const dog = act('sb/2091/3', 'Vyhláška o psech', ['Držitel psa oznámí obci jeho chov.']);
// Units without the question's words, so that these are common and "pes" is not.
const filler = act(
  'sb/2091/4',
  'Zákon o jiných věcech',
  Array.from({ length: 40 }, (_, i) => `Jiná věc číslo ${i + 1} se řídí tímto zákonem.`),
);

const ranking = rankingDatabase([six, five, dog, filler]);
const { rank } = ranking;
beforeAll(async () => {
  // The terms' shares (common or not) from the index's statistics, as after a sync.
  await ranking.db.exec('ANALYZE "search_provision"');
});

const q = 'poplatek obec pes';
const acts = async () => [...new Set((await rank(q)).map((r) => r.documentId))].sort();

describe('the first stage’s pairs of common words (h-speed7)', () => {
  it('matches them only in the acts whose bound keeps them ahead; a pair with a rarer word everywhere', async () => {
    // Candidates enough for every match (and the pairs always taken); the acts' bounds ahead of one cut at 5 units: the act of
    // six §§ (bound 6) only. In this small index "pes" is in 2 % of the units: common from 3 %.
    Object.assign(PROVISION_LIMITS, { candidates: 100, pairsFloor: 1, commonMargin: 0.05, boundedShare: 0.03 });
    expect(await acts()).toEqual([six.id, dog.id].sort());
  });

  it('with no margin (0), or a margin above every bound, in every act', async () => {
    Object.assign(PROVISION_LIMITS, { candidates: 100, pairsFloor: 1, commonMargin: 0, boundedShare: 0.03 });
    const every = [six.id, five.id, dog.id].sort();
    expect(await acts()).toEqual(every);
    Object.assign(PROVISION_LIMITS, { candidates: 100, pairsFloor: 1, commonMargin: 0.11, boundedShare: 0.03 });
    expect(await acts()).toEqual(every);
  });

  it('bounds the pairs of terms at least boundedShare common, though rarer than commonShare (h-speed10)', async () => {
    // No term is common by commonShare here; at a boundedShare under the words' shares their pair is bounded as above.
    const commonShare = PROVISION_WEIGHTS.commonShare;
    try {
      PROVISION_WEIGHTS.commonShare = 0.9;
      Object.assign(PROVISION_LIMITS, { candidates: 100, pairsFloor: 1, commonMargin: 0.05, boundedShare: 0.1 });
      expect(await acts()).toEqual([six.id, dog.id].sort());
      Object.assign(PROVISION_LIMITS, { boundedShare: 0.9 });
      expect(await acts()).toEqual([six.id, five.id, dog.id].sort());
    } finally {
      PROVISION_WEIGHTS.commonShare = commonShare;
    }
  });

  it('reads the kept acts’ units from their own index, not the primary key (h-speed17)', async () => {
    Object.assign(PROVISION_LIMITS, { candidates: 100, pairsFloor: 1, commonMargin: 0.05, boundedShare: 0.03 });
    const { sql, plan } = await ranking.rankingPlan(q);
    // The common pairs' arm: their acts', then their parts.
    expect(sql).toMatch(/p\.document_id = ANY\(\$\d+::text\[\]\) AND p\.vector @@ ANY/);
    // The acts' units, ANDed with the GIN scan's, from the index of the document ids alone.
    const at = plan.findIndex((line) => line.includes('Bitmap Index Scan on search_provision_document_idx'));
    expect(at).toBeGreaterThan(0);
    expect(plan[at + 1]).toMatch(/Index Cond: \(document_id = ANY/);
    expect(plan.some((line) => line.includes('on search_provision_pkey'))).toBe(false);
  });
});
