import { parseProvisions, quoteDepthAfter, type ParsedProvision } from '../src/provisions/parse-provisions';

// Small texts shaped like the consolidated acts of legalize-cz (headings `## ČÁST`, `### HLAVA`,
// `#### Díl`, `##### § 1`, odstavce `(1)`, písmena `- a)`, body `- 1.`).

const byId = (ps: ParsedProvision[]): Map<string, ParsedProvision> => new Map(ps.map((p) => [p.id, p]));

function expectWellFormed(text: string, ps: ParsedProvision[]): void {
  const ids = new Set<string>();
  for (const p of ps) {
    expect(ids.has(p.id)).toBe(false);
    ids.add(p.id);
    expect(p.start).toBeLessThan(p.end);
    expect(p.end).toBeLessThanOrEqual(text.length);
    if (p.parent !== null) {
      const parent = ps.find((q) => q.id === p.parent)!;
      expect(parent).toBeDefined();
      expect(p.start).toBeGreaterThanOrEqual(parent.start);
      expect(p.end).toBeLessThanOrEqual(parent.end);
    }
  }
  // The top-level ranges run on from one another to the end of the text.
  const top = ps.filter((p) => p.parent === null);
  for (let i = 1; i < top.length; i++) expect(top[i].start).toBe(top[i - 1].end);
  if (top.length) expect(top[top.length - 1].end).toBe(text.length);
}

const LAW = [
  '# Zákon o zkoušce',
  '',
  '## ČÁST PRVNÍ',
  '',
  '#### OBECNÁ USTANOVENÍ',
  '',
  '### HLAVA I',
  '',
  '#### PŘEDMĚT ÚPRAVY',
  '',
  '##### § 1',
  '',
  'Tento zákon upravuje',
  '',
  '- a) jedno,',
  '',
  '- b) druhé.',
  '',
  '### HLAVA II',
  '',
  '#### Díl 1',
  '',
  '#### Krádež a jiné',
  '',
  '##### § 52',
  '',
  '#### Krádež',
  '',
  '(1) Kdo si přisvojí cizí věc a',
  '',
  '- a) způsobí škodu,',
  '',
  '- b) je ozbrojen, zejména',
  '',
  '- 1. nožem,',
  '',
  '- 2. holí,',
  '',
  'bude potrestán.',
  '',
  '(2) Odnětím svobody bude pachatel potrestán.',
  '',
  '##### § 52a',
  '',
  'zrušeno',
  '',
  '#### Zastoupení',
  '',
  '##### § 53',
  '',
  'Zastoupení se řídí občanským zákoníkem.',
  '',
  '## ČÁST DRUHÁ',
  '',
  '#### Změna zákona o obcích',
  '',
  '##### § 54',
  '',
  '(1) První.',
  '',
  '(2) (zrušeno)',
  '',
  '##### § 54',
  '',
  'Dvakrát očíslovaný paragraf.',
  '',
  'Příloha č. 1 k zákonu č. 1/2000 Sb.',
  '',
  '#### Seznam věcí',
  '',
  '| věc | cena |',
  '|---|---|',
  '| § 3 | 10 |',
  '',
  'Příloha č. 2',
  '',
  'Text druhé přílohy.',
  '',
].join('\n');

describe('parseProvisions on a law with containers, §§, odstavce, písmena and body', () => {
  const r = parseProvisions(LAW);
  const m = byId(r.provisions);

  it('makes the ids the issue asks for, in document order', () => {
    expect(r.provisions.map((p) => p.id)).toEqual([
      'cast_1',
      'cast_1/hlava_1',
      'par_1',
      'par_1/pism_a',
      'par_1/pism_b',
      'cast_1/hlava_2',
      'cast_1/hlava_2/dil_1',
      'par_52',
      'par_52/odst_1',
      'par_52/odst_1/pism_a',
      'par_52/odst_1/pism_b',
      'par_52/odst_1/pism_b/bod_1',
      'par_52/odst_1/pism_b/bod_2',
      'par_52/odst_2',
      'par_52a',
      'par_53',
      'cast_2',
      'par_54',
      'par_54/odst_1',
      'par_54/odst_2',
      'par_54~2',
      'priloha_1',
      'priloha_2',
    ]);
    expectWellFormed(LAW, r.provisions);
  });

  it('labels as people cite them', () => {
    expect(m.get('cast_1')!.label).toBe('Část první');
    expect(m.get('cast_1/hlava_2')!.label).toBe('Hlava II');
    expect(m.get('cast_1/hlava_2/dil_1')!.label).toBe('Díl 1');
    expect(m.get('par_52a')!.label).toBe('§ 52a');
    expect(m.get('par_52/odst_1/pism_a')!.label).toBe('§ 52 odst. 1 písm. a)');
    expect(m.get('par_52/odst_1/pism_b/bod_2')!.label).toBe('§ 52 odst. 1 písm. b) bod 2');
    expect(m.get('par_1/pism_b')!.label).toBe('§ 1 písm. b)');
    expect(m.get('priloha_1')!.label).toBe('Příloha č. 1');
  });

  it('kinds and parents: containers enclose §§, §§ enclose odstavce, písmena and body', () => {
    expect(m.get('cast_1')).toMatchObject({ kind: 'part', parent: null });
    expect(m.get('cast_1/hlava_1')).toMatchObject({ kind: 'title', parent: 'cast_1' });
    expect(m.get('cast_1/hlava_2/dil_1')).toMatchObject({ kind: 'chapter', parent: 'cast_1/hlava_2' });
    expect(m.get('par_1')).toMatchObject({ kind: 'section', parent: 'cast_1/hlava_1' });
    expect(m.get('par_52')).toMatchObject({ kind: 'section', parent: 'cast_1/hlava_2/dil_1' });
    expect(m.get('par_52/odst_1')).toMatchObject({ kind: 'paragraph', parent: 'par_52' });
    expect(m.get('par_52/odst_1/pism_b/bod_1')).toMatchObject({ kind: 'point', parent: 'par_52/odst_1/pism_b' });
    expect(m.get('par_54')).toMatchObject({ parent: 'cast_2' });
    expect(m.get('priloha_1')).toMatchObject({ kind: 'annex', parent: null });
  });

  it('headings: after the container or § line, or a title line written above a §', () => {
    expect(m.get('cast_1')!.heading).toBe('OBECNÁ USTANOVENÍ');
    expect(m.get('cast_1/hlava_1')!.heading).toBe('PŘEDMĚT ÚPRAVY');
    expect(m.get('cast_1/hlava_2')!.heading).toBeNull();
    expect(m.get('cast_1/hlava_2/dil_1')!.heading).toBe('Krádež a jiné');
    expect(m.get('par_52')!.heading).toBe('Krádež');
    expect(m.get('par_1')!.heading).toBeNull();
    expect(m.get('par_53')!.heading).toBe('Zastoupení');
    expect(m.get('priloha_1')!.heading).toBe('Seznam věcí');
  });

  it('offsets: each slice begins with its heading line and ends where the next node starts', () => {
    const slice = (id: string) => LAW.slice(m.get(id)!.start, m.get(id)!.end);
    expect(slice('cast_1').startsWith('## ČÁST PRVNÍ\n')).toBe(true);
    expect(slice('par_52').startsWith('##### § 52\n')).toBe(true);
    expect(slice('par_52').endsWith('potrestán.\n\n')).toBe(true);
    expect(slice('par_52/odst_1').startsWith('(1) Kdo')).toBe(true);
    expect(slice('par_52/odst_1').includes('bude potrestán.')).toBe(true);
    expect(slice('par_52/odst_1/pism_b/bod_2')).toBe('- 2. holí,\n\nbude potrestán.\n\n');
    // The title written above § 53 belongs to it.
    expect(slice('par_53').startsWith('#### Zastoupení\n\n##### § 53\n')).toBe(true);
    expect(slice('par_52a')).toBe('##### § 52a\n\nzrušeno\n\n');
    expect(slice('priloha_1').startsWith('Příloha č. 1 k zákonu')).toBe(true);
    expect(m.get('priloha_2')!.end).toBe(LAW.length);
    // The top-level ranges cover the text after the first heading.
    const top = r.provisions.filter((p) => p.parent === null);
    expect(top.map((p) => LAW.slice(p.start, p.end)).join('')).toBe(LAW.slice(LAW.indexOf('## ČÁST PRVNÍ')));
  });

  it('repealed stubs: zrušeno and (zrušeno)', () => {
    expect(m.get('par_52a')!.repealed).toBe(true);
    expect(m.get('par_54/odst_2')!.repealed).toBe(true);
    expect(m.get('par_54/odst_1')!.repealed).toBe(false);
    expect(m.get('par_52')!.repealed).toBe(false);
  });

  it('a duplicated § is a provision with a ~2 id, counted in the stats; a § in a table is not a heading', () => {
    expect(m.get('par_54~2')).toMatchObject({ label: '§ 54', kind: 'section' });
    expect(r.unparsed).toEqual([]);
    expect(r.stats).toMatchObject({ sectionHeadings: 6, sections: 6, duplicates: 1, quotedHeadings: 0 });
    expect(r.stats.byKind).toEqual({ part: 2, title: 2, chapter: 1, section: 6, paragraph: 4, letter: 4, point: 2, annex: 2 });
  });
});

describe('articles, quoted amendments and untidy text', () => {
  it('Čl. with Roman numerals: cl_1, odstavce below it, a suffix kept', () => {
    const text = [
      '# Ústavní zákon',
      '',
      '### HLAVA PRVNÍ',
      '',
      '#### ZÁKLADNÍ USTANOVENÍ',
      '',
      '##### Čl. I',
      '',
      '(1) Česká republika je stát.',
      '',
      '(2) Dodržuje závazky.',
      '',
      '##### Čl. 10a',
      '',
      'Text.',
      '',
      '##### Článek 3',
      '',
      'Jiný zápis.',
      '',
      '##### ČI. IV',
      '',
      'Přepis, kde l je I.',
    ].join('\n');
    const r = parseProvisions(text);
    expect(r.provisions.map((p) => [p.id, p.label, p.parent])).toEqual([
      ['hlava_1', 'Hlava první', null],
      ['cl_1', 'čl. I', 'hlava_1'],
      ['cl_1/odst_1', 'čl. I odst. 1', 'cl_1'],
      ['cl_1/odst_2', 'čl. I odst. 2', 'cl_1'],
      ['cl_10a', 'čl. 10a', 'hlava_1'],
      ['cl_3', 'čl. 3', 'hlava_1'],
      ['cl_4', 'čl. IV', 'hlava_1'],
    ]);
    expect(r.provisions[0].heading).toBe('ZÁKLADNÍ USTANOVENÍ');
    expect(r.stats.sectionHeadings).toBe(4);
    expectWellFormed(text, r.provisions);
  });

  it('an amending act: quoted §§ and headings are text of the amended act, not provisions', () => {
    const text = [
      '# Zákon, kterým se mění zákon o zbraních',
      '',
      '## ČÁST PRVNÍ',
      '',
      '#### Změna trestního řádu',
      '',
      '##### Čl. I',
      '',
      'Zákon č. 141/1961 Sb. se mění takto:',
      '',
      '- 1. V § 1 odst. 3 písmeno c) zní:',
      '',
      '- „c) výbušniny nalezené při průzkumu,“.',
      '',
      '- 2. Za § 19 se vkládá nový § 19a, který včetně nadpisu zní:',
      '',
      '#### „Dočasná licence',
      '',
      '##### § 19a',
      '',
      '(1) Žadatel může požádat o licenci.',
      '',
      '##### § 19b',
      '',
      '(1) Licence zaniká.“.',
      '',
      '##### „§ 20',
      '',
      'Jiný text.“.',
      '',
      '##### Čl. II',
      '',
      '#### Účinnost',
      '',
      'Tento zákon nabývá účinnosti dnem 1. ledna 2026.',
    ].join('\n');
    const r = parseProvisions(text);
    expect(r.provisions.map((p) => p.id)).toEqual(['cast_1', 'cl_1', 'cl_1/bod_1', 'cl_1/bod_2', 'cl_2']);
    expect(r.provisions.find((p) => p.id === 'cl_2')!.heading).toBe('Účinnost');
    expect(r.stats).toMatchObject({ sectionHeadings: 2, sections: 2, quotedHeadings: 3 });
    expect(r.unparsed).toEqual([]);
    expectWellFormed(text, r.provisions);
  });

  it('a quotation left open does not swallow the act: its own next § ends it', () => {
    const text = [
      '##### § 1',
      '',
      '- a) používá označení „podílový fond“, „standardní fond',
      '',
      '(2) Pojem „snížená viditelnost" znamená mlhu.',
      '',
      '##### § 2',
      '',
      'Text „bez konce',
      '',
      '„(1) Citace, která nekončí',
      '',
      '##### § 3',
      '',
      'Konec.',
    ].join('\n');
    const r = parseProvisions(text);
    expect(r.provisions.filter((p) => p.kind === 'section').map((p) => p.id)).toEqual(['par_1', 'par_2', 'par_3']);
    expect(r.provisions.map((p) => p.id)).toContain('par_1/odst_2');
    expect(r.stats.runawayQuotes).toBe(1);
  });

  it('an article whose text is only §§ encloses them', () => {
    const text = [
      '## ČÁST PRVNÍ',
      '',
      '##### Čl. LXXII',
      '',
      '##### § 1',
      '',
      'Text.',
      '',
      '##### § 2',
      '',
      'Text.',
      '',
      '##### Čl. LXXIII',
      '',
      'Účinnost.',
    ].join('\n');
    const r = parseProvisions(text);
    expect(r.provisions.map((p) => [p.id, p.parent])).toEqual([
      ['cast_1', null],
      ['cl_72', 'cast_1'],
      ['par_1', 'cl_72'],
      ['par_2', 'cl_72'],
      ['cl_73', 'cast_1'],
    ]);
    expectWellFormed(text, r.provisions);
  });

  it('ordinal words, Roman and Arabic numbers of containers become numbers', () => {
    const text = ['## ČÁST DVACÁTÁ PRVNÍ', '### HLAVA XII', '#### Díl 3', '#### Oddíl DRUHÝ', '#### Pododdíl 1', '##### § 5', 'Text.'].join(
      '\n',
    );
    const r = parseProvisions(text);
    expect(r.provisions.map((p) => [p.id, p.kind, p.label])).toEqual([
      ['cast_21', 'part', 'Část dvacátá první'],
      ['cast_21/hlava_12', 'title', 'Hlava XII'],
      ['cast_21/hlava_12/dil_3', 'chapter', 'Díl 3'],
      ['cast_21/hlava_12/dil_3/oddil_2', 'division', 'Oddíl druhý'],
      ['cast_21/hlava_12/dil_3/oddil_2/pododdil_1', 'subdivision', 'Pododdíl 1'],
      ['par_5', 'section', '§ 5'],
    ]);
    expect(r.provisions[5].parent).toBe('cast_21/hlava_12/dil_3/oddil_2/pododdil_1');
  });

  it('a container whose ordinal stands before its word: "PRVNÍ ČÁST", "Druhý oddíl" (vyhláška č. 48/1982 Sb.; h-recall11)', () => {
    const text = [
      '## PRVNÍ ČÁST',
      '#### VŠEOBECNÁ USTANOVENÍ',
      '#### První oddíl',
      '##### § 1',
      'Text.',
      '#### Druhý oddíl',
      '##### § 2',
      'Text.',
      '## DRUHÁ ČÁST',
      '#### Společná část',
      '##### § 3',
      'Text.',
    ].join('\n');
    const r = parseProvisions(text);
    expect(r.provisions.map((p) => [p.id, p.label, p.parent])).toEqual([
      ['cast_1', 'Část první', null],
      ['cast_1/oddil_1', 'Oddíl první', 'cast_1'],
      ['par_1', '§ 1', 'cast_1/oddil_1'],
      ['cast_1/oddil_2', 'Oddíl druhý', 'cast_1'],
      ['par_2', '§ 2', 'cast_1/oddil_2'],
      ['cast_2', 'Část druhá', null],
      ['par_3', '§ 3', 'cast_2'],
    ]);
  });

  it('ordinal-word articles, a footnote mark in a § heading, a straight-quoted § and an unquoted "§ N zní:"', () => {
    const text = [
      '##### Článek první',
      '',
      'Text.',
      '',
      '##### § 14^4)',
      '',
      'Text.',
      '',
      '##### "§ 19a',
      '',
      'Citovaný text."',
      '',
      '##### § 3 zní:',
      '',
      'Nový text.',
      '',
      '##### § 15',
      '',
      'Vlastní text.',
    ].join('\n');
    const r = parseProvisions(text);
    expect(r.provisions.map((p) => [p.id, p.label])).toEqual([
      ['cl_1', 'čl. první'],
      ['par_14', '§ 14'],
      ['par_15', '§ 15'],
    ]);
    expect(r.unparsed.map((u) => [u.line, u.reason])).toEqual([['##### § 3 zní:', expect.stringMatching(/amendment instruction/)]]);
    expect(r.stats).toMatchObject({ sectionHeadings: 4, sections: 3, quotedHeadings: 1 });
  });

  it('malformed § headings are reported, not made', () => {
    const text = ['##### § 1', '', 'Text.', '', '#### § 16 odst. 1', '', 'Vysvětlení.', ''].join('\n');
    const r = parseProvisions(text);
    expect(r.provisions.map((p) => p.id)).toEqual(['par_1']);
    expect(r.unparsed).toEqual([
      { offset: text.indexOf('#### § 16'), line: '#### § 16 odst. 1', reason: expect.stringMatching(/reference to part/) },
    ]);
    expect(r.stats.sectionHeadings).toBe(2);
  });

  it('a date at the start of a line is no body point; a table inside a § is skipped', () => {
    const text = ['##### § 9', '', '1. ledna 2026 nabývá účinnosti.', '', '| (1) | a) |', '|---|---|', '| 1. | x |'].join('\n');
    const r = parseProvisions(text);
    expect(r.provisions.map((p) => p.id)).toEqual(['par_9']);
  });

  it('a title-only file, plain text and empty text parse to nothing without throwing', () => {
    for (const text of ['', '# Vyhláška o ničem', '# Sdělení\n\nVláda sděluje, že (1) nic.\n', '\n\n\n', '| a | b |\n|---|---|\n']) {
      const r = parseProvisions(text);
      expect(r.provisions).toEqual([]);
      expect(r.unparsed).toEqual([]);
      expect(r.stats).toMatchObject({ sectionHeadings: 0, sections: 0 });
    }
  });

  it('CRLF line ends and an annex with no number', () => {
    const text = '##### § 1\r\n\r\n(1) Text.\r\n\r\nPříloha\r\n\r\nObsah.\r\n';
    const r = parseProvisions(text);
    expect(r.provisions.map((p) => [p.id, p.label])).toEqual([
      ['par_1', '§ 1'],
      ['par_1/odst_1', '§ 1 odst. 1'],
      ['priloha', 'Příloha'],
    ]);
    expectWellFormed(text, r.provisions);
  });
});

describe('quoteDepthAfter: the one count of quotation marks, for the parser and the amending-act reader', () => {
  it('opens on „ and closes on “ or a straight quote typed for it', () => {
    expect(quoteDepthAfter('V § 52 písm. g) se slova „hrubě porušuje“ nahrazují slovy „závažně porušuje“.', 0, false, false)).toBe(0);
    expect(quoteDepthAfter('a slova „snížená viditelnost" se zrušují.', 0, false, false)).toBe(0);
    expect(quoteDepthAfter('Text.“', 1, false, false)).toBe(0);
  });

  it('carries a quotation past the line only where the line leads into it', () => {
    expect(quoteDepthAfter('Za § 19 se vkládá nový § 19a, který zní: „', 0, false, false)).toBe(1);
    expect(quoteDepthAfter('„##### § 19a', 0, true, false)).toBe(1);
    // An unclosed mark in the middle of a line is a typo: the quotation ends with the line.
    expect(quoteDepthAfter('se slova „hrubě porušuje nahrazují slovy', 0, false, false)).toBe(0);
  });

  it('opens on a leading straight quote only where told so', () => {
    expect(quoteDepthAfter('"§ 19a', 0, true, true)).toBe(1);
    expect(quoteDepthAfter('"§ 19a', 0, false, false)).toBe(0);
  });
});
