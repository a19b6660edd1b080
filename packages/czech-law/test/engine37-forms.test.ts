import { parseInstruction } from '../src/amendments/instruction';
import { applyAmendment } from '../src/consolidation/apply';
import { splitUnits } from '../src/consolidation/units';
import { lines, pt } from './fixtures/forms';

// A footnote mark set to the words a point changes, a heading above one of the new §§ an insertion
// names, the same words added at the end of units in several places (session of 2026-12-03 night, #36, h-engine37), on tiny texts written the way legalize-cz
// writes them.

const units = (text: string): Record<string, string> => Object.fromEntries(splitUnits(text).map((u) => [u.id, u.text.trim()]));

describe('a footnote mark stays set to the word before it', () => {
  it('words repealed before the mark (zákon č. 79/2015 Sb. on zákon č. 231/2001 Sb.)', () => {
    const text = lines(
      '# Zákon',
      '##### § 3',
      '(4) Nelze ji považovat za usazenou v jiném členském státě Evropské unie nebo ve státě^4b), tento zákon se na ni vztahuje.',
    );
    const r = applyAmendment(text, [pt('1', 'V § 3 odst. 4 se slova „nebo ve státě“ zrušují.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(units(r.text).par_3).toContain('Evropské unie^4b), tento zákon');
  });

  it('a word repealed before the mark (zákon č. 318/2015 Sb. on zákon č. 328/1999 Sb.)', () => {
    const text = lines('# Zákon', '##### § 2', '(5) Lze jej vydat také občanovi po nabytí státního občanství udělením^2).');
    const r = applyAmendment(text, [pt('1', 'V § 2 odst. 5 se slovo „udělením“ zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(units(r.text).par_2).toContain('státního občanství^2).');
  });

  it('words inserted after the word the mark is set to (zákon č. 155/2009 Sb. on zákon č. 143/2001 Sb.)', () => {
    const text = lines('# Zákon', '##### § 14', '(6) U bank^11) se čistým obratem rozumí součet výnosů.');
    const r = applyAmendment(text, [
      pt('1', 'V § 14 odst. 6 se za slova „U bank“ vkládají slova „a úvěrových a jiných finančních institucí, s výjimkou pojišťoven,“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(units(r.text).par_14).toContain('(6) U bank a úvěrových a jiných finančních institucí, s výjimkou pojišťoven,^11) se čistým');
  });

  it('a word inserted after the word the mark is set to (zákon č. 83/2025 Sb. on zákon č. 263/2016 Sb.)', () => {
    const text = lines('# Zákon', '##### § 156', '(2) Provozovat koncové prvky varování^20), ověřovat cvičením.');
    const r = applyAmendment(text, [pt('1', 'V § 156 odst. 2 se za slovo „varování“ vkládají slova „s hlasovým modulem“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(units(r.text).par_156).toContain('varování s hlasovým modulem^20), ověřovat');
  });
});

describe('"včetně nadpisu nad § N" of a § the insertion puts in', () => {
  it('"Za § 2 se vkládá nový § 2a, který včetně nadpisu nad označením § 2a zní:" (vyhláška č. 325/2019 Sb. on vyhláška č. 346/2013 Sb.)', () => {
    const text = lines('# Vyhláška', '##### § 2', 'Text.', '##### § 3', 'Další.');
    const r = applyAmendment(text, [
      pt(
        '1',
        'Za § 2 se vkládá nový § 2a, který včetně nadpisu nad označením § 2a zní:\n\n#### „Výkazy banky na individuálním základě\n\n##### § 2a\n\nBanka sestavuje výkaz.“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain(
      lines('Text.', '#### Výkazy banky na individuálním základě', '##### § 2a', 'Banka sestavuje výkaz.', '##### § 3'),
    );
  });

  it('"…, které včetně nadpisu nad § 15e znějí:" puts the heading above the second new § (zákon č. 219/2009 Sb. on zákon č. 85/1996 Sb.)', () => {
    const text = lines('# Zákon', '##### § 15c', 'Škoda.', '##### § 16', 'Další.');
    const r = applyAmendment(text, [
      pt(
        '1',
        'Za § 15c se vkládají nové § 15d až 15f, které včetně nadpisu nad § 15e znějí:\n\n##### „§ 15d\n\nPřechod.\n\n#### Trvalá spolupráce mezi advokáty\n\n##### § 15e\n\nSmlouva.\n\n##### § 15f\n\nObsah.“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain(
      lines('Přechod.', '#### Trvalá spolupráce mezi advokáty', '##### § 15e', 'Smlouva.', '##### § 15f', 'Obsah.', '##### § 16'),
    );
  });

  it('is refused where the new text sets no heading above that §', () => {
    const p = parseInstruction(pt('1', 'Za § 2 se vkládá nový § 2a, který včetně nadpisu nad § 2a zní:\n\n##### „§ 2a\n\nText.“.'));
    expect(p.operations).toEqual([]);
    expect(p.unsupported.length).toBeGreaterThan(0);
  });
});

describe('the same words added "na konci" of units in several places, each with its own "na konci"', () => {
  it('"V § 29 odst. 1 na konci textu písmene e) a v § 39 odst. 1 na konci textu písmene h) se doplňují slova" (zákon č. 484/2008 Sb. on zákon č. 119/2002 Sb.)', () => {
    const text = lines(
      '# Zákon',
      '##### § 29',
      '(1) Držitel je povinen',
      '- e) předložit zbraň ke kontrole,',
      '- f) oznámit ztrátu.',
      '##### § 39',
      '(1) Držitel je povinen',
      '- h) předložit zbraň ke kontrole,',
      '- i) oznámit ztrátu.',
    );
    const r = applyAmendment(text, [
      pt(
        '1',
        'V § 29 odst. 1 na konci textu písmene e) a v § 39 odst. 1 na konci textu písmene h) se doplňují slova „, v případech hodných zvláštního zřetele lze dohodnout místo pro provedení kontroly“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    const u = units(r.text);
    expect(u.par_29).toContain(
      '- e) předložit zbraň ke kontrole, v případech hodných zvláštního zřetele lze dohodnout místo pro provedení kontroly,',
    );
    expect(u.par_39).toContain(
      '- h) předložit zbraň ke kontrole, v případech hodných zvláštního zřetele lze dohodnout místo pro provedení kontroly,',
    );
    expect(u.par_29).toContain('- f) oznámit ztrátu.');
  });

  it('three places joined by a comma and "a" (zákon č. 137/2011 Sb.)', () => {
    const p = parseInstruction(
      pt(
        '1',
        'V § 92 odst. 1 na konci písmene v), v § 93 odst. 1 na konci písmene v) a v § 93 odst. 6 na konci písmene b) se doplňuje slovo „nebo“.',
      ),
    );
    expect(p.unsupported).toEqual([]);
    expect(p.operations.map((o) => [o.kind, o.targets.map((t) => t.id), o.new])).toEqual([
      ['append_words', ['par_92/odst_1/pism_v'], 'nebo'],
      ['append_words', ['par_93/odst_1/pism_v'], 'nebo'],
      ['append_words', ['par_93/odst_6/pism_b'], 'nebo'],
    ]);
  });

  it('a later place inside the § of the first (vyhláška č. 370/2010 Sb.): "a v odst. 2 na konci textu písmen g) až i)"', () => {
    const p = parseInstruction(
      pt('1', 'V § 44 odst. 1 na konci textu písmene f) a v odst. 2 na konci textu písmen g) až i) se doplňují slova „, v rozdělení“.'),
    );
    expect(p.unsupported).toEqual([]);
    expect(p.operations.map((o) => o.targets)).toEqual([
      [{ id: 'par_44/odst_1/pism_f' }],
      [{ id: 'par_44/odst_2/pism_g', through: 'par_44/odst_2/pism_i' }],
    ]);
  });
});
