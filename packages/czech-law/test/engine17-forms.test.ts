import { parseInstruction } from '../src/amendments/instruction';
import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// Word-level forms the engine read first in the session of 2026-11-30 (#36, h-engine17), on tiny
// texts written the way legalize-cz writes them.

describe('headings inside a list of places', () => {
  it('reads "nadpisu § 18" after a comma as a reference of its own (zákon č. 52/2012 Sb. on zákon č. 18/2004 Sb.)', () => {
    const r = parseInstruction('V § 1 odst. 1, nadpisu § 18, § 18 odst. 1 a v § 36b odst. 3 písm. a) se slova „A“ nahrazují slovy „B“.');
    expect(r.unsupported).toEqual([]);
    expect(r.operations[0].targets).toEqual([
      { id: 'par_1/odst_1' },
      { id: 'par_18', part: 'heading' },
      { id: 'par_18/odst_1' },
      { id: 'par_36b/odst_3/pism_a' },
    ]);
  });

  it('applies words replaced in two headings ("V nadpisu § 24a a v nadpisu § 33a"; zákon č. 206/2017 Sb.)', () => {
    const text = lines(
      '##### § 24a',
      '#### Správní delikty právnických osob',
      'Text.',
      '##### § 33a',
      '#### Správní delikty',
      'Jiný text.',
    );
    const r = applyAmendment(text, [pt('1', 'V nadpisu § 24a a v nadpisu § 33a se slova „Správní delikty“ nahrazují slovem „Přestupky“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('##### § 24a', '#### Přestupky právnických osob', 'Text.', '##### § 33a', '#### Přestupky', 'Jiný text.'));
  });
});

describe('a reference opening the sentence without "V"', () => {
  it('is the location of the words it changes ("§ 30 odst. 4 se slova „A“ nahrazují …"; zákon č. 104/2011 Sb.)', () => {
    const text = lines('##### § 30', '(1) Jedna.', '(4) Náleží manželu nebo druhu, spáchal-li přestupek.');
    const r = applyAmendment(text, [
      pt(
        '20',
        '§ 30 odst. 4 se slova „manželu nebo druhu“ nahrazují slovy „manželovi nebo druhovi“ a slovo „přestupek“ se nahrazuje slovy „správní delikt“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('##### § 30', '(1) Jedna.', '(4) Náleží manželovi nebo druhovi, spáchal-li správní delikt.'));
  });

  it('leaves a reference before other words unread', () => {
    expect(parseInstruction('§ 31 se za slovy „A“ doplňuje slovy „B“.').unsupported).not.toEqual([]);
  });
});

describe('"návětí" (the words before a list) as the úvodní část ustanovení', () => {
  const text = lines(
    '##### § 35',
    '(1) Pokutu uloží organizaci, která',
    '- a) nevede záznamy,',
    '- b) nehlásí organizaci změny.',
    '(2) Dvě.',
  );

  it('"V § 35 odst. 1 se v návětí slovo „A“ nahrazuje …" changes the words before the list only (zákon č. 132/2000 Sb.)', () => {
    const r = applyAmendment(text, [pt('67', 'V § 35 odst. 1 se v návětí slovo „organizaci“ nahrazuje slovy „právnické osobě“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(
      lines('##### § 35', '(1) Pokutu uloží právnické osobě, která', '- a) nevede záznamy,', '- b) nehlásí organizaci změny.', '(2) Dvě.'),
    );
  });

  it('reads "V návětí § 264 se …", "v návětí odstavce 1", "v návětí se", "návětí zní:"', () => {
    expect(parseInstruction('V návětí § 264 se za slova „A“ vkládají slova „B“.').operations[0].targets).toEqual([
      { id: 'par_264', part: 'intro' },
    ]);
    expect(parseInstruction('V § 88 se v návětí odstavce 1 za slovo „A“ vkládají slova „B“.').operations[0].targets).toEqual([
      { id: 'par_88/odst_1', part: 'intro' },
    ]);
    expect(parseInstruction('V § 74 odst. 2 v návětí se slovo „a“ nahrazuje čárkou.').operations[0].targets).toEqual([
      { id: 'par_74/odst_2', part: 'intro' },
    ]);
    const nw = parseInstruction('§ 105 odst. 3 návětí zní:\n\n„(3) Přestupku se dopustí ten, kdo“.');
    expect(nw.operations[0]).toMatchObject({ kind: 'new_wording', targets: [{ id: 'par_105/odst_3', part: 'intro' }] });
  });

  it('reads "a dále v písmenech …" as the next clause\'s place', () => {
    const r = parseInstruction(
      'V § 35 odst. 1 se v návětí slovo „A“ nahrazuje slovy „B“ a dále v písmenech e) a f) se slova „C“ nahrazují slovy „D“.',
    );
    expect(r.unsupported).toEqual([]);
    expect(r.operations[1].targets).toEqual([{ id: 'par_35/odst_1/pism_e' }, { id: 'par_35/odst_1/pism_f' }]);
  });
});

describe('amounts without quotation marks', () => {
  it('"se částka 100 Kčs nahrazuje částkou 150 Kčs" (zákon č. 109/1984 Sb. on zákon č. 103/1964 Sb.)', () => {
    const text = lines('##### § 9', '(1) Příspěvek činí 100 Kčs měsíčně.', '##### § 14', 'Nejvýše 100 Kčs.');
    const r = applyAmendment(text, [pt('1', 'V § 9 odst. 1 a v § 14 se částka 100 Kčs nahrazuje částkou 150 Kčs.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('##### § 9', '(1) Příspěvek činí 150 Kčs měsíčně.', '##### § 14', 'Nejvýše 150 Kčs.'));
  });

  it('leaves an amount with words after it unread', () => {
    const r = parseInstruction('V § 31 odst. 2 se částka 500 Kčs vlastního hrubého příjmu dítěte nahrazuje částkou 620 Kčs.');
    expect(r.operations).toEqual([]);
    expect(r.unsupported).not.toEqual([]);
  });
});

describe('a mark after given words repealed and words added in its place', () => {
  it('"za slovy „A“ se zrušuje čárka a doplňují se slova „B“" puts B right after A (zákon č. 545/2005 Sb. on zákon č. 235/2004 Sb.)', () => {
    const text = lines('##### § 57', '(1) Osvobozeno je', '- a) vzdělávání v základních uměleckých školách, a to i', '- b) jiné.');
    const r = applyAmendment(text, [
      pt(
        '10',
        'V § 57 odst. 1 písm. a) se za slovy „základních uměleckých školách“ zrušuje čárka a doplňují se slova „a jazykových školách,“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(
      lines(
        '##### § 57',
        '(1) Osvobozeno je',
        '- a) vzdělávání v základních uměleckých školách a jazykových školách, a to i',
        '- b) jiné.',
      ),
    );
  });

  it('refuses where the mark does not follow the words', () => {
    const text = lines('##### § 57', 'Slova bez čárky.');
    const r = applyAmendment(text, [pt('10', 'V § 57 se za slovy „bez“ zrušuje čárka a vkládají se slova „B“.')]);
    expect(r.points[0].status).toBe('not_applied');
    expect(r.text).toBe(text);
  });
});

describe('words at the end of the úvodní část', () => {
  it('"se na konci úvodní části ustanovení doplňují slova „…“" ends the words before the list (zákon č. 302/2008 Sb.)', () => {
    const text = lines('##### § 90', '(2) Plátce uvede', '- a) jméno,', '- b) adresu.');
    const r = applyAmendment(text, [pt('258', 'V § 90 odst. 2 se na konci textu úvodní části ustanovení doplňují slova „v dokladu“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('##### § 90', '(2) Plátce uvede v dokladu', '- a) jméno,', '- b) adresu.'));
  });
});

describe('the part of a sentence after its semicolon', () => {
  it('reads "věta za středníkem zní:" and "slova za středníkem nahrazují slovy" as that part (č. 175/1990 Sb., č. 501/2001 Sb.)', () => {
    expect(parseInstruction('V § 39a odst. 3 věta za středníkem zní: „to neplatí“.').operations[0]).toMatchObject({
      kind: 'new_wording',
      targets: [{ id: 'par_39a/odst_3', part: 'after_semicolon' }],
    });
    expect(parseInstruction('V § 13a odst. 1 první větě se slova za středníkem nahrazují slovy „to neplatí“.').operations[0]).toMatchObject(
      {
        kind: 'new_wording',
        targets: [{ id: 'par_13a/odst_1', part: 'after_semicolon', sentence: 1 }],
      },
    );
  });
});

describe('two words in one clause', () => {
  it('"se slova „A“ a „B“ nahrazují slovem „C“" replaces each (zákon č. 326/1993 Sb. on zákon č. 283/1991 Sb.)', () => {
    const text = lines('##### § 36', '(5) Povolí prokurátor na návrh prokurátora.');
    const r = applyAmendment(text, [pt('23', 'V § 36 odst. 5 se slova „prokurátor“ a „prokurátora“ nahrazují slovem „soudce“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('##### § 36', '(5) Povolí soudce na návrh soudce.'));
  });

  it('refuses two words of which one holds the other', () => {
    const r = parseInstruction('V § 44 se slova „notářství“ a „státní notářství“ nahrazují slovem „soud“.');
    expect(r.operations).toEqual([]);
    expect(r.unsupported).not.toEqual([]);
  });

  it('"se za slova „A“ a za slova „B“ vkládají slova „C“" inserts in both places (zákon č. 45/2019 Sb. on zákon č. 350/2011 Sb.)', () => {
    const text = lines('##### § 23', 'Uvádění látek na trh a směsí na trh vykonávají úřady.');
    const r = applyAmendment(text, [
      pt('2', 'V § 23 se za slova „látek na trh“ a za slova „směsí na trh“ vkládají slova „nebo jejich používání“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(
      lines('##### § 23', 'Uvádění látek na trh nebo jejich používání a směsí na trh nebo jejich používání vykonávají úřady.'),
    );
  });
});

describe('what the word-level forms refuse', () => {
  it("reads two words replaced by one only as the sentence's first clause (zákon č. 175/1990 Sb. on zákon č. 140/1961 Sb.)", () => {
    const r = parseInstruction(
      'V § 278 odst. 1 se za slovem „hodnosti“ vypouštějí čárka a slova „a to“ a slova „na šest měsíců až dvě léta“ se nahrazují slovy „až na dvě léta“.',
    );
    expect(r.operations).toEqual([]);
    expect(r.unsupported).not.toEqual([]);
  });

  it('refuses words put where a mark was when a footnote mark follows it (zákon č. 120/2000 Sb. on zákon č. 344/1992 Sb.)', () => {
    const text = lines('##### § 2', '(1) Jsou', '- c) prostory podle zvláštního zákona,^2)', '- d) jiné.');
    const r = applyAmendment(text, [
      pt('2', 'V § 2 odst. 1 písm. c) se za slovem „zákona“ vypouští čárka a doplňují se slova „v budovách,“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'unsupported_target' });
    expect(r.text).toBe(text);
  });
});

describe("a new úvodní část written with the odstavec's number", () => {
  it('keeps the number once ("§ 80c odst. 3 úvodní část ustanovení zní: „(3) …“"; zákon č. 33/2020 Sb.; "návětí zní:")', () => {
    const text = lines('##### § 80c', '(1) Jedna.', '(3) Je-li pořízen zápis, je předsedající povinen', '- a) vést,', '- b) dbát.');
    const want = lines('##### § 80c', '(1) Jedna.', '(3) V případě zápisu je předsedající povinen', '- a) vést,', '- b) dbát.');
    for (const point of [
      'V § 80c odst. 3 úvodní část ustanovení zní:\n\n„(3) V případě zápisu je předsedající povinen“.',
      '§ 80c odst. 3 návětí zní:\n\n„(3) V případě zápisu je předsedající povinen“.',
    ]) {
      const r = applyAmendment(text, [pt('15', point)]);
      expect(r.points[0]).toMatchObject({ status: 'applied' });
      expect(r.text).toBe(want);
    }
  });
});
