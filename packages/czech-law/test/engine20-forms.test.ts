import { parseInstruction } from '../src/amendments/instruction';
import type { AmendmentPoint } from '../src/amendments/types';
import { applyAmendment } from '../src/consolidation/apply';

// Forms read first in the session of 2026-11-30 afternoon (#36, h-engine20), on tiny texts written
// the way legalize-cz writes them.

const pt = (number: string | null, text: string): AmendmentPoint => ({ number, text, start: 0, end: 0 });
const lines = (...ls: string[]): string => `${ls.join('\n\n')}\n`;

describe('"se na konci připojuje čárka a slovo „nebo“ a odstavec se doplňuje písmenem c)"', () => {
  // zákon č. 175/1990 Sb., bod 103, on zákon č. 140/1961 Sb. (§ 279 odst. 2); the source's text after
  // ends písmeno b) with ", nebo" where its full stop was.
  const point = pt(
    '103',
    'V § 279 odst. 2 se v ustanovení písmene a) vypouští slovo „nebo“, v ustanovení písmene b) se na konci připojuje čárka a slovo „nebo“ a odstavec se doplňuje písmenem c), které zní:\n\n- „c) spáchá-li takový čin se zbraní nebo nejméně se dvěma osobami.“.',
  );
  const text = lines(
    '##### § 279',
    '#### Násilí vůči nadřízenému',
    '(1) Kdo užije násilí.',
    '(2) Odnětím svobody bude pachatel potrestán,',
    '- a) pokusí-li se činem uvedeným v odstavci 1 způsobit těžkou újmu na zdraví, nebo',
    '- b) způsobí-li takovým činem těžkou újmu na zdraví.',
    '(3) Tři.',
  );

  it('reads the mark and the word as one addition and the bare "odstavec" as the odstavec above the písmeno', () => {
    expect(parseInstruction(point).operations).toMatchObject([
      { kind: 'replace_words', targets: [{ id: 'par_279/odst_2/pism_a' }], old: 'nebo', new: '' },
      { kind: 'append_words', targets: [{ id: 'par_279/odst_2/pism_b' }], new: ', nebo', position: 'end' },
      { kind: 'append', targets: [{ id: 'par_279/odst_2' }], newIds: ['par_279/odst_2/pism_c'] },
    ]);
  });

  it("puts the comma and the conjunction in the last písmeno's full stop's place", () => {
    const r = applyAmendment(text, [point]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toBe(
      lines(
        '##### § 279',
        '#### Násilí vůči nadřízenému',
        '(1) Kdo užije násilí.',
        '(2) Odnětím svobody bude pachatel potrestán,',
        '- a) pokusí-li se činem uvedeným v odstavci 1 způsobit těžkou újmu na zdraví,',
        '- b) způsobí-li takovým činem těžkou újmu na zdraví, nebo',
        '- c) spáchá-li takový čin se zbraní nebo nejméně se dvěma osobami.',
        '(3) Tři.',
      ),
    );
  });

  it('keeps the full stop of an abbreviation that ends the písmeno', () => {
    const r = applyAmendment(lines('##### § 2', '(1) Kdo', '- a) A,', '- b) podle zákona č. 1/1990 Sb.'), [
      pt('1', 'V § 2 odst. 1 písm. b) se na konci připojuje čárka a slovo „nebo“.'),
    ]);
    expect(r.points[0].status).toBe('applied');
    expect(r.text).toBe(lines('##### § 2', '(1) Kdo', '- a) A,', '- b) podle zákona č. 1/1990 Sb., nebo'));
  });

  it('leaves "odstavec" without a clause before it to the forms read before', () => {
    expect(parseInstruction('V § 5 odst. 1 se odstavec doplňuje písmenem c), které zní: „c) C.“.').unsupported.length).toBe(1);
  });
});

describe('"Za § 279 se vkládají nové § 279a a 279b, které včetně společného nadpisu znějí:"', () => {
  // zákon č. 175/1990 Sb., bod 104, on zákon č. 140/1961 Sb.: the source writes the shared heading
  // above § 279a, as the act prints it.
  const point = pt(
    '104',
    'Za § 279 se vkládají nové § 279a a 279b, které včetně společného nadpisu znějí:\n\n#### „Porušování práv vojáků\n\n##### § 279a\n\nKdo vojáka nutí.\n\n##### § 279b\n\nKdo podřízeného nutí.“.',
  );
  const text = lines('##### § 279', '#### Násilí', 'Kdo užije násilí.', '##### § 280', '#### Jiný', 'Text.');

  it('puts the §§ in with the heading line above the first', () => {
    const r = applyAmendment(text, [point]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['par_279a', 'par_279b'] });
    expect(r.text).toBe(
      lines(
        '##### § 279',
        '#### Násilí',
        'Kdo užije násilí.',
        '#### Porušování práv vojáků',
        '##### § 279a',
        'Kdo vojáka nutí.',
        '##### § 279b',
        'Kdo podřízeného nutí.',
        '##### § 280',
        '#### Jiný',
        'Text.',
      ),
    );
  });

  it('refuses it where the new text has no heading above its first §', () => {
    const r = parseInstruction(
      'Za § 279 se vkládají nové § 279a a 279b, které včetně společného nadpisu znějí:\n\n##### „§ 279a\n\nKdo vojáka nutí.\n\n##### § 279b\n\nKdo podřízeného nutí.“.',
    );
    expect(r.unsupported[0]?.reason).toBe('"včetně společného nadpisu" in an insertion');
  });
});
