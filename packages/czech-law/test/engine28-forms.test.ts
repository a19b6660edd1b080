import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// Forms applied first in the session of 2026-12-01 late morning (#36, h-engine28), on tiny texts
// written the way legalize-cz writes them.

// Unread (its "nebo slovo" pairs): it holds back every unit with its words (zákon č. 509/1991 Sb., bod 7).
const EVERYWHERE =
  'Ve všech ustanoveních občanského zákoníku včetně nadpisů se slovo „občan“ nahrazuje slovy „fyzická osoba“ a slova „socialistická organizace“ nebo slovo „organizace“ slovy „právnická osoba“.';

const CODE = lines(
  '# Zákon',
  '##### § 1',
  'Občanské právo upravuje vztahy, jejichž účastníkem je občan.',
  '##### § 2',
  'Každý občan má práva a povinnosti.',
  '## ČÁST OSMÁ',
  '#### ZÁVAZKY',
  '##### § 488',
  'Organizace a občan plní závazky.',
  '##### § 489',
  'Závazek občan splní včas.',
);

describe('a unit given a new wording whole after an unread change of words throughout the text', () => {
  it('"§ 2 zní:" after the unread change is applied; § 1, which keeps the words, stays held back', () => {
    const r = applyAmendment(CODE, [pt('7', EVERYWHERE), pt('8', '§ 2 zní:\n\n##### „§ 2\n\nFyzická osoba má práva a povinnosti.“.')]);
    expect(r.points.map((p) => [p.number, p.status])).toEqual([
      ['7', 'not_applied'],
      ['8', 'applied'],
    ]);
    expect(r.text).toContain('##### § 2\n\nFyzická osoba má práva a povinnosti.\n');
    expect(r.text).toContain('je občan.');
  });

  it('"Část osmá včetně nadpisu zní:" (zákon č. 509/1991 Sb., body 7 and 109, on zákon č. 40/1964 Sb.)', () => {
    const r = applyAmendment(CODE, [
      pt('7', EVERYWHERE),
      pt(
        '109',
        'Část osmá včetně nadpisu zní:\n\n## „ČÁST OSMÁ\n\n#### ZÁVAZKOVÉ PRÁVO\n\n##### § 488\n\nZávazkovým vztahem je právní vztah.\n\n##### § 489\n\nZávazky vznikají z právních úkonů.“.',
      ),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['not_applied', 'applied']);
    expect(r.text).toContain('##### § 488\n\nZávazkovým vztahem je právní vztah.');
    expect(r.text).not.toContain('Organizace a občan');
  });

  it('a point on part of such a unit stays held back (what the unread change makes of the rest is unknown)', () => {
    const r = applyAmendment(CODE, [pt('7', EVERYWHERE), pt('8', 'V § 2 se slova „a povinnosti“ zrušují.')]);
    expect(r.points[1]).toMatchObject({ status: 'not_applied', reason: 'blocked' });
  });

  it('the unread change after the new wording still holds it back (it would change the new text too)', () => {
    const r = applyAmendment(CODE, [pt('1', '§ 2 zní:\n\n##### „§ 2\n\nKaždý občan má práva.“.'), pt('2', EVERYWHERE)]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'blocked' });
  });
});

describe('a new container whose closing quotation mark the source lost', () => {
  it('"Za § 852 se připojuje část devátá, která včetně nadpisů zní:" holds §§, not a label only (zákon č. 509/1991 Sb., bod 110, on zákon č. 40/1964 Sb.)', () => {
    const text = lines('# Zákon', '## ČÁST OSMÁ', '#### ZÁVAZKY', '##### § 852', 'Závazky zanikají.');
    const point =
      'Za § 852 se připojuje část devátá, která včetně nadpisů zní:\n\n## „ČÁST DEVÁTÁ\n\n#### ZÁVĚREČNÁ USTANOVENÍ\n\n##### § 853\n\nPojem „organizace“ zahrnuje i družstva.\n\n##### § 854\n\nZákon nabývá účinnosti dnem vyhlášení.';
    const r = applyAmendment(text, [pt('110', point)]);
    expect(r.points.map((p) => [p.status, p.detail])).toEqual([['applied', undefined]]);
    expect(r.text).toContain('Závazky zanikají.\n\n## ČÁST DEVÁTÁ\n\n#### ZÁVĚREČNÁ USTANOVENÍ\n\n##### § 853');
    expect(r.text).toContain('##### § 854\n\nZákon nabývá účinnosti dnem vyhlášení.\n');
  });
});
