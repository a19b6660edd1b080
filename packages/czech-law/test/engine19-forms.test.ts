import { parseInstruction } from '../src/amendments/instruction';
import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// Word-level and list forms, and what a failed point holds back across a renumbering, read first
// in the session of 2026-11-30 (#36, h-engine19), on tiny texts written the way legalize-cz writes
// them.

describe('"nadpis nad § N" right after the containers of its place', () => {
  it('is the heading above the § inside them, not the hlava beside it (zákon č. 229/2016 Sb., bod 149, on zákon č. 119/2002 Sb.)', () => {
    expect(parseInstruction('V části první hlavě V se nadpis nad § 77 zrušuje.').operations).toMatchObject([
      { kind: 'repeal', targets: [{ id: 'cast_1/hlava_5/par_77', part: 'heading' }] },
    ]);
    // Before, the hlava was a target of its own: the point repealed the whole hlava V.
    expect(parseInstruction('V části první se nadpis nad § 77 zrušuje.').operations[0].targets).toEqual([
      { id: 'cast_1/par_77', part: 'heading' },
    ]);
  });

  it('keeps a heading named after a joiner a reference of its own', () => {
    expect(parseInstruction('V § 1 odst. 1, nadpisu § 18 a § 18 odst. 1 se slova „A“ nahrazují slovy „B“.').operations[0].targets).toEqual([
      { id: 'par_1/odst_1' },
      { id: 'par_18', part: 'heading' },
      { id: 'par_18/odst_1' },
    ]);
    expect(parseInstruction('V části první nadpis hlavy II zní: „X“.').operations[0].targets).toEqual([
      { id: 'cast_1/hlava_2', part: 'heading' },
    ]);
  });
});

describe('a renumbering of hlavy is not held back by a failed point that names a hlava as a place only', () => {
  // zákon č. 229/2016 Sb., body 15, 16 and 153, on zákon č. 119/2002 Sb.: "V části první se označení
  // hlav III až IX a XI včetně nadpisů zrušují a dosavadní hlavy X a XII až XIV se označují jako hlavy
  // III až VI", then díly put among the §§ of the hlavy as renumbered, and "V části první hlavě V se
  // doplňuje díl 4" (a container added at a hlava's end, which the engine refuses).
  const text = lines(
    '## ČÁST PRVNÍ',
    '#### ZBRANĚ',
    '### HLAVA I',
    '#### ÚVOD',
    '##### § 1',
    'Jedna.',
    '### HLAVA II',
    '#### ZBRANĚ',
    '##### § 3',
    'Tři.',
    '### HLAVA III',
    '#### NABÝVÁNÍ',
    '##### § 8',
    'Osm.',
    '### HLAVA IV',
    '#### DELIKTY',
    '##### § 76',
    'Sedmdesát šest.',
  );
  const points = [
    pt('15', 'V části první se označení hlavy III včetně nadpisu zrušuje a dosavadní hlava IV se označuje jako hlava III.'),
    pt(
      '16',
      'V části první hlavě II se nad § 8 vkládá označení dílu 2, které včetně nadpisu zní:\n\n#### „Díl 2\n\n#### Nabývání zbraně“.',
    ),
    pt('30', 'V § 8 se slovo „Osm“ nahrazuje slovem „Osmý“.'),
    pt(
      '153',
      'V části první hlavě III se doplňuje díl 4, který včetně nadpisu zní:\n\n#### „Díl 4\n\n#### Společná ustanovení\n\n##### § 77c\n\nText.“.',
    ),
  ];

  it("applies the renumbering and the points that follow it; the díl added at the hlava's end stays refused", () => {
    const r = applyAmendment(text, points);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied', 'applied', 'not_applied']);
    expect(r.points[3].reason).not.toBe('blocked');
    expect(r.text).toBe(
      lines(
        '## ČÁST PRVNÍ',
        '#### ZBRANĚ',
        '### HLAVA I',
        '#### ÚVOD',
        '##### § 1',
        'Jedna.',
        '### HLAVA II',
        '#### ZBRANĚ',
        '##### § 3',
        'Tři.',
        '#### Díl 2',
        '#### Nabývání zbraně',
        '##### § 8',
        'Osmý.',
        '### HLAVA III',
        '#### DELIKTY',
        '##### § 76',
        'Sedmdesát šest.',
      ),
    );
  });
});

describe('a new písmeno after a list closed by "(dále jen „…“)."', () => {
  // zákon č. 52/2012 Sb., čl. III bod 3, on zákon č. 18/2004 Sb.: "V § 1 odst. 2 se vkládá písmeno j),
  // které … zní: - „j) držitele modré karty Evropské unie^20),"; the source puts it before the list's
  // closing words, which the provisions parser counts to the last písmeno.
  const text = lines(
    '##### § 1',
    '(1) Jedna.',
    '(2) Uznává se kvalifikace',
    '- a) státního příslušníka členského státu (dále jen „členský stát“),',
    '- i) státního příslušníka jiného než členského státu,',
    '(dále jen „uchazeč“).',
    '(3) Tři.',
  );
  const after = lines(
    '##### § 1',
    '(1) Jedna.',
    '(2) Uznává se kvalifikace',
    '- a) státního příslušníka členského státu (dále jen „členský stát“),',
    '- i) státního příslušníka jiného než členského státu,',
    '- j) držitele modré karty Evropské unie,',
    '(dále jen „uchazeč“).',
    '(3) Tři.',
  );

  it('"se vkládá písmeno j)" goes before the closing words', () => {
    const r = applyAmendment(text, [
      pt('3', 'V § 1 odst. 2 se vkládá písmeno j), které zní:\n\n- „j) držitele modré karty Evropské unie,“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(after);
  });

  it('"za písmeno i) se vkládá písmeno j)" too, and the closing words keep their full stop', () => {
    const r = applyAmendment(text, [
      pt('3', 'V § 1 odst. 2 se za písmeno i) vkládá nové písmeno j), které zní:\n\n- „j) držitele modré karty Evropské unie,“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(after);
  });

  it("an odstavec's number after the list is no closing part", () => {
    const plain = lines('##### § 1', '(2) Uznává se kvalifikace', '- a) občana,', '- b) cizince,', '(3) Tři.');
    const r = applyAmendment(plain, [pt('3', 'V § 1 odst. 2 se vkládá písmeno c), které zní:\n\n- „c) azylanta.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('##### § 1', '(2) Uznává se kvalifikace', '- a) občana,', '- b) cizince,', '- c) azylanta.', '(3) Tři.'));
  });
});

describe('"na konci se vypouští tečka a připojují se tato slova: „…“"', () => {
  it('puts the words where the mark was (zákon č. 227/1997 Sb., část druhá bod 2, on zákon č. 40/1964 Sb.)', () => {
    const text = lines(
      '##### § 476d',
      '(1) Zůstavitel může projevit svoji poslední vůli do notářského zápisu; zvláštní zákon stanoví, kdy úkon musí být učiněn před svědky.',
      '(2) Dvě.',
    );
    const r = applyAmendment(text, [
      pt('2', 'V § 476d odst. 1 se na konci vypouští tečka a připojují se tato slova: „a kdy musí mít formu notářského zápisu.“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    // The source's text after the act (legalize-cz commit f572b3ff on zákon č. 40/1964 Sb.).
    expect(r.text).toBe(
      lines(
        '##### § 476d',
        '(1) Zůstavitel může projevit svoji poslední vůli do notářského zápisu; zvláštní zákon stanoví, kdy úkon musí být učiněn před svědky a kdy musí mít formu notářského zápisu.',
        '(2) Dvě.',
      ),
    );
  });

  it("reads a písmeno's comma likewise (zákon č. 142/1996 Sb., bod 26, on zákon č. 513/1991 Sb.)", () => {
    expect(
      parseInstruction(
        'V § 125 odst. 1 písm. e) se na konci vypouští čárka a připojují se tato slova: „nebo o hodnotě nepeněžitého vkladu,“.',
      ).operations,
    ).toMatchObject([
      {
        kind: 'append_words',
        targets: [{ id: 'par_125/odst_1/pism_e' }],
        new: 'nebo o hodnotě nepeněžitého vkladu,',
        replaceEnd: { old: ',', new: '' },
      },
    ]);
  });
});
