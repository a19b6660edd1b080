import { parseInstruction, wholeActRepealInstruction } from '../src/amendments/instruction';
import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// "Předpis se zrušuje s výjimkou …": a partial repeal, applied as such (#36, session of 2026-11-30
// early, h-engine12), on tiny texts written the way legalize-cz writes them.

describe('a whole act repealed with exceptions', () => {
  it('keeps the §§ of a range, the lettered ones between its ends too (zákon č. 513/1991 Sb. on zákon č. 42/1980 Sb.)', () => {
    const text = lines(
      '# Zákon',
      '##### § 12',
      'Dvanáct.',
      '##### § 13',
      'Třináct.',
      '##### § 13a',
      'Třináct a.',
      '##### § 14',
      'Čtrnáct.',
    );
    const r = applyAmendment(text, [pt(null, wholeActRepealInstruction('§ 13 až 14'))]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('# Zákon', '##### § 13', 'Třináct.', '##### § 13a', 'Třináct a.', '##### § 14', 'Čtrnáct.'));
    expect(r.changed).toEqual(['par_12']);
  });

  it('keeps an excepted část whole, and the containers that hold a kept § (vyhláška č. 149/1988 Sb. on vyhláška č. 128/1975 Sb.)', () => {
    const text = lines(
      '# Vyhláška',
      '## ČÁST PRVNÍ',
      '#### DÁVKY',
      '##### § 1',
      'Jedna.',
      '## ČÁST ČTVRTÁ',
      '#### SOCIÁLNÍ PÉČE',
      '##### § 131',
      'Sto třicet jedna.',
      '##### § 132',
      'Sto třicet dva.',
      '## ČÁST PÁTÁ',
      '#### ÚHRADA NÁKLADŮ',
      '##### § 145a',
      'Sto čtyřicet pět a.',
      '## ČÁST ŠESTÁ',
      '#### ZÁVĚREČNÁ USTANOVENÍ',
      '##### § 150',
      'Účinnost.',
      'Příloha č. 1',
      'Tabulka jedna.',
      'Příloha č. 2',
      'Tabulka dvě.',
    );
    const r = applyAmendment(text, [pt(null, 'Předpis se zrušuje s výjimkou § 132, části páté a přílohy č. 2.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(
      lines(
        '# Vyhláška',
        '## ČÁST ČTVRTÁ',
        '#### SOCIÁLNÍ PÉČE',
        '##### § 132',
        'Sto třicet dva.',
        '## ČÁST PÁTÁ',
        '#### ÚHRADA NÁKLADŮ',
        '##### § 145a',
        'Sto čtyřicet pět a.',
        'Příloha č. 2',
        'Tabulka dvě.',
      ),
    );
  });

  it('keeps a part of a § with the way down to it (zákon č. 513/1991 Sb., "§ 17 odst. 2 písm. c)", on zákon č. 42/1980 Sb.)', () => {
    const text = lines(
      '# Zákon',
      '##### § 16',
      'Šestnáct.',
      '##### § 17',
      '(1) K službám patří doprava.',
      '(2) K službám patří též',
      '- a) zprostředkování,',
      '- b) vystavování dokumentů,',
      '- c) prodej zboží za devizové prostředky.',
      '(3) Říčně námořní dopravou se rozumí doprava po moři.',
    );
    const r = applyAmendment(text, [pt(null, wholeActRepealInstruction('§ 17 odst. 2 písm. c)'))]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('# Zákon', '##### § 17', '(2) K službám patří též', '- c) prodej zboží za devizové prostředky.'));
  });

  it('drops a footnote no unit left marks, and keeps one a kept unit marks (zákon č. 455/1991 Sb. on zákon č. 105/1990 Sb.)', () => {
    const text = lines(
      '# Zákon',
      '##### § 12',
      'Dvanáct.^1)',
      '##### § 12a',
      'Rolník.^9a)',
      '^1) Hospodářský zákoník.',
      '^9a) Zákon o obcích.',
    );
    const r = applyAmendment(text, [pt(null, 'Předpis se zrušuje s výjimkou § 12a.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('# Zákon', '##### § 12a', 'Rolník.^9a)', '^9a) Zákon o obcích.'));
  });

  it("keeps the act's closing signatures after the last unit kept (zákon č. 455/1991 Sb. on zákon č. 105/1990 Sb.)", () => {
    const text = lines('# Zákon', '##### § 12e', 'Rolník.', '##### § 35', 'Účinnost.', '**Havel v. r.**', '**Čalfa v. r.**');
    const r = applyAmendment(text, [pt(null, 'Předpis se zrušuje s výjimkou § 12e.')]);
    expect(r.text).toBe(lines('# Zákon', '##### § 12e', 'Rolník.', '**Havel v. r.**', '**Čalfa v. r.**'));
  });

  it('is refused when a unit it keeps is not in the text', () => {
    const text = lines('# Zákon', '##### § 1', 'Jedna.', '##### § 2', 'Dva.');
    const r = applyAmendment(text, [pt(null, 'Předpis se zrušuje s výjimkou § 18 a 19.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'target_not_found' });
    expect(r.text).toBe(text);
  });

  it("is applied whole or not at all: the kept units' words it cannot find refuse it (zákon č. 56/1991 Sb. on zákon č. 32/1989 Sb.)", () => {
    const text = lines('# Zákon', '##### § 7', 'Sedm.', '##### § 8', '(1) Poslanec ztrácí mandát.', '##### § 9', 'Mandát zanikne.');
    const point = wholeActRepealInstruction(
      'ustanovení § 8 a 9, přičemž se v těchto ustanoveních vždy vypouštějí slova „socialistická organizace“',
    );
    const r = applyAmendment(text, [pt(null, point)]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'text_not_found' });
    expect(r.text).toBe(text);
  });

  it('still refuses a whole act repealed without exceptions, and keeps the effects as the reader stores them', () => {
    const text = lines('# Zákon', '##### § 1', 'Jedna.');
    expect(applyAmendment(text, [pt(null, 'Předpis se zrušuje.')]).points[0]).toMatchObject({
      status: 'not_applied',
      reason: 'unsupported_form',
    });
    const parsed = parseInstruction('Předpis se zrušuje s výjimkou § 132 až 134 a přílohy č. 2.');
    expect(parsed.unsupported).toEqual([]);
    expect(parsed.operations).toMatchObject([{ kind: 'repeal', targets: [{ id: '*whole' }] }]);
    expect(parsed.operations[0].except).toEqual(expect.arrayContaining(['par_132..par_134', 'par_133', 'priloha_2']));
    expect(parsed.effects).toEqual([
      {
        kind: 'repeal',
        targets: ['*whole', '!par_132', '!par_133', '!par_134', '!priloha_2'],
        text: 'Předpis se zrušuje s výjimkou § 132 až 134 a přílohy č. 2.',
        form: 'whole act repealed',
      },
    ]);
  });
});
