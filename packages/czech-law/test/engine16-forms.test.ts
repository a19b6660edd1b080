import { parseInstruction } from '../src/amendments/instruction';
import { applyAmendment } from '../src/consolidation/apply';
import { parseProvisions, splitUnits } from '../src/index';
import { lines, pt } from './fixtures/forms';

// Containers and their headings, read or applied first in the session of 2026-11-30 (#36,
// h-engine16), on tiny texts written the way legalize-cz writes them.

const ids = (text: string): string[] => splitUnits(text, parseProvisions(text)).map((u) => u.id);

describe("an act's container named without the containers above it", () => {
  it('"Nadpis části první zní" is the act\'s část, not the annex\'s část první (zákon č. 229/2016 Sb. on zákon č. 119/2002 Sb.)', () => {
    const text = lines(
      '## ČÁST PRVNÍ',
      '#### ZBRANĚ',
      '##### § 1',
      'Jedna.',
      '## Příloha k zákonu č. 1/2002 Sb.',
      '## ČÁST PRVNÍ',
      '#### DRUHY ZBRANÍ',
      '- 1. Střelná zbraň.',
    );
    expect(ids(text)).toContain('priloha/cast_1');
    const r = applyAmendment(text, [pt('1', 'Nadpis části první zní: „ZBRANĚ A MUNICE“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['cast_1'] });
    expect(r.text).toContain('## ČÁST PRVNÍ\n\n#### ZBRANĚ A MUNICE\n\n##### § 1');
    expect(r.text).toContain('#### DRUHY ZBRANÍ');
  });
});

describe('a container written after the containers it holds', () => {
  it('reads "Nadpis dílu třetího hlavy třinácté" as the díl of that hlava (zákon č. 113/1997 Sb. on zákon č. 13/1993 Sb.)', () => {
    expect(parseInstruction('Nadpis dílu třetího hlavy třinácté zní: „SPLATNOST CLA“.').operations).toMatchObject([
      { kind: 'new_wording', targets: [{ id: 'hlava_13/dil_3', part: 'heading' }], text: 'SPLATNOST CLA' },
    ]);
    expect(parseInstruction('Nadpis oddílu prvního hlavy první části druhé zní: „X“.').operations[0].targets).toEqual([
      { id: 'cast_2/hlava_1/oddil_1', part: 'heading' },
    ]);
  });

  it('words that heading in the text', () => {
    const text = lines('### HLAVA XIII', '#### CLO', '#### Díl 3', '#### ULEHČENÍ PLATBY', '##### § 5', 'Pět.');
    const r = applyAmendment(text, [pt('1', 'Nadpis dílu třetího hlavy třinácté zní: „SPLATNOST CLA“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('### HLAVA XIII', '#### CLO', '#### Díl 3', '#### SPLATNOST CLA', '##### § 5', 'Pět.'));
  });

  it('"Název hlavy čtvrté zní:" is the hlava\'s heading (zákon č. 210/1999 Sb. on zákon č. 85/1996 Sb.)', () => {
    expect(parseInstruction('Název hlavy čtvrté zní: „Kárná odpovědnost a kárné řízení“.').operations).toMatchObject([
      { kind: 'new_wording', targets: [{ id: 'hlava_4', part: 'heading' }], text: 'Kárná odpovědnost a kárné řízení' },
    ]);
    // Mid-sentence after a comma the část would be read apart from its hlava: left unread.
    expect(parseInstruction('V části třetí, hlavě II název dílu XXII zní: „X“.').operations).toEqual([]);
  });
});

describe('container labels put among §§', () => {
  const text = lines('## ČÁST PRVNÍ', '#### ÚVOD', '### HLAVA I', '#### PSI', '##### § 2', 'Dva.', '##### § 3', 'Tři.');

  it('"Nad § 3 se vkládá označení a nadpis hlavy II, které znějí:" puts hlava II after hlava I of the část (zákon č. 278/2019 Sb. on zákon č. 565/1990 Sb.)', () => {
    const s = 'Nad § 3 se vkládá označení a nadpis hlavy II, které znějí:\n\n### „HLAVA II\n\nPOPLATEK Z POBYTU“.';
    expect(parseInstruction(s).operations).toMatchObject([
      { kind: 'insert', targets: [{ id: 'par_3' }], newIds: ['hlava_2'], position: 'before', withHeading: true },
    ]);
    const r = applyAmendment(text, [pt('1', s)]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['cast_1/hlava_2'] });
    expect(ids(r.text)).toEqual(['cast_1', 'cast_1/hlava_1', 'par_2', 'cast_1/hlava_2', 'par_3']);
    expect(r.text).toContain('### HLAVA II\n\n#### POPLATEK Z POBYTU\n\n##### § 3');
  });

  it('refuses a first container the act names without the containers above it: the act may be restructuring them', () => {
    const bare = lines('## ČÁST PRVNÍ', '#### ÚVOD', '##### § 2', 'Dva.', '##### § 3', 'Tři.');
    const r = applyAmendment(bare, [pt('1', 'Nad § 3 se vkládá označení a nadpis hlavy II, které znějí:\n\n### „HLAVA II\n\nPOPLATKY“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'unsupported_target' });
  });

  it('"Nad § 280 se vkládá nadpis, který zní: Oddíl druhý …" is the label of oddíl druhý (zákon č. 175/1990 Sb. on zákon č. 140/1961 Sb.)', () => {
    const code = lines(
      '## ČÁST DRUHÁ',
      '### HLAVA DVANÁCTÁ',
      '#### TRESTNÉ ČINY VOJENSKÉ',
      '#### Oddíl první',
      '#### Trestné činy proti podřízenosti',
      '##### § 279',
      'Jedna.',
      '##### § 280',
      'Dva.',
    );
    const s = 'Nad § 280 se vkládá nadpis, který zní:\n\n#### „Oddíl druhý\n\n#### Trestné činy proti povinnosti konat vojenskou službu“';
    const r = applyAmendment(code, [pt('105', s)]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['cast_2/hlava_12/oddil_2'] });
    expect(ids(r.text)).toEqual(['cast_2', 'cast_2/hlava_12', 'cast_2/hlava_12/oddil_1', 'par_279', 'cast_2/hlava_12/oddil_2', 'par_280']);
    // A heading that is no container's label is a heading put above the § (engine 36, h-engine29:
    // written there only where the § has none, engine29-forms.test.ts).
    for (const text of [
      'Nad § 20 se vkládá nadpis „Zdravotní způsobilost“.',
      'Nad § 20 se vkládá nadpis, který zní:\n\n„Zdravotní způsobilost“',
    ])
      expect(parseInstruction(text).operations).toMatchObject([
        { kind: 'insert', position: 'before', targets: [{ id: 'par_20', part: 'heading' }], text: 'Zdravotní způsobilost' },
      ]);
  });

  it('"Pod tento nadpis se vkládá další nadpis" after the hlava\'s new heading puts its first oddíl below it', () => {
    const code = lines('## ČÁST DRUHÁ', '### HLAVA JEDENÁCTÁ', '#### TRESTNÉ ČINY PROTI BRANNOSTI', '##### § 269', 'Jedna.');
    const s =
      'Nadpis hlavy jedenácté zní:\n\n### „HLAVA JEDENÁCTÁ\n\n#### TRESTNÉ ČINY PROTI BRANNOSTI A PROTI CIVILNÍ SLUŽBĚ“.\n\n' +
      'Pod tento nadpis se vkládá další nadpis, který zní:\n\n#### „Oddíl první\n\n#### Trestné činy proti brannosti“.';
    const r = applyAmendment(code, [pt('97', s)]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(
      lines(
        '## ČÁST DRUHÁ',
        '### HLAVA JEDENÁCTÁ',
        '#### TRESTNÉ ČINY PROTI BRANNOSTI A PROTI CIVILNÍ SLUŽBĚ',
        '#### Oddíl první',
        '#### Trestné činy proti brannosti',
        '##### § 269',
        'Jedna.',
      ),
    );
    expect(ids(r.text)).toContain('cast_2/hlava_11/oddil_1');
  });

  it('"V části druhé se nad slova „§ 4“ vkládají slova: HLAVA I …" puts the hlava in that část (zákon č. 225/2006 Sb. on zákon č. 49/1997 Sb.)', () => {
    const act = lines('## ČÁST PRVNÍ', '##### § 3', 'Tři.', '## ČÁST DRUHÁ', '#### REJSTŘÍK', '##### § 4', 'Čtyři.', '##### § 7', 'Sedm.');
    const r = applyAmendment(act, [
      pt('7', 'V části druhé se nad slova „§ 4“ vkládají slova:\n\n### „HLAVA I\n\n#### LETECKÝ REJSTŘÍK“.'),
      pt('24', 'V části druhé se nad § 7 vkládá tento text:\n\n### „HLAVA II\n\n#### SCHVÁLENÍ TYPU“.'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied']);
    expect(ids(r.text)).toEqual(['cast_1', 'par_3', 'cast_2', 'cast_2/hlava_1', 'par_4', 'cast_2/hlava_2', 'par_7']);
    // Words above words that are no § label stay unread.
    expect(parseInstruction('V části druhé se nad slova „Obecně“ vkládají slova:\n\n### „HLAVA I“.').operations).toEqual([]);
  });

  it('"Pod nadpis hlavy dvanácté „…“ se vkládá další nadpis" reads the hlava named', () => {
    const s =
      'Pod nadpis hlavy dvanácté „TRESTNÉ ČINY VOJENSKÉ“ se vkládá další nadpis, který zní:\n\n#### „Oddíl první\n\n#### Trestné činy proti podřízenosti“.';
    expect(parseInstruction(s).operations).toMatchObject([
      { kind: 'insert', targets: [{ id: 'hlava_12', part: 'heading' }], newIds: ['hlava_12/oddil_1'], position: 'after' },
    ]);
  });
});

describe('a new container with its §§ put among §§', () => {
  const code = lines(
    '## ČÁST DRUHÁ',
    '### HLAVA JEDENÁCTÁ',
    '#### Oddíl první',
    '#### Trestné činy proti brannosti',
    '##### § 272',
    'Jedna.',
    '### HLAVA DVANÁCTÁ',
    '##### § 273',
    'Dva.',
  );

  it('"Za znění § 272 se vkládá oddíl druhý tohoto znění:" inserts the oddíl and its §§ in the hlava (zákon č. 175/1990 Sb. on zákon č. 140/1961 Sb.)', () => {
    const s =
      'Za znění § 272 se vkládá oddíl druhý tohoto znění:\n\n#### „Oddíl druhý\n\n#### Trestné činy proti civilní službě\n\n##### § 272a\n\nKdo nenastoupí.\n\n##### § 272b\n\nKdo odepře.“.';
    expect(parseInstruction(s).operations).toMatchObject([
      { kind: 'insert', targets: [{ id: 'par_272' }], newIds: ['oddil_2'], position: 'after' },
    ]);
    const r = applyAmendment(code, [pt('98', s)]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(ids(r.text)).toEqual([
      'cast_2',
      'cast_2/hlava_11',
      'cast_2/hlava_11/oddil_1',
      'par_272',
      'cast_2/hlava_11/oddil_2',
      'par_272a',
      'par_272b',
      'cast_2/hlava_12',
      'par_273',
    ]);
  });

  it('gives the oddíl of new §§ the část it is in, not an id of its own (zákon č. 30/2000 Sb. on zákon č. 358/1992 Sb.)', () => {
    const text = lines(
      '## ČÁST ŠESTÁ',
      '#### ODDÍL PRVNÍ',
      '#### ZÁVĚTI',
      '##### § 71',
      'Jedna.',
      '#### ODDÍL DRUHÝ',
      '#### ÚSCHOVY',
      '##### § 72',
      'Dva.',
    );
    const s =
      'Za § 71 se vkládají nové § 71a a 71b, které včetně nadpisů znějí:\n\n#### „Oddíl druhý\n\n#### Notářský zápis\n\n##### § 71a\n\nA.\n\n##### § 71b\n\nB.“.\n\n' +
      'V části šesté se dosavadní oddíl druhý označuje jako oddíl třetí.';
    const r = applyAmendment(text, [pt('8', s)]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(ids(r.text)).toEqual(['cast_6', 'cast_6/oddil_1', 'par_71', 'cast_6/oddil_2', 'par_71a', 'par_71b', 'cast_6/oddil_3', 'par_72']);
  });
});
