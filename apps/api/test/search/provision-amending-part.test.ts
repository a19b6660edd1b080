import { omnibusActText, testRecord } from '@dp/testing';
import { PROVISION_WEIGHTS } from '../../src/legal/search/provision-search';
import { rankingDatabase } from './ranking-database';

/**
 * #37 (h-acts): an omnibus act is titled by its own subject ("o stabilizaci veřejných rozpočtů"), not
 * as an amending act, yet most of its parts change other acts: "ČÁST PRVNÍ › Změna zákona o dani
 * z nemovitých věcí", with the amended act's new wording quoted under its own § headings. Those
 * units repeat the words of the act they amend and outranked it; a unit inside such a part weighs
 * PROVISION_WEIGHTS.inAmendment. Which units those are is stored with them by the index writer
 * (`in_amendment`, h-acts2; @dp/czech-law AMENDING_PART, whose cases are in its titles.test.ts).
 */

const taxAct = testRecord('sb/1992/338', {
  title: 'Zákon o dani z nemovitých věcí',
  text: ['# Zákon o dani z nemovitých věcí', '', '##### § 6', '', '#### Sazba daně', '', 'Činí 1 % ze základu daně z pozemků.', ''].join(
    '\n',
  ),
  version: { text_is_current: true },
});

const omnibus = testRecord('sb/2007/261', {
  title: 'Zákon o stabilizaci veřejných rozpočtů',
  text: omnibusActText(
    Array.from({ length: 6 }, () => 'Sazba daně z pozemků činí 1 %; sazba daně z pozemků se zvyšuje koeficientem obce.').join(' '),
  ),
  version: { text_is_current: true },
});

const ranking = rankingDatabase([taxAct, omnibus]);
const { rank } = ranking;

describe('a unit inside a part amending another act', () => {
  it('ranks the act that holds the provision above the omnibus act’s part amending it', async () => {
    const q = 'Jaká je sazba daně z pozemků?';
    expect((await rank(q)).map((r) => `${r.documentId} ${r.sectionId}`)).toEqual(['SB-1992-338 par_6', 'SB-2007-261 cl_1']);
    // Without the part's factor (and the act's own headings, which also tell the acts apart), the
    // amendment's repeated words win.
    Object.assign(PROVISION_WEIGHTS, { inAmendment: 1, actDoc: 0 });
    expect((await rank(q))[0].documentId).toBe('SB-2007-261');
  });

  it('reads the flag the index stored, not the context', async () => {
    const q = 'Jaká je sazba daně z pozemků?';
    Object.assign(PROVISION_WEIGHTS, { actDoc: 0 });
    expect((await rank(q))[0].documentId).toBe('SB-1992-338');
    const flagged = await ranking.db.query<{ document_id: string; provision_id: string }>(
      `SELECT document_id, provision_id FROM "search_provision" WHERE in_amendment`,
    );
    expect(flagged.length).toBeGreaterThan(0);
    await ranking.db.exec(`UPDATE "search_provision" SET in_amendment = FALSE`);
    try {
      expect((await rank(q))[0].documentId).toBe('SB-2007-261');
    } finally {
      await ranking.db.query(
        `UPDATE "search_provision" SET in_amendment = TRUE WHERE (document_id, provision_id) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
        [flagged.map((f) => f.document_id), flagged.map((f) => f.provision_id)],
      );
    }
  });
});
