import { createTestDatabase, testRecord, type TestDatabase } from '@dp/testing';
import { AMENDING_PART, PROVISION_WEIGHTS, rankProvisions, termsFor } from '../../src/legal/search/provision-search';
import { SEARCH_SETTINGS } from '../../src/legal/search/search';

/**
 * #37 (h-acts): an omnibus act is titled by its own subject ("o stabilizaci veřejných rozpočtů"), not
 * as an amending act, yet most of its parts change other acts: "ČÁST PRVNÍ › Změna zákona o dani
 * z nemovitých věcí", with the amended act's new wording quoted under its own § headings. Those
 * units repeat the words of the act they amend and outranked it; a unit inside such a part weighs
 * PROVISION_WEIGHTS.inAmendment.
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
  text: [
    '# Zákon o stabilizaci veřejných rozpočtů',
    '',
    '## ČÁST PRVNÍ',
    '',
    '#### Změna zákona o dani z nemovitých věcí',
    '',
    '##### Čl. I',
    '',
    'Zákon o dani z nemovitých věcí se mění takto: § 6 zní:',
    '',
    '##### „§ 6',
    '',
    '#### Sazba daně z pozemků',
    '',
    Array.from({ length: 6 }, () => 'Sazba daně z pozemků činí 1 %; sazba daně z pozemků se zvyšuje koeficientem obce.').join(' ') + '“.',
    '',
    '## ČÁST DRUHÁ',
    '',
    '#### Stabilizace rozpočtů',
    '',
    '##### Čl. II',
    '',
    'Vláda předkládá rozpočet.',
    '',
  ].join('\n'),
  version: { text_is_current: true },
});

let db: TestDatabase;
const saved = { ...PROVISION_WEIGHTS };
beforeAll(async () => {
  db = await createTestDatabase({ records: [taxAct, omnibus] });
});
afterEach(() => {
  Object.assign(PROVISION_WEIGHTS, saved);
});
afterAll(() => db.destroy());

const rank = (q: string) =>
  db.withReadOnlySettings(SEARCH_SETTINGS, (s) => rankProvisions(db, s, termsFor(q, 'fulltext'), {}, new Date('2026-01-01T00:00:00Z')));

describe('a unit inside a part amending another act', () => {
  it('ranks the act that holds the provision above the omnibus act’s part amending it', async () => {
    const q = 'Jaká je sazba daně z pozemků?';
    expect((await rank(q)).map((r) => `${r.documentId} ${r.sectionId}`)).toEqual(['SB-1992-338 par_6', 'SB-2007-261 cl_1']);
    // Without the part's factor, the amendment's repeated words win.
    Object.assign(PROVISION_WEIGHTS, { inAmendment: 1 });
    expect((await rank(q))[0].documentId).toBe('SB-2007-261');
  });

  it('reads an amending part from its heading naming an act, not every heading that says "změna"', () => {
    const part = new RegExp(AMENDING_PART, 'u');
    for (const context of [
      'Změna zákona o daních z příjmů',
      'ČÁST DRUHÁ › Změna občanského soudního řádu',
      'ZMĚNA A DOPLNĚNÍ SOUVISEJÍCÍCH ZÁKONŮ',
      'Změna zákona č. 334/1992 Sb., o ochraně zemědělského půdního fondu',
      'Změna nařízení vlády o minimální mzdě',
    ]) {
      expect({ context, amending: part.test(context) }).toEqual({ context, amending: true });
    }
    for (const context of [
      'ZÁVAZKOVÉ PRÁVO › OBECNÁ USTANOVENÍ › Změny v obsahu závazků',
      'Změna pracovního poměru',
      'PRACOVNÍ POMĚR › Změna v osobě zaměstnavatele',
      'Dohoda o změně zákona',
    ]) {
      expect({ context, amending: part.test(context) }).toEqual({ context, amending: false });
    }
  });
});
