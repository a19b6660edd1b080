import { actText, partHeading, testRecord } from '@dp/testing';
import { PROVISION_WEIGHTS, unitFactor } from '../../src/legal/search/provision-search';
import { rankingDatabase } from './ranking-database';

/**
 * #37 (h-quest6): inside an act, the § that answers is the one whose nearest heading is about the
 * question's words (PROVISION_WEIGHTS.headingMatch), and the act's periphery — transitional,
 * final, enabling provisions, definitions, offences (@dp/czech-law PERIPHERAL_HEADING, its cases in
 * titles.test.ts) — weighs less where its heading holds none of them (PROVISION_WEIGHTS.peripheral).
 */

const fruit = testRecord('sb/2077/5', {
  title: 'Zákon o prodeji ovoce',
  text: [
    actText(
      'Zákon o prodeji ovoce',
      [
        { label: '§ 1', heading: 'Lhůta pro reklamaci ovoce', body: ['Kupující může reklamovat ovoce do tří dnů od koupě.'] },
        {
          label: '§ 2',
          heading: 'Lhůta a povinnosti prodávajícího při reklamaci ovoce a zeleniny v tržnici',
          body: [
            'Prodávající vyřídí reklamaci ovoce bez odkladu. O reklamaci ovoce vydá potvrzení; lhůta k vyřízení reklamace ovoce je tři dny, lhůta k reklamaci ovoce neběží po dobu prohlídky.',
          ],
        },
        { label: '§ 3', body: ['Prodávající označí ovoce v tržnici cenou za kilogram.'] },
      ],
      { part: 1, partTitle: 'Prodej ovoce' },
    ),
    partHeading(2),
    '',
    '#### PŘECHODNÁ USTANOVENÍ',
    '',
    '##### § 9',
    '',
    'Prodávající, který označil ovoce v tržnici cenou přede dnem nabytí účinnosti tohoto zákona, označí ovoce cenou za kilogram do 30 dnů; ovoce v tržnici označené cenou za kus se cenou za kilogram označí při dalším prodeji ovoce.',
    '',
  ].join('\n'),
  version: { text_is_current: true },
});

const ranking = rankingDatabase([fruit]);
const { rank } = ranking;
const sections = async (q: string) => (await rank(q)).map((r) => r.sectionId);

describe('the answering § inside its act: its nearest heading and the act’s periphery', () => {
  it('ranks the § whose heading is about the question above the longer one repeating its words', async () => {
    const q = 'Jaká je lhůta pro reklamaci ovoce?';
    expect((await sections(q))[0]).toBe('par_1');
    Object.assign(PROVISION_WEIGHTS, { headingMatch: 0 });
    expect((await sections(q))[0]).toBe('par_2');
  });

  it('keeps the act’s best score (headingWithinAct): the factors only reorder its units', async () => {
    const q = 'Jaká je lhůta pro reklamaci ovoce?';
    const within = await rank(q);
    Object.assign(PROVISION_WEIGHTS, { headingMatch: 0, peripheral: 1 });
    const plain = await rank(q);
    expect([within[0].sectionId, plain[0].sectionId]).toEqual(['par_1', 'par_2']);
    expect(within[0].score).toBeCloseTo(plain[0].score, 10);
    Object.assign(PROVISION_WEIGHTS, { headingMatch: 1, peripheral: 0.3, headingWithinAct: 0 });
    expect((await rank(q))[0].score).toBeGreaterThan(plain[0].score * 1.5);
  });

  it('ranks a transitional provision below the rule it keeps in force', async () => {
    const q = 'Musí prodávající označit ovoce v tržnici cenou za kilogram?';
    Object.assign(PROVISION_WEIGHTS, { headingMatch: 0 });
    expect((await sections(q))[0]).toBe('par_3');
    Object.assign(PROVISION_WEIGHTS, { peripheral: 1 });
    expect((await sections(q))[0]).toBe('par_9');
  });

  it('weighs a unit by its nearest heading’s share of the query’s terms, the periphery only where it is nil', () => {
    Object.assign(PROVISION_WEIGHTS, { headingMatch: 1, peripheral: 0.5 });
    const terms = new Set(['pokuta', 'dan', 'pozde']);
    // Own heading: two of its four keys (pokuta, opozdeny, tvrdit, dan) are the query's.
    expect(unitFactor('Pokuta za opožděné tvrzení daně', 'POKUTY A PENÁLE', terms)).toBeCloseTo(1.5);
    // No own heading: the last ancestor's; "Pokuty" holds the query's word, so no periphery factor.
    expect(unitFactor(null, 'NÁSLEDKY PORUŠENÍ POVINNOSTÍ › Pokuty', terms)).toBeCloseTo(2);
    // A transitional § whose heading holds none of them.
    expect(unitFactor(null, 'ČÁST TŘETÍ › PŘECHODNÁ A ZÁVĚREČNÁ USTANOVENÍ', terms)).toBeCloseTo(0.5);
    expect(unitFactor('Sazba daně', 'DAŇ Z POZEMKŮ', new Set(['sazba', 'dan']))).toBeCloseTo(2);
    expect(unitFactor('Registr', 'Úvodní ustanovení', new Set(['sazba']))).toBeCloseTo(0.5);
    expect(unitFactor(null, '', terms)).toBe(1);
    Object.assign(PROVISION_WEIGHTS, { headingMatch: 0, peripheral: 1 });
    expect(unitFactor('Pokuta za opožděné tvrzení daně', 'Přestupky', terms)).toBe(1);
  });
});
