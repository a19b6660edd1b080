import { parseInstruction } from '../src/amendments/instruction';
import { applyAmendment } from '../src/consolidation/apply';
import { budgetAnnex, budgetRow, lines, pt } from './fixtures/forms';

// Annex forms read first in the session of 2026-11-30 late night (#36, h-engine25), on tiny texts
// written the way legalize-cz writes them.

// The annex of vyhláška č. 323/2002 Sb. (rozpočtová skladba) as the source sets it: part B a table
// whose rows hold an item's number and, in one cell, its title and náplň.
const row = budgetRow;
const annex = (...rows: string[]): string => budgetAnnex(rows, { otherRow: row('1225', 'Jiná věc téhož čísla podle § 3050') });
const R1225 = row('1225', 'Spotřební daň Příjmy z daně podle § 100c až 131 zákona č. 353/2003 Sb.');
const R2229 = row('2229', 'Ostatní vratky (1) Jiné vratky. (2) Organizační složky zařazují částky daní vrácené.');
const R5222 = row('5222', 'Neinvestiční transfery (1) Transfery. (2) Podle § 3050 věta první a § 3050 věta druhá.');

describe("words of an annex item's náplň (vyhláška č. 343/2019 Sb. on vyhláška č. 323/2002 Sb.)", () => {
  it('is read as a change of words in the item, on the annex', () => {
    const r = parseInstruction('V příloze v části B v náplni položky 1225 se číslo „131“ nahrazuje číslem „129“.');
    expect(r.unsupported).toEqual([]);
    expect(r.operations).toHaveLength(1);
    expect(r.operations[0]).toMatchObject({
      kind: 'replace_words',
      old: '131',
      new: '129',
      targets: [{ id: 'priloha' }],
      item: { part: 'B', key: '1225', field: 'content' },
    });
    expect(r.effects[0]).toMatchObject({ kind: 'replace_words', targets: ['priloha'] });
  });

  it('replaces words found once in the item of the part named', () => {
    const r = applyAmendment(annex(R1225, R5222), [
      pt('10', 'V příloze v části B v náplni položky 1225 se číslo „131“ nahrazuje číslem „129“.'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toBe(annex(row('1225', 'Spotřební daň Příjmy z daně podle § 100c až 129 zákona č. 353/2003 Sb.'), R5222));
  });

  it('inserts words after words of an odstavec the act names', () => {
    const r = applyAmendment(annex(R2229), [
      pt('21', 'V příloze v části B v náplni položky 2229 v odstavci 2 se za slovo „daní“ vkládají slova „a poplatků“.'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toBe(
      annex(row('2229', 'Ostatní vratky (1) Jiné vratky. (2) Organizační složky zařazují částky daní a poplatků vrácené.')),
    );
  });

  it('deletes words (a sentence named)', () => {
    const r = applyAmendment(annex(R2229), [pt('3', 'V příloze v části B v náplni položky 2229 větě druhé se slova „ daní“ zrušují.')]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toBe(annex(row('2229', 'Ostatní vratky (1) Jiné vratky. (2) Organizační složky zařazují částky vrácené.')));
  });

  it('refuses words the item holds twice, or not at all', () => {
    const text = annex(R1225, R5222);
    for (const [sentence, reason] of [
      ['V příloze v části B v náplni položky 5222 se text „3050“ nahrazuje textem „3051“.', 'ambiguous'],
      ['V příloze v části B v náplni položky 1225 se text „3050“ nahrazuje textem „3051“.', 'text_not_found'],
    ]) {
      const r = applyAmendment(text, [pt('1', sentence)]);
      expect(r.points[0]).toMatchObject({ status: 'not_applied', reason });
      expect(r.text).toBe(text);
    }
  });

  it('leaves other places of the náplň unread ("na konci", a whole sentence)', () => {
    for (const sentence of [
      'V příloze v části B v náplni položky 5168 v odstavci 4 větě první se na konci tečka nahrazuje čárkou a doplňují se slova „a jiné“.',
      'V příloze v části B v náplni položky 6356 se věta druhá zrušuje.',
    ])
      expect(parseInstruction(sentence).operations.some((o) => o.item)).toBe(false);
  });
});

// nařízení vlády č. 132/2005 Sb. as the source sets its annexes: one lokalita each, its parts
// headed by labels in bold (the value on the label's line, or the part's lines below it).
const lokalita = (n: string, parts: string[]): string =>
  [
    `Příloha č. ${n} k nařízení vlády č. 132/2005 Sb.`,
    `Evropsky významná lokalita L${n}`,
    '**Kód lokality:** CZ0323169',
    '**Navrhovaná kategorie zvláště chráněného území:** PP',
    ...parts,
    '**Kraj:**',
    'Plzeňský kraj',
  ].join('\n\n');
const TYPY = ['**Typy přírodních stanovišť:**', '9190 - Staré acidofilní doubravy'];
const DRUHY = ['**Druhy:**', 'kuňka žlutobřichá'];
const lokality = (parts240: string[]): string =>
  lines(
    '# Nařízení vlády',
    '##### § 1',
    'Text.',
    lokalita('1', [...TYPY, ...DRUHY]),
    lokalita('2', [...TYPY]),
    lokalita('3', [...TYPY]),
    lokalita('240', parts240),
  );

describe('a part of an annex named by its heading line (nařízení vlády č. 371/2009 Sb. on nařízení vlády č. 132/2005 Sb.)', () => {
  const wording = 'V příloze č. 240 část „Druhy“ zní:\n\n„čolek velký\n\nkuňka žlutobřichá“.';

  it('is read as a new wording or an insertion on the annex, with the part named', () => {
    const r = parseInstruction(wording);
    expect(r.unsupported).toEqual([]);
    expect(r.operations[0]).toMatchObject({ kind: 'new_wording', targets: [{ id: 'priloha_240', section: 'Druhy' }] });
    const i = parseInstruction(
      'V příloze č. 240 se za část „Navrhovaná kategorie zvláště chráněného území“ vkládá nová část „Typy přírodních stanovišť“, která zní:\n\n„6510 - Louky“.',
    );
    expect(i.unsupported).toEqual([]);
    expect(i.operations[0]).toMatchObject({
      kind: 'insert',
      newHeading: 'Typy přírodních stanovišť',
      targets: [{ id: 'priloha_240', section: 'Navrhovaná kategorie zvláště chráněného území' }],
    });
    expect(i.effects[0]).toMatchObject({ kind: 'insert', targets: ['priloha_240'] });
  });

  it('"část „H“ zní:" gives the lines below the heading, to the next heading, the new text', () => {
    const r = applyAmendment(lokality([...DRUHY]), [pt('140', wording)]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toBe(lokality(['**Druhy:**', 'čolek velký', 'kuňka žlutobřichá']));
  });

  it('"část „H“ zní:" with a new text that opens with the heading keeps the heading line once', () => {
    const r = applyAmendment(lokality([...DRUHY]), [pt('223', wording.replace('„čolek', '„Druhy:\n\nčolek'))]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toBe(lokality(['**Druhy:**', 'čolek velký', 'kuňka žlutobřichá']));
  });

  it('"se za část „H“ vkládá nová část, která zní:" puts the new part before the next heading, its label set in bold', () => {
    const r = applyAmendment(lokality([...DRUHY]), [
      pt(
        '35',
        'V příloze č. 240 se za část „Navrhovaná kategorie zvláště chráněného území“ vkládá nová část, která zní:\n\n„Typy přírodních stanovišť:\n\n6510 - Louky“.',
      ),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toBe(lokality(['**Typy přírodních stanovišť:**', '6510 - Louky', ...DRUHY]));
  });

  it('"… vkládá nová část „H“, která zní:" writes the heading the act names in bold', () => {
    const r = applyAmendment(lokality([...DRUHY]), [
      pt(
        '267',
        'V příloze č. 240 se za část „Navrhovaná kategorie zvláště chráněného území“ vkládá nová část „Typy přírodních stanovišť“, která zní:\n\n„6510 - Louky“.',
      ),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toBe(lokality(['**Typy přírodních stanovišť**', '6510 - Louky', ...DRUHY]));
  });

  it('refuses a part no later heading closes, a part the annex lacks, and a part there already', () => {
    const text = lokality([...DRUHY]);
    for (const [sentence, reason] of [
      ['V příloze č. 240 část „Kraj“ zní:\n\n„Jihočeský kraj“.', 'unsupported_target'],
      ['V příloze č. 240 část „Typy přírodních stanovišť“ zní:\n\n„6510 - Louky“.', 'target_not_found'],
      ['V příloze č. 240 se za část „Kód lokality“ vkládá nová část „Druhy“, která zní:\n\n„čolek velký“.', 'already_present'],
    ]) {
      const r = applyAmendment(text, [pt('1', sentence)]);
      expect(r.points[0]).toMatchObject({ status: 'not_applied', reason });
      expect(r.text).toBe(text);
    }
  });
});

describe("an annex's title below its label (vyhláška č. 65/2008 Sb. on vyhláška č. 642/2004 Sb.)", () => {
  const vyhlaska = (...annex: string[]) =>
    lines(
      '# Vyhláška',
      '##### § 1',
      'Text.',
      'Příloha č. 1 k vyhlášce č. 642/2004 Sb.',
      ...annex,
      'Příloha č. 2 k vyhlášce č. 642/2004 Sb.',
      'Vzor pasu',
    );
  const point = 'V příloze č. 1 se za slova „Příloha č. 1 k vyhlášce č. 642/2004 Sb.“ vkládá nadpis přílohy „Vzor občanského průkazu“.';

  it('is read as an insertion of the heading of the annex', () => {
    const r = parseInstruction(point);
    expect(r.unsupported).toEqual([]);
    expect(r.operations[0]).toMatchObject({
      kind: 'insert',
      text: 'Vzor občanského průkazu',
      targets: [{ id: 'priloha_1', part: 'heading' }],
    });
    expect(r.effects[0]).toMatchObject({ targets: ['priloha_1'] });
  });

  it('leaves other insertions after a heading as they were read (their new units are their effects)', () => {
    const r = parseInstruction('Za nadpis § 5 se vkládá nový § 5a, který zní:\n\n„##### § 5a\n\nText.“.');
    expect(r.unsupported).toEqual([]);
    expect(r.effects[0]).toMatchObject({ kind: 'insert', targets: ['par_5a'] });
  });

  it('puts the title on its own line below the label, above the picture', () => {
    const r = applyAmendment(vyhlaska('[image omitted]'), [pt('2', point)]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toBe(vyhlaska('Vzor občanského průkazu', '[image omitted]'));
  });

  it('refuses an annex with a line of text below its label, and other words than the label', () => {
    for (const [text, p] of [
      [vyhlaska('Jiný nadpis', '[image omitted]'), point],
      [vyhlaska('[image omitted]'), point.replace('Příloha č. 1 k', 'Příloha č. 3 k')],
    ]) {
      const r = applyAmendment(text, [pt('2', p)]);
      expect(r.points[0]).toMatchObject({ status: 'not_applied' });
      expect(r.text).toBe(text);
    }
  });
});

describe('the text before an annex (nařízení vlády č. 371/2009 Sb., bod 385, on nařízení vlády č. 132/2005 Sb.)', () => {
  const doc = (region: string[]) =>
    lines(
      '# Nařízení vlády',
      '##### § 1',
      'Text.',
      'Příloha č. 808 k nařízení vlády č. 132/2005 Sb.',
      '**Kraj:**',
      'Zlínský kraj',
      'Mapa lokality CZ0813477',
      '[image omitted]',
      ...region,
      'Příloha č. 809 k nařízení vlády č. 132/2005 Sb.',
      '**Kraj:**',
      'Zlínský kraj',
    );
  const point = 'Text před přílohou č. 809 zní:\n\n„Zlínský kraj\n\nKromě dále uvedených lokalit zasahují i lokality A – B.“.';

  it('is read as a new wording of the text before the annex', () => {
    const r = parseInstruction(point);
    expect(r.unsupported).toEqual([]);
    expect(r.operations[0]).toMatchObject({ kind: 'new_wording', beforeAnnex: true, targets: [{ id: 'priloha_809' }] });
  });

  it('replaces the lines after the picture of the annex before, from the line the new text opens with', () => {
    const r = applyAmendment(doc(['Zlínský kraj', 'Kromě dále uvedených lokalit zasahují i lokality A - C.']), [pt('385', point)]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toBe(doc(['Zlínský kraj', 'Kromě dále uvedených lokalit zasahují i lokality A – B.']));
  });

  it('refuses where that line is only above the picture (the annex before has no such text)', () => {
    const text = doc([]);
    const r = applyAmendment(text, [pt('385', point)]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'text_not_found' });
    expect(r.text).toBe(text);
  });
});
