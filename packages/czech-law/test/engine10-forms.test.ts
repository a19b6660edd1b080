import { parseInstruction } from '../src/amendments/instruction';
import { applyAmendment } from '../src/consolidation/apply';
import { budgetAnnex, lines, pt } from './fixtures/forms';

// Forms the engine read or applied first in the session of 2026-11-30 (#36, h-engine10), on tiny
// texts written the way legalize-cz writes them.

// The annex of vyhláška č. 323/2002 Sb. (rozpočtová skladba) as the source sets it: lettered parts,
// part B a table whose rows hold an item's number and, in one cell, its title and náplň.
const annex = (...rows: string[]): string => budgetAnnex(rows, { otherRow: '|  |  |  | 1321 | Jiná věc téhož čísla |', partA: true });
const R1321 = '|  |  |  | 1321 | Daň silniční Zahrnuje daň podle zákona o dani silniční. |';
const R1341 = '|  |  |  | 1341 | Poplatek ze psů |';
const R1342 = '|  |  |  | 1342 | Poplatek z pobytu Příjmy z poplatku z pobytu. |';
const R1343 = '|  |  |  | 1343 | Odvody do rozpočtu Evropské unie Zahrnuje odvody. |';
const R1344 = '|  |  |  | 1344 | Ostatní příjmy (1) Zahrnuje i částky. (2) Patří sem i příspěvky. |';

describe('items of an annex table (vyhláška č. 323/2002 Sb., part B)', () => {
  it('reads the item forms as operations on the annex, with the item named', () => {
    const r = parseInstruction('V příloze v části B náplň položky 1339 zní: „Na tuto položku patří i pokuta.“.');
    expect(r.unsupported).toEqual([]);
    expect(r.operations[0]).toMatchObject({
      kind: 'new_wording',
      targets: [{ id: 'priloha' }],
      item: { part: 'B', key: '1339', field: 'content' },
    });
    expect(r.effects[0]).toMatchObject({ kind: 'new_wording', targets: ['priloha'] });
  });

  it('"náplň položky N zní:" replaces the náplň after the title, in part B only', () => {
    const text = annex(R1321, R1341);
    const r = applyAmendment(text, [
      pt('6', 'V příloze v části B náplň položky 1321 zní: „Příjmy z daně podle zákona č. 16/1993 Sb., o dani silniční.“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(annex('|  |  |  | 1321 | Daň silniční Příjmy z daně podle zákona č. 16/1993 Sb., o dani silniční. |', R1341));
  });

  it('"náplň položky N zní:" over odstavce: the title ends before "(1)", the new odstavce joined in the cell', () => {
    const r = applyAmendment(annex(R1344), [
      pt('1', 'V příloze v části B náplň položky 1344 zní:\n\n„(1) Nová věta.\n\n(2) Druhá věta.“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(annex('|  |  |  | 1344 | Ostatní příjmy (1) Nová věta. (2) Druhá věta. |'));
  });

  it('refuses "náplň položky N zní:" where the title is not told from the náplň (a name in the title)', () => {
    const text = annex(R1343);
    const r = applyAmendment(text, [pt('1', 'V příloze v části B náplň položky 1343 zní: „Nová náplň.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'unsupported_target' });
    expect(r.text).toBe(text);
  });

  it('"se doplňuje náplň položky N, která zní:" adds a náplň to an item that has its title only', () => {
    const r = applyAmendment(annex(R1341), [
      pt('1', 'V příloze v části B se doplňuje náplň položky 1341, která zní: „Příjmy z poplatku ze psů.“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(annex('|  |  |  | 1341 | Poplatek ze psů Příjmy z poplatku ze psů. |'));
  });

  it('refuses to add a náplň to an item that has one', () => {
    const r = applyAmendment(annex(R1342), [pt('1', 'V příloze v části B se doplňuje náplň položky 1342, která zní: „Další.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'already_present' });
  });

  it('"se na konci náplně položky N doplňuje věta" appends to the cell', () => {
    const r = applyAmendment(annex(R1342), [
      pt('1', 'V příloze v části B se na konci náplně položky 1342 doplňuje věta „Patří sem i další.“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(annex('|  |  |  | 1342 | Poplatek z pobytu Příjmy z poplatku z pobytu. Patří sem i další. |'));
  });

  it('"se za položku N vkládá nová položka M, která zní:" puts its row after N, title and náplň in one cell', () => {
    const r = applyAmendment(annex(R1341, R1342), [
      pt(
        '22',
        'V příloze v části B se za položku 1341 vkládá nová položka 1345, která zní:\n\n„1345 Poplatek nový\n\nPříjem z poplatku.\n\nDalší odstavec.“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(annex(R1341, '|  |  |  | 1345 | Poplatek nový Příjem z poplatku. Další odstavec. |', R1342));
  });

  it('the class path before "se za položku N doplňuje položka M, jejíž název a náplň znějí:" is read', () => {
    const r = applyAmendment(annex(R1341, R1342), [
      pt(
        '3',
        'V příloze v části B v třídě 1, seskupení položek 13, podseskupení položek 134 se za položku 1341 doplňuje položka 1345, jejíž název a náplň znějí:\n\n„1345 Poplatek nový\n\nPříjem.“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(annex(R1341, '|  |  |  | 1345 | Poplatek nový Příjem. |', R1342));
  });

  it('refuses a new item after the last row of its table (the source may start the next table with it) and a number there already', () => {
    const last = applyAmendment(annex(R1341), [
      pt('1', 'V příloze v části B se za položku 1341 vkládá nová položka 1345, která zní:\n\n„1345 Nový\n\nText.“.'),
    ]);
    expect(last.points[0]).toMatchObject({ status: 'not_applied', reason: 'unsupported_target' });
    const there = applyAmendment(annex(R1341, R1342), [
      pt('1', 'V příloze v části B se za položku 1341 vkládá nová položka 1342, která zní:\n\n„1342 Nový\n\nText.“.'),
    ]);
    expect(there.points[0]).toMatchObject({ status: 'not_applied', reason: 'already_present' });
  });

  it('"položka N zní:" sets the row anew; "se položka N zrušuje" takes the row out', () => {
    const r = applyAmendment(annex(R1341, R1342), [
      pt('1', 'V příloze v části B položka 1341 zní:\n\n„1341 Poplatek ze psů\n\nPříjmy z místního poplatku.“.'),
      pt('2', 'V příloze v části B se položka 1342 zrušuje.'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied']);
    expect(r.text).toBe(annex('|  |  |  | 1341 | Poplatek ze psů Příjmy z místního poplatku. |'));
  });

  it('refuses an item not in the part named (part C numbers its own rows)', () => {
    const text = annex(R1341);
    const r = applyAmendment(text, [pt('1', 'V příloze v části B náplň položky 1321 zní: „Nová.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'target_not_found' });
    expect(r.text).toBe(text);
  });
});

describe("the heading of the amending act's next část at a point's end (zákon č. 227/2009 Sb., zákon č. 183/2017 Sb.)", () => {
  it('is no instruction: the sentence before it is read, and a heading alone after a new text is dropped', () => {
    const glued = parseInstruction(
      'V § 32 odst. 2 se na konci textu písmen a), b) a c) doplňuje slovo „osoby“.\n\n## ČÁST STO SEDMDESÁTÁ OSMÁ',
    );
    expect(glued.unsupported).toEqual([]);
    expect(glued.operations).toHaveLength(1);
    expect(glued.operations[0].source).toBe('V § 32 odst. 2 se na konci textu písmen a), b) a c) doplňuje slovo „osoby“.');
    const alone = parseInstruction('§ 5 zní:\n\n##### „§ 5\n\nText.“.\n\n## ČÁST DVĚ STĚ ČTYŘICÁTÁ SEDMÁ');
    expect(alone.unsupported).toEqual([]);
    expect(alone.effects.map((e) => e.kind)).toEqual(['new_wording']);
  });

  it('applies the point', () => {
    const text = lines('# Zákon', '##### § 32', '(1) Text.', '(2) Osoba je', '- a) fyzická,', '- b) právnická.');
    const r = applyAmendment(text, [pt('1', 'V § 32 odst. 2 písm. a) se slovo „fyzická“ nahrazuje slovem „jiná“.\n\n## ČÁST STO DVACÁTÁ')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('- a) jiná,');
  });

  it('is read only at the point’s end, and not inside a new text', () => {
    const inside = parseInstruction('Za část druhou se vkládá nová část třetí, která zní:\n\n## „ČÁST TŘETÍ\n\n##### § 9\n\nText.“.');
    expect(inside.operations[0].text).toContain('ČÁST TŘETÍ');
  });
});

describe('older wordings of forms read (the words after a colon, "za slovy", "úvodní věta", the part after "se")', () => {
  const text = lines(
    '# Zákon',
    '##### § 9',
    '(1) Osoba, která je starší, může',
    '- a) žádat,',
    '- b) podat.',
    '(2) První věta. Druhá věta.',
  );

  it('"se vypouštějí tato slova: „…“" removes the words', () => {
    const r = applyAmendment(text, [pt('1', 'V § 9 odst. 1 se vypouštějí tato slova: „, která je starší,“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(1) Osoba může');
  });

  it('"se věta první nahrazuje touto větou: „…“" and "… těmito větami:" set the sentence', () => {
    const one = applyAmendment(text, [pt('1', 'V § 9 odst. 2 se věta první nahrazuje touto větou: „Nová věta.“.')]);
    expect(one.points[0]).toMatchObject({ status: 'applied' });
    expect(one.text).toContain('(2) Nová věta. Druhá věta.');
    const two = applyAmendment(text, [pt('1', 'V § 9 odst. 2 se poslední věta nahrazuje těmito větami: „Třetí. Čtvrtá.“.')]);
    expect(two.points[0]).toMatchObject({ status: 'applied' });
    expect(two.text).toContain('(2) První věta. Třetí. Čtvrtá.');
  });

  it('"za slovy „A“ se vkládají slova „B“" inserts after A', () => {
    const r = applyAmendment(text, [pt('1', 'V § 9 odst. 1 se za slovy „Osoba,“ vkládají slova „i cizí,“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(1) Osoba, i cizí, která');
  });

  it('"se v úvodní větě slova …" and "se v úvodní části ustanovení slova …" edit the text before the list only', () => {
    const a = applyAmendment(text, [pt('1', 'V § 9 odst. 1 se v úvodní větě slova „může“ nahrazují slovy „smí“.')]);
    expect(a.points[0]).toMatchObject({ status: 'applied' });
    expect(a.text).toContain('(1) Osoba, která je starší, smí');
    const b = applyAmendment(text, [pt('1', 'V § 9 odst. 1 se v úvodní části ustanovení slova „může“ nahrazují slovy „smí“.')]);
    expect(b.text).toBe(a.text);
    // Without a list there is no úvodní věta to edit: refused, not the first sentence guessed.
    const c = applyAmendment(text, [pt('1', 'V § 9 odst. 2 se v úvodní větě slova „První“ nahrazují slovy „Nová“.')]);
    expect(c.points[0]).toMatchObject({ status: 'not_applied', reason: 'target_not_found' });
  });
});

describe('older word orders read ("za slovy „A“ slovo „B“ nahrazuje", "na konci vypouštějí", "vypouští věta za středníkem", "tečka na konci věty")', () => {
  const text = lines(
    '# Zákon',
    '##### § 23',
    '(1) Podle § 10 odst. 4 a § 12 se postupuje; jinak ne.',
    '(2) Osoba nebo stát a s radou odborů.',
    '(3) Seznam:',
    '- a) první.',
  );

  it('"za slovy „A“ se slovo „B“ nahrazuje čárkou" replaces the word right after A', () => {
    const r = applyAmendment(text, [pt('1', 'V § 23 odst. 1 se za slovy „§ 10 odst. 4“ slovo „a“ nahrazuje čárkou.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(1) Podle § 10 odst. 4, § 12 se postupuje');
    const words = applyAmendment(text, [pt('1', 'V § 23 odst. 1 se za slovy „§ 10 odst. 4“ slovo „a“ nahrazuje slovy „, § 11,“.')]);
    expect(words.text).toContain('(1) Podle § 10 odst. 4, § 11, § 12 se postupuje');
    // Not right after the words: refused.
    const far = applyAmendment(text, [pt('1', 'V § 23 odst. 1 se za slovy „Podle“ slovo „a“ nahrazuje čárkou.')]);
    expect(far.points[0]).toMatchObject({ status: 'not_applied', reason: 'text_not_found' });
  });

  it('"se na konci vypouštějí slova „…“" removes them at the end', () => {
    const r = applyAmendment(text, [pt('1', 'V § 23 odst. 2 se na konci vypouštějí slova „ a s radou odborů“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(2) Osoba nebo stát.');
  });

  it('"se na konci vypouštějí slova „…, …orgánů.“" takes the comma before them too, the full stop stays', () => {
    const t = lines(
      '# Zákon',
      '##### § 128',
      '(2) Převzít lze jen se souhlasem organizace, pokud nejde o převzetí podle rozhodnutí orgánů.',
    );
    const r = applyAmendment(t, [
      pt('1', 'V § 128 odst. 2 se na konci vypouštějí slova „pokud nejde o převzetí podle rozhodnutí orgánů.“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(2) Převzít lze jen se souhlasem organizace.\n');
  });

  it('"se vypouští věta za středníkem" reads as "část věty za středníkem se zrušuje"', () => {
    const a = applyAmendment(text, [pt('1', 'V § 23 odst. 1 se vypouští věta za středníkem.')]);
    const b = applyAmendment(text, [pt('1', 'V § 23 odst. 1 se část věty za středníkem zrušuje.')]);
    expect(a.points[0]).toMatchObject({ status: 'applied' });
    expect(a.text).toBe(b.text);
  });

  it('"se tečka na konci věty nahrazuje čárkou" replaces the final full stop', () => {
    const r = applyAmendment(text, [pt('1', 'V § 23 odst. 3 písm. a) se tečka na konci věty nahrazuje čárkou.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('- a) první,');
  });
});

describe('"se za slova „A“ vkládá odkaz na poznámku pod čarou č. 2)" (older acts)', () => {
  const text = lines('# Zákon', '##### § 7', '(8) Z příjmů se platí daň.', '(9) Z příjmů a z příjmů.');

  it('sets the mark right after the words', () => {
    const r = applyAmendment(text, [pt('1', 'V § 7 odst. 8 se za slovo „příjmů“ vkládá odkaz na poznámku pod čarou č. 1c).')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(8) Z příjmů^1c) se platí daň.');
  });

  it('refuses words there twice (a mark is one place’s)', () => {
    const r = applyAmendment(text, [pt('1', 'V § 7 odst. 9 se za slovo „příjmů“ vkládá odkaz na poznámku pod čarou č. 1c).')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'ambiguous' });
  });
});

describe('forms left unread or refused where the source writes otherwise', () => {
  it('refuses a mark inserted before punctuation, and a mark the unit has', () => {
    const text = lines('# Zákon', '##### § 5', '(1) Podle předpisu. Jinak^3) ne.');
    const before = applyAmendment(text, [pt('1', 'V § 5 odst. 1 se za slovo „předpisu“ vkládá odkaz na poznámku pod čarou č. 3a).')]);
    expect(before.points[0]).toMatchObject({ status: 'not_applied', reason: 'unsupported_target' });
    const twice = applyAmendment(text, [pt('1', 'V § 5 odst. 1 se za slovo „Podle“ vkládá odkaz na poznámku pod čarou č. 3).')]);
    expect(twice.points[0]).toMatchObject({ status: 'not_applied', reason: 'unsupported_target' });
  });

  it('leaves "úvodní věta zní:" unread, while "úvodní věta" names the text before the list for words', () => {
    expect(parseInstruction('V § 25 úvodní věta zní: „Občan, kterému bylo uděleno povolení“.').operations).toEqual([]);
    expect(parseInstruction('V § 25 úvodní větě se slovo „Občan“ nahrazuje slovem „Osoba“.').operations[0].targets).toEqual([
      { id: 'par_25', part: 'intro' },
    ]);
  });
});

describe('"na konci písmene v) se čárka zrušuje a doplňují se slova „…“"', () => {
  it('adds the words at the end of that písmeno, not of the §', () => {
    const text = lines(
      '# Vyhláška',
      '##### § 1',
      'Pro účely vyhlášky se rozumí',
      '- u) masem maso,',
      '- v) bouráním dělení těl,',
      '- w) vejcem vejce.',
    );
    const r = applyAmendment(text, [pt('1', 'V § 1 se na konci písmene v) čárka zrušuje a doplňují se slova „nebo masa,“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('- v) bouráním dělení těl nebo masa,\n\n- w) vejcem vejce.');
  });
});
