import { parseInstruction } from '../src/amendments/instruction';
import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// Word-level forms the engine read first in the session of 2026-11-30 morning (#36, h-engine13),
// on tiny texts written the way legalize-cz writes them.

describe('a citation named by its brackets (zákon č. 509/1991 Sb. on zákon č. 40/1964 Sb.)', () => {
  const text = lines(
    '# Zákon',
    '##### § 80',
    'Dluh je splatný.',
    '##### § 103',
    'Stane-li se splatným celý dluh (§ 80), počne běžet promlčecí doba.',
    '##### § 565',
    'Splátky.',
  );

  it('"se citace § 80, uvedená v závorce, nahrazuje citací § 565" changes the bracket, and names no other §', () => {
    const r = applyAmendment(text, [pt('46', 'V ustanovení § 103 se citace § 80, uvedená v závorce, nahrazuje citací § 565.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['par_103'], units: ['par_103'] });
    expect(r.text).toContain('celý dluh (§ 565), počne');
  });

  it('a later point on the cited § is not held back by it', () => {
    const r = applyAmendment(text, [
      pt('46', 'V ustanovení § 103 se citace § 80, uvedená v závorce, nahrazuje citací § 565.'),
      pt('47', '§ 565 zní:\n\n##### „§ 565\n\nSplátky nové.“.'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied']);
  });

  it('the form after "; " and with "se současně"', () => {
    const r = parseInstruction(
      'V § 27 odst. 3 se slova „národní výbor“ nahrazují slovy „orgán místní správy“; citace § 19 uvedená v závorce se současně nahrazuje citací § 18 odst. 1.',
    );
    expect(r.unsupported).toEqual([]);
    expect(r.operations.map((o) => [o.old, o.new])).toEqual([
      ['národní výbor', 'orgán místní správy'],
      ['(§ 19)', '(§ 18 odst. 1)'],
    ]);
  });

  it('refuses a bracket that holds more than the citation', () => {
    const more = text.replace('(§ 80)', '(§ 80 a 81)');
    const r = applyAmendment(more, [pt('46', 'V § 103 se citace § 80, uvedená v závorce, nahrazuje citací § 565.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'text_not_found' });
    expect(r.text).toBe(more);
  });
});

describe('a word named by its brackets (zákon č. 142/1982 Sb. on zákon č. 130/1975 Sb.)', () => {
  it('"se vypouští slovo „městské“, uvedené v závorce" takes the bracket out', () => {
    const text = lines('# Zákon', '##### § 14', '(1) Okresní výbory.', '(2) Místní (městské) národní výbory se podílejí.');
    const r = applyAmendment(text, [pt('1', 'V § 14 odst. 2 se vypouští slovo „městské“, uvedené v závorce.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('# Zákon', '##### § 14', '(1) Okresní výbory.', '(2) Místní národní výbory se podílejí.'));
  });

  it('refuses where the word stands outside brackets only', () => {
    const text = lines('# Zákon', '##### § 14', '(1) Okresní výbory.', '(2) Místní městské národní výbory.');
    const r = applyAmendment(text, [pt('1', 'V § 14 odst. 2 se vypouští slovo „městské“, uvedené v závorce.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'text_not_found' });
  });
});

describe('two clauses of one place joined by "; " (zákon č. 175/1990 Sb. on zákon č. 140/1961 Sb.)', () => {
  it('"se slovo „A“ nahrazuje slovy „B“; na konci se připojují slova „C“"', () => {
    const text = lines('# Zákon', '##### § 149', 'Kdo vážně ohrozí, bude potrestán odnětím svobody.');
    const r = applyAmendment(text, [
      pt(
        '1',
        'V § 149 se slovo „vážně“ nahrazuje slovy „poškodí dobrou pověst nebo“; na konci se připojují slova „nebo propadnutím věci“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(
      lines('# Zákon', '##### § 149', 'Kdo poškodí dobrou pověst nebo ohrozí, bude potrestán odnětím svobody nebo propadnutím věci.'),
    );
  });

  it('a place of its own after "; "', () => {
    const r = parseInstruction(
      'V § 71 odst. 1 se vypouštějí slova „ochranný dohled“; v odstavci 2 se vypouští druhá věta; odstavec 3 se vypouští.',
    );
    expect(r.unsupported).toEqual([]);
    expect(r.operations.map((o) => o.targets[0].id)).toEqual(['par_71/odst_1', 'par_71/odst_2', 'par_71/odst_3']);
  });
});

describe('"ustanovení písmene x)" for the písmeno (older acts)', () => {
  const text = lines(
    '# Zákon',
    '##### § 95',
    '(1) Text.',
    '(2) Pachatel bude potrestán, jestliže',
    '- a) způsobí škodu, nebo',
    '- b) spáchá čin opětovně.',
  );

  it('"se za ustanovení písmene a) vkládá nové ustanovení písmene b), které zní:" inserts the písmeno', () => {
    const r = applyAmendment(text, [
      pt(
        '1',
        'V § 95 odst. 2 se za ustanovení písmene a) vkládá nové ustanovení písmene b), které zní:\n\n- „b) spáchá-li čin se zbraní,“.\n\nDosavadní ustanovení písmene b) se označuje jako ustanovení písmene c).',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('- a) způsobí škodu, nebo\n\n- b) spáchá-li čin se zbraní,\n\n- c) spáchá čin opětovně.');
  });

  it('"v ustanovení písmene a) se slovo … vypouští"', () => {
    const r = applyAmendment(text, [pt('1', 'V § 95 odst. 2 se v ustanovení písmene a) vypouští slovo „nebo“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['par_95/odst_2/pism_a'] });
  });
});

describe('a quotation without the space before it (zákon č. 247/2022 Sb. on zákon č. 242/2000 Sb.)', () => {
  it('"se částka„1 000 Kč“ nahrazuje částkou „2 000 Kč“"', () => {
    const text = lines('# Zákon', '##### § 33a', '(4) Pokuta do', '- a) 1 000 Kč, nebo', '- b) 5 000 Kč.');
    const r = applyAmendment(text, [pt('1', 'V § 33a odst. 4 písm. a) se částka„1 000 Kč“ nahrazuje částkou „2 000 Kč“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('- a) 2 000 Kč, nebo');
  });
});

describe('"se dosavadní odkaz na poznámku pod čarou č. x) nahrazuje odkazem …" (zákon č. 316/2004 Sb. on zákon č. 110/1997 Sb.)', () => {
  it('changes the mark in that place only', () => {
    const text = lines(
      '# Zákon',
      '##### § 10',
      '(1) Podle zákona^9b) platí.',
      '(2) Jinak podle^9b).',
      '9b) Zákon č. 1/2000 Sb.',
      '3j) Zákon č. 2/2000 Sb.',
    );
    const r = applyAmendment(text, [
      pt('1', 'V § 10 odst. 1 se dosavadní odkaz na poznámku pod čarou č. 9b) nahrazuje odkazem na poznámku pod čarou č. 3j).'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(1) Podle zákona^3j) platí.\n\n(2) Jinak podle^9b).');
  });
});

describe('a článek named in its část where the text numbers články through the act (zákon č. 282/2009 Sb. on zákon č. 267/2006 Sb.)', () => {
  const text = lines(
    '# Zákon',
    '## ČÁST PRVNÍ',
    '#### Změna zákona',
    '### Čl. I',
    'Text 2009.',
    '## ČÁST DRUHÁ',
    '### Čl. II',
    'Lhůta do roku 2009.',
    '### Čl. III',
    'Účinnost.',
  );

  it('"V části druhé čl. II se …" changes the čl. II under the část', () => {
    const r = applyAmendment(text, [pt('1', 'V části druhé čl. II se číslo „2009“ nahrazuje číslem „2012“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['cl_2'] });
    expect(r.text).toContain('Lhůta do roku 2012.');
  });

  it('refuses a článek that is not under the část named', () => {
    const r = applyAmendment(text, [pt('1', 'V části první čl. II se číslo „2009“ nahrazuje číslem „2012“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'target_not_found' });
    expect(r.text).toBe(text);
  });
});

describe('older wordings of words and places (zákon č. 175/1990 Sb. on zákon č. 140/1961 Sb., and others)', () => {
  it('"v nadpise" is "v nadpisu"', () => {
    const r = parseInstruction('V § 150 se v nadpise slova „průmyslovému vzoru“ nahrazují slovy „obchodnímu jménu“.');
    expect(r.operations).toMatchObject([
      { kind: 'replace_words', targets: [{ id: 'par_150', part: 'heading' }], old: 'průmyslovému vzoru' },
    ]);
  });

  it('a citation as quoted words: "dosavadní citace „A“ nahrazuje citací „B“", "mění na citaci", "za citaci „A“ vkládají"', () => {
    for (const [text, old, nw] of [
      ['V § 12 odst. 3 se dosavadní citace „§ 2 odst. 5“ nahrazuje citací „§ 2 odst. 8“.', '§ 2 odst. 5', '§ 2 odst. 8'],
      ['V § 546 odst. 1 se citace „(§ 536 odst. 2)“ mění na citaci „(§ 536 odst. 3)“.', '(§ 536 odst. 2)', '(§ 536 odst. 3)'],
      ['V § 168 se za citaci „§ 179,“ vkládají slova „ohrožení bezpečnosti,“.', '§ 179,', 'ohrožení bezpečnosti,'],
    ]) {
      const r = parseInstruction(text);
      expect(r.unsupported).toEqual([]);
      expect(r.operations).toMatchObject([{ old, new: nw }]);
    }
  });

  it('"se vypouští písmeno b) a dosavadní písmeno c) se označuje jako písmeno b)": a repeal, then a renumbering', () => {
    const text = lines('# Zákon', '##### § 2', '(3) Jsou to', '- a) první,', '- b) druhá,', '- c) třetí.');
    const r = applyAmendment(text, [
      pt('1', 'V § 2 odst. 3 se vypouští ustanovení písmene b) a dosavadní ustanovení písmene c) se označuje jako písmeno b).'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('# Zákon', '##### § 2', '(3) Jsou to', '- a) první,', '- b) třetí.'));
  });

  it('a sentence that opens with a § after ". " is read on', () => {
    const r = parseInstruction('V § 49 odst. 1 se slova „až pět let“ nahrazují slovy „až deset let“.  § 49 odst. 3 zní:\n\n„(3) Do doby.“');
    expect(r.unsupported).toEqual([]);
    expect(r.operations.map((o) => [o.kind, o.targets[0].id])).toEqual([
      ['replace_words', 'par_49/odst_1'],
      ['new_wording', 'par_49/odst_3'],
    ]);
  });
});

describe('words and a sentence of one place repealed together (zákon č. 89/2012 Sb. on zákon č. 26/2000 Sb., and others)', () => {
  it('"se slova „A“ a věta poslední zrušují": the words, then the sentence', () => {
    const text = lines('# Zákon', '##### § 57', '(4) Podle § 34 nebo § 35 platí. Poslední věta.');
    const r = applyAmendment(text, [pt('1', 'V § 57 odst. 4 se slova „§ 34 nebo“ a poslední věta zrušují.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text.replace(/ +\n/g, '\n')).toBe(lines('# Zákon', '##### § 57', '(4) Podle § 35 platí.'));
  });

  it('"V § 13 odst. 1 větě druhé se slova „A“ a věta třetí zrušují": the words in the second sentence', () => {
    const r = parseInstruction('V § 13 odst. 1 větě druhé se slova „která se zapisuje,“ a věta třetí zrušují.');
    expect(r.operations).toMatchObject([
      { kind: 'repeal', targets: [{ id: 'par_13/odst_1', sentence: 3 }] },
      { kind: 'replace_words', targets: [{ id: 'par_13/odst_1', sentence: 2 }], old: 'která se zapisuje,', new: '' },
    ]);
  });

  it('the sentence goes first: words that end their sentence with a comma do not join it to the next (vyhláška č. 164/2009 Sb. on vyhláška č. 26/2007 Sb.)', () => {
    const text = lines(
      '# Vyhláška',
      '##### § 78',
      '(2) Plán obsahuje číslo. Plán může být vyhotoven pro více pozemků, přitom se vyznačuje rozsah. Hranice se uvede.',
    );
    const r = applyAmendment(text, [pt('46', 'V § 78 odst. 2 se slova „přitom se vyznačuje rozsah.“ a věta poslední zrušují.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text.replace(/ +\n/g, '\n')).toBe(
      lines('# Vyhláška', '##### § 78', '(2) Plán obsahuje číslo. Plán může být vyhotoven pro více pozemků,'),
    );
  });

  it('still refuses words and a unit other than a sentence of the place', () => {
    const r = parseInstruction('V § 5 odst. 2 se na konci písmene b) čárka nahrazuje tečkou a slovo „a“ a písmeno c) se zrušují.');
    expect(r.operations).toEqual([]);
    expect(r.unsupported[0].reason).toBe('words and a unit repealed together');
  });
});

describe('"a větě druhé se …": the second clause\'s place without its "ve" (zákon č. 113/1997 Sb. on zákon č. 13/1993 Sb.)', () => {
  it('reads the second sentence as the place of the second clause', () => {
    const r = parseInstruction(
      'V § 315 odst. 1 větě první se za slovo „skladné“ vkládá slovo „, dopravné“ a větě druhé se za slova „celní úřad“ vkládají slova „na žádost“.',
    );
    expect(r.unsupported).toEqual([]);
    expect(r.operations.map((o) => o.targets[0])).toEqual([
      { id: 'par_315/odst_1', sentence: 1 },
      { id: 'par_315/odst_1', sentence: 2 },
    ]);
  });
});

describe('a footnote mark inserted with its new footnote: "…, která zní: „^2a) …“" (zákon č. 130/2003 Sb., and others)', () => {
  it('puts the mark after the words and the footnote in the block', () => {
    const text = lines('# Zákon', '##### § 5', '(1) Vydává lékárnu a sklad.^1)', '^1) Zákon č. 1/1990 Sb.');
    const r = applyAmendment(text, [
      pt(
        '1',
        'V § 5 odst. 1 se za slovo „lékárnu“ vkládá odkaz na poznámku pod čarou č. 2a), která zní:\n\n„^2a) § 16 zákona č. 79/1997 Sb.“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['par_5/odst_1', 'fn_2a'] });
    expect(r.text).toContain('(1) Vydává lékárnu^2a) a sklad.^1)');
    expect(r.text).toContain('^1) Zákon č. 1/1990 Sb.\n\n^2a) § 16 zákona č. 79/1997 Sb.');
  });

  it('"odkaz na poznámku č. 21a) nahrazuje odkazem na poznámku č. 21k), která zní:" reads the new footnote too', () => {
    const r = parseInstruction(
      'V § 29 odst. 1 písm. d) se odkaz na poznámku č. 21a) nahrazuje odkazem na poznámku č. 21k), která zní:  „^21k) § 9 zákona č. 61/1997 Sb.“.',
    );
    expect(r.unsupported).toEqual([]);
    expect(r.operations).toMatchObject([
      { kind: 'replace_words', old: '^21a)', new: '^21k)' },
      { kind: 'new_wording', targets: [{ id: 'fn_21k' }], text: '^21k) § 9 zákona č. 61/1997 Sb.' },
    ]);
  });

  it('takes no text for the footnote from a later clause\'s "které zní:"', () => {
    const r = parseInstruction(
      'V § 5 odst. 1 se za slovo „lékárnu“ vkládá odkaz na poznámku pod čarou č. 2a) a doplňuje se písmeno c), které zní:\n\n„c) nové.“.',
    );
    expect(r.operations.map((o) => o.kind)).toEqual(['insert_words', 'append']);
  });
});

describe('a new text whose opening mark the act left out ends at its closing mark before a blank line (zákon č. 180/2016 Sb., bod 54, on zákon č. 110/1997 Sb.)', () => {
  const point =
    'V § 16 se slova „Předpis^15l)“ nahrazují slovy „Vyhláška^58)“.\n\nPoznámka pod čarou č. 58 zní:\n\n^58) Vyhláška č. 132/2015 Sb.“.\n\nPoznámka pod čarou č. 15l se zrušuje.';

  it("reads the footnote's text to the mark and the next sentence as its own", () => {
    const r = parseInstruction(point);
    expect(r.unsupported).toEqual([]);
    expect(r.operations.map((o) => [o.kind, o.targets[0].id])).toEqual([
      ['replace_words', 'par_16'],
      ['new_wording', 'fn_58'],
      ['repeal', 'fn_15l'],
    ]);
    expect(r.operations[1].text).toBe('^58) Vyhláška č. 132/2015 Sb.');
  });

  it('applies the point', () => {
    const text = lines('# Zákon', '##### § 16', 'Předpis^15l) stanoví.', '^15l) Vyhláška č. 1/2000 Sb.');
    const r = applyAmendment(text, [pt('54', point)]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text.trimEnd()).toBe(lines('# Zákon', '##### § 16', 'Vyhláška^58) stanoví.', '^58) Vyhláška č. 132/2015 Sb.').trimEnd());
  });
});

describe('an annex named under a část is not looked for there', () => {
  it('"Nadpis části 3 přílohy č. 7 zní:" does not take the annex after the act\'s část 3 for it', () => {
    const text = lines(
      '# Vyhláška',
      '## ČÁST 3',
      '##### § 9',
      'Text.',
      'Příloha č. 7 k vyhlášce č. 1/1998 Sb.',
      'Seznam údajů',
      'Část 3 - Údaje',
    );
    const r = applyAmendment(text, [pt('10', 'Nadpis části 3 přílohy č. 7 zní: „Rámcový seznam údajů“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied' });
    expect(r.text).toBe(text);
  });
});

describe("a list's last item given a new wording keeps the list's závěrečná část (zákon č. 175/1990 Sb. on zákon č. 140/1961 Sb.)", () => {
  const text = lines(
    '# Zákon',
    '##### § 198',
    'Kdo veřejně hanobí',
    '- a) některý národ,',
    '- b) skupinu obyvatel,',
    'bude potrestán odnětím svobody.',
  );

  it('"§ 198 písm. b) zní:" replaces the písmeno only', () => {
    const r = applyAmendment(text, [pt('67', '§ 198 písm. b) zní:\n\n- „b) skupinu obyvatelů republiky,“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(
      lines(
        '# Zákon',
        '##### § 198',
        'Kdo veřejně hanobí',
        '- a) některý národ,',
        '- b) skupinu obyvatelů republiky,',
        'bude potrestán odnětím svobody.',
      ),
    );
  });

  it('a new text that writes the závěrečná část replaces it', () => {
    const r = applyAmendment(text, [pt('1', '§ 198 písm. b) zní:\n\n- „b) skupinu,\n\nbude potrestán nově.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(
      lines('# Zákon', '##### § 198', 'Kdo veřejně hanobí', '- a) některý národ,', '- b) skupinu,', 'bude potrestán nově.'),
    );
  });
});

describe('a last item the source wrote over two paragraphs is replaced whole (nařízení vlády č. 84/2023 Sb. on nařízení vlády č. 75/2015 Sb.)', () => {
  it("the new item that holds the second paragraph's words replaces it", () => {
    const text = lines(
      '# Nařízení',
      '##### § 18',
      '(1) Podmínka je splněna, pokud',
      '- c) seče,',
      '- d) do 15. srpna roku;',
      'při posuzování výměry se odečte prvek.',
      '(2) Dále.',
    );
    const r = applyAmendment(text, [
      pt('13', 'V § 18 odst. 1 písmeno d) zní:\n\n- „d) do 15. září roku; při posuzování výměry se odečte jiný prvek.“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(
      lines(
        '# Nařízení',
        '##### § 18',
        '(1) Podmínka je splněna, pokud',
        '- c) seče,',
        '- d) do 15. září roku; při posuzování výměry se odečte jiný prvek.',
        '(2) Dále.',
      ),
    );
  });
});
