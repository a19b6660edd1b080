import { parseInstruction } from '../src/amendments/instruction';
import { applyAmendment } from '../src/consolidation/apply';
import { splitUnits } from '../src/consolidation/units';
import { lines, pt } from './fixtures/forms';

// Changes "na konci textu" of a numbered unit, and words added at the end of the texts of several
// units (session of 2026-12-03, #36, h-engine36), on tiny texts written the way legalize-cz writes them.

const units = (text: string): Record<string, string> => Object.fromEntries(splitUnits(text).map((u) => [u.id, u.text.trim()]));

describe('a change "na konci textu" of a numbered unit', () => {
  it('"na konci textu písmene d) slovo „nebo“ zrušuje" in two §§ (zákon č. 120/2025 Sb. on zákon č. 251/2005 Sb.)', () => {
    const text = lines(
      '# Zákon',
      '##### § 12',
      '(1) Fyzická osoba se dopustí přestupku tím, že',
      '- c) nezajistí rozsah práce,',
      '- d) poruší povinnosti stanovené v § 37 zákoníku práce, nebo',
      '- e) poruší povinnost stanovenou v § 77 zákoníku práce.',
      '##### § 25',
      '(1) Právnická osoba se dopustí přestupku tím, že',
      '- d) poruší povinnosti stanovené v § 37 zákoníku práce, nebo',
      '- e) poruší povinnost stanovenou v § 77 zákoníku práce.',
    );
    const r = applyAmendment(text, [pt('3', 'V § 12 odst. 1 a § 25 odst. 1 se na konci textu písmene d) slovo „nebo“ zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    const u = units(r.text);
    expect(u.par_12).toContain('- d) poruší povinnosti stanovené v § 37 zákoníku práce,\n');
    expect(u.par_25).toContain('- d) poruší povinnosti stanovené v § 37 zákoníku práce,\n');
    expect(r.text).not.toContain('práce, nebo');
  });

  it('"na konci textu písmene g) slovo „, nebo“ nahrazuje tečkou a písmeno h) se zrušuje" (zákon č. 261/2017 Sb. on zákon č. 49/1997 Sb.)', () => {
    const text = lines(
      '# Zákon',
      '##### § 92',
      '(2) Právnická osoba se dopustí přestupku tím, že',
      '- f) umístí stavbu v rozporu s § 41,',
      '- g) nesplní příkaz velitele letadla, nebo',
      '- h) provozuje vystoupení bez souhlasu.',
    );
    const r = applyAmendment(text, [
      pt('22', 'V § 92 odst. 2 se na konci textu písmene g) slovo „, nebo“ nahrazuje tečkou a písmeno h) se zrušuje.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(units(r.text).par_92).toBe(
      [
        '##### § 92',
        '(2) Právnická osoba se dopustí přestupku tím, že',
        '- f) umístí stavbu v rozporu s § 41,',
        '- g) nesplní příkaz velitele letadla.',
      ].join('\n\n'),
    );
  });

  it('"na konci textu písmene d) vypouští čárka a doplňují se slova „…“" stays unread (measured, not kept)', () => {
    const p = parseInstruction(
      pt('10', 'V § 5 odst. 3 se na konci textu písmene d) vypouští čárka a doplňují se slova „; v případě hnojiv,“.'),
    );
    expect(p.unsupported.length).toBeGreaterThan(0);
  });

  it('words replaced "na konci textu" of a bod (vyhláška č. 379/2025 Sb. on vyhláška č. 187/2009 Sb.) read as "na konci" of it', () => {
    const a = parseInstruction(pt('13', 'V § 4 odst. 2 písm. b) se na konci textu bodu 3 slova „a o klinické farmacii“ zrušují.'));
    const b = parseInstruction(pt('13', 'V § 4 odst. 2 písm. b) se na konci bodu 3 slova „a o klinické farmacii“ zrušují.'));
    expect(a.unsupported).toEqual([]);
    expect(a.operations.map(({ source: _s, ...o }) => o)).toEqual(b.operations.map(({ source: _s, ...o }) => o));
  });
});

describe('the same words added at the end of the texts of several units', () => {
  it('"na konci textu odstavce 4 a na konci textu odstavce 5 se doplňují slova" (vyhláška č. 323/2008 Sb. on vyhláška č. 2/2006 Sb.)', () => {
    const text = lines(
      '# Vyhláška',
      '##### § 11',
      '(4) Přihláška se podává do 15. března.',
      '(5) Zápis se koná do 1. června.',
      '(6) Jiný text.',
    );
    const r = applyAmendment(text, [
      pt(
        '6',
        'V § 11 se na konci textu odstavce 4 a na konci textu odstavce 5 doplňují slova „, nejpozději do dne, kdy se stane žákem školy“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(units(r.text).par_11).toBe(
      [
        '##### § 11',
        '(4) Přihláška se podává do 15. března, nejpozději do dne, kdy se stane žákem školy.',
        '(5) Zápis se koná do 1. června, nejpozději do dne, kdy se stane žákem školy.',
        '(6) Jiný text.',
      ].join('\n\n'),
    );
  });

  it('"na konci textu věty první a na konci textu věty druhé" (vyhláška č. 292/2023 Sb. on vyhláška č. 197/2004 Sb.)', () => {
    const text = lines('# Vyhláška', '##### § 9', '(2) Výjimku lze povolit k lovu ryb. Rybníkáři ji lze povolit pro praxi. Jiná věta.');
    const r = applyAmendment(text, [
      pt('18', 'V § 9 odst. 2 se na konci textu věty první a na konci textu věty druhé doplňují slova „nebo k regulaci“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(units(r.text).par_9).toBe(
      [
        '##### § 9',
        '(2) Výjimku lze povolit k lovu ryb nebo k regulaci. Rybníkáři ji lze povolit pro praxi nebo k regulaci. Jiná věta.',
      ].join('\n\n'),
    );
  });

  it('units of several places, each with its own location, are each read in its own place (h-engine37)', () => {
    const p = parseInstruction(
      pt('51', 'V § 44 odst. 1 na konci textu písmene f) a v odst. 2 na konci textu písmen g) až i) se doplňují slova „, v rozdělení“.'),
    );
    expect(p.unsupported).toEqual([]);
    expect(p.operations.map((o) => o.targets.map((t) => t.id))).toEqual([['par_44/odst_1/pism_f'], ['par_44/odst_2/pism_g']]);
  });
});
