import { parseInstruction } from '../src/amendments/instruction';
import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// Forms read first in the session of 2026-12-01 morning (#35 item 4, h-recall13), on tiny texts
// written the way legalize-cz writes them.

describe('a § number whose "§" the source lost ("V 31 odst. 2 se …", zákon č. 258/1994 Sb., bod 48)', () => {
  const targets = (text: string) => {
    const r = parseInstruction(text);
    expect(r.unsupported).toEqual([]);
    return r.effects.flatMap((e) => e.targets);
  };

  it('reads the number before an odstavec or písmeno as the §', () => {
    expect(targets('V 31 odst. 2 se slova „daňové povinnosti“ nahrazují slovy „daně“.')).toEqual(['par_31/odst_2']);
    expect(targets('V 56 odst. 1 písm. h) se slovo „nebo“ nahrazuje slovem „anebo“.')).toEqual(['par_56/odst_1/pism_h']);
    expect(targets('V 10 odstavec 2 zní:\n\n„(2) Lhůta činí 30 dnů.“.')).toEqual(['par_10/odst_2']);
    expect(targets('V 38a se doplňuje odstavec 9, který zní:\n\n„(9) Podrobnosti stanoví vyhláška.“.')).toEqual(['par_38a/odst_9']);
  });

  it('reads "V§ 45b" as "V § 45b" (zákon č. 315/2004 Sb., bod 1)', () => {
    expect(targets('V§ 45b odst. 2 se za slova „v ústavní výchově“ vkládají slova „nebo v zařízení“.')).toEqual(['par_45b/odst_2']);
    expect(targets('V§ 23 odst. 2, 3 a 4 se slovo „5a“ nahrazuje slovy „5b“.')).toEqual([
      'par_23/odst_2',
      'par_23/odst_3',
      'par_23/odst_4',
    ]);
  });

  it('is applied as the § (the engine finds the words in § 31 odst. 2)', () => {
    const text = lines('##### § 31', '(1) Poplatník.', '(2) Od daňové povinnosti se osvobozuje.', '##### § 32', 'Dále.');
    const r = applyAmendment(text, [pt('48', 'V 31 odst. 2 se slova „Od daňové povinnosti“ nahrazují slovy „Od daně“.')]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toBe(lines('##### § 31', '(1) Poplatník.', '(2) Od daně se osvobozuje.', '##### § 32', 'Dále.'));
  });

  it('leaves a number that is no § as it was ("V 1. části", "V bodu 3")', () => {
    expect(parseInstruction('V bodu 3 se slovo „a“ nahrazuje slovem „b“.').effects.flatMap((e) => e.targets)).not.toContain('par_3');
    expect(parseInstruction('V 2 se slovo „a“ nahrazuje slovem „b“.').effects.flatMap((e) => e.targets)).not.toContain('par_2');
  });
});
