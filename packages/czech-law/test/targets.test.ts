import {
  citedFootnotes,
  citesTarget,
  containerReached,
  effectReaches,
  foldTargets,
  isPlainTarget,
  odstavecPlacer,
  parseInstruction,
  rangeTarget,
  targetReaches,
  uniqueContainers,
  WHOLE_ACT_TARGET,
} from '../src';

/** The provision reads' rule for a provision id: the same unit, one inside it, one holding it, or a container of it. */
const reads = (provision: string, ancestors: string[]) => (t: string) =>
  t === provision || provision.startsWith(`${t}/`) || t.startsWith(`${provision}/`) || ancestors.includes(t);

const reach = (targets: string[], provision: string, ancestors: string[] = []) =>
  effectReaches(targets, provision, { ancestors }, reads(provision, ancestors));

describe('what stored targets reach (#35 items 3 and 4, h-recall3)', () => {
  it('reaches every provision of a whole act repealed but the units it keeps and what lies inside them (vyhláška č. 149/1988 Sb. on vyhláška č. 128/1975 Sb.)', () => {
    const targets = parseInstruction('Předpis se zrušuje s výjimkou § 132 až 134, § 139, části páté a přílohy č. 2.').effects[0].targets;
    expect(reach(targets, 'par_1')).toBe(true);
    expect(reach(targets, 'par_131/odst_2')).toBe(true);
    expect(reach(targets, 'par_133')).toBe(false);
    expect(reach(targets, 'par_139/odst_1')).toBe(false);
    expect(reach(targets, 'priloha_2')).toBe(false);
    expect(reach(targets, 'priloha_1')).toBe(true);
    // § 145a of část pátá: kept with the část that holds it.
    expect(reach(targets, 'par_145a', ['cast_5'])).toBe(false);
    expect(reach(targets, 'par_140', ['cast_4'])).toBe(true);
  });

  it('keeps each exception with its own repeal when several effects are listed together', () => {
    const folded = [...foldTargets([WHOLE_ACT_TARGET, '!par_2']), ...foldTargets(['par_2'])];
    expect(folded.some((t) => targetReaches(t, 'par_2', { ancestors: [] }, reads('par_2', [])))).toBe(true);
    expect(foldTargets(['par_1', '!par_2'])).toEqual(['par_1']);
  });

  it('does not take a replacement "v celém textu" (`*`) for the whole act', () => {
    const targets = parseInstruction('V celém textu zákona se slova „okresní úřad“ nahrazují slovy „krajský úřad“.').effects[0].targets;
    expect(targets).toContain('*');
    expect(reach(targets, 'par_5')).toBe(false);
  });

  it('reaches a § inserted since between a range’s ends, not one after its end (vyhláška č. 16/2012 Sb.: "§ 9 až 20 … se zrušují")', () => {
    const targets = parseInstruction('§ 9 až 20 se zrušují.').effects[0].targets;
    expect(targets).toContain(rangeTarget('par_9', 'par_20'));
    expect(targets.filter((t) => !isPlainTarget(t))).toEqual(['par_9..par_20']);
    expect(reach(targets, 'par_11a')).toBe(true);
    expect(reach(targets, 'par_11a/odst_2')).toBe(true);
    expect(reach(targets, 'par_20a')).toBe(false);
    expect(reach(targets, 'par_8a')).toBe(false);
  });

  it('orders letters past z after z in a span: "§ 144a až 144rr" in a sentence not read (zákon č. 1/2002 Sb., bod 158, on zákon č. 13/1993 Sb.)', () => {
    const targets = parseInstruction('Za § 144 se vkládají nové § 144a až 144rr, které včetně nadpisů znějí:').effects[0].targets;
    expect(targets).toContain(rangeTarget('par_144a', 'par_144rr'));
    for (const id of ['par_144k', 'par_144z', 'par_144aa', 'par_144pp/odst_2']) expect(reach(targets, id)).toBe(true);
    expect(reach(targets, 'par_144ss')).toBe(false);
    expect(reach(targets, 'par_145')).toBe(false);
  });

  it('reaches the hlava of a část named without its část where the tree has one (zákon č. 130/2006 Sb. on zákon č. 154/2000 Sb.: "Hlava III zní:")', () => {
    const targets = parseInstruction('Hlava III zní:\n\n„HLAVA III\n\n##### § 5\n\nText.“').effects[0].targets;
    expect(targets).toContain('hlava_3');
    expect(reach(targets, 'par_7', ['cast_1/hlava_3', 'cast_1'])).toBe(true);
    expect(reach(targets, 'cast_1/hlava_3')).toBe(true);
    expect(reach(targets, 'par_9', ['cast_1/hlava_4', 'cast_1'])).toBe(false);
    // Two hlavy III (in two části): the caller's tree says the name is not one container.
    const unique = (_t: string, c: string) => c === 'cast_2/hlava_3';
    expect(effectReaches(targets, 'par_7', { ancestors: ['cast_1/hlava_3'], unique }, reads('par_7', ['cast_1/hlava_3']))).toBe(false);
  });

  it('reaches an oddíl named with its část but not its hlava under the část\'s one hlava (nařízení vlády č. 223/1992 Sb., § 13 bod 2, on vyhláška č. 568/1991 Sb.: "oddíl první až jedenáctý části třetí")', () => {
    const targets = parseInstruction(
      'Zrušují se:\n\n- 2. § 17, oddíl první až jedenáctý části třetí, přílohy č. 3 až 6 vyhlášky federálního ministerstva vnitra č. 568/1991 Sb.',
    ).effects.flatMap((e) => e.targets);
    expect(targets).toContain('cast_3/oddil_5');
    // The vyhláška's část třetí holds its oddíly in its hlava první.
    const inOddil = ['cast_3/hlava_1/oddil_5', 'cast_3/hlava_1', 'cast_3'];
    expect(reach(targets, 'par_30', inOddil)).toBe(true);
    expect(reach(targets, 'cast_3/hlava_1/oddil_5')).toBe(true);
    // Not the oddíl of another část, nor an oddíl past the eleventh, nor a level that is no container.
    expect(reach(targets, 'par_60', ['cast_4/hlava_1/oddil_5', 'cast_4/hlava_1', 'cast_4'])).toBe(false);
    expect(reach(targets, 'par_50', ['cast_3/hlava_2/oddil_12', 'cast_3/hlava_2', 'cast_3'])).toBe(false);
    expect(reach(['cast_3/oddil_5'], 'cast_3/priloha_1/oddil_5')).toBe(false);
    // Where the text holds that oddíl under two hlavy of the část, the tree does not say which one.
    const ids = ['cast_3', 'cast_3/hlava_1', 'cast_3/hlava_1/oddil_5', 'cast_3/hlava_2', 'cast_3/hlava_2/oddil_5'];
    const ctx = (unique: (t: string, c: string) => boolean) => ({ ancestors: inOddil, unique });
    expect(effectReaches(['cast_3/oddil_5'], 'par_30', ctx(uniqueContainers(ids)), reads('par_30', inOddil))).toBe(false);
    expect(effectReaches(['cast_3/oddil_5'], 'par_30', ctx(uniqueContainers(ids.slice(0, 3))), reads('par_30', inOddil))).toBe(true);
  });
});

describe("a footnote's marks (#35 item 4, h-recall6)", () => {
  it('reaches the provisions whose text cites a footnote renumbered (zákon č. 1/2002 Sb., bod 12, on zákon č. 13/1993 Sb.)', () => {
    const targets = parseInstruction(
      'Dosavadní poznámky pod čarou č. 3a), 3b) a 3c) se označují jako poznámky č. 3d), 3e) a 3f), včetně odkazů na poznámku pod čarou.',
    ).effects[0].targets;
    expect(targets).toEqual(expect.arrayContaining(['fn_3a', 'fn_3d', citesTarget('fn_3a'), citesTarget('fn_3d')]));
    expect(targets.filter((t) => !isPlainTarget(t))).toHaveLength(6);
    const cites = (text: string) => () => citedFootnotes(text);
    const reachCiting = (provision: string, text: string) =>
      effectReaches(targets, provision, { ancestors: [], cites: cites(text) }, reads(provision, []));
    expect(reachCiting('par_5/odst_3', '(3) … jejich úkolů.^3a)')).toBe(true);
    expect(reachCiting('par_12/odst_3', '(3) … České republiky^3d) s odchylkami')).toBe(true);
    expect(reachCiting('par_22/odst_3', '(3) … o přestupcích.^5a)')).toBe(false);
    // Without what the provision cites, the marks reach nothing.
    expect(reach(targets, 'par_5/odst_3')).toBe(false);
  });

  it('reaches the citing provisions of a footnote repealed with its marks, not of one repealed alone', () => {
    const withMarks = parseInstruction('Poznámka pod čarou č. 5 se zrušuje, včetně odkazu na ni.').effects[0].targets;
    expect(withMarks).toEqual(['fn_5', citesTarget('fn_5')]);
    expect(parseInstruction('Poznámka pod čarou č. 5 se zrušuje.').effects[0].targets).toEqual(['fn_5']);
    // A range's span is no footnote: its marks are those of the footnotes between its ends.
    const range = parseInstruction('Poznámky pod čarou č. 17 až 19 se zrušují, včetně odkazů na ně.').effects[0].targets;
    expect(range).toEqual(expect.arrayContaining(['^fn_17', '^fn_18', '^fn_19']));
    expect(range.filter((t) => t.startsWith('^') && t.includes('..'))).toEqual([]);
  });
});

describe('písmena renumbered in a run, "ch)" among them (#35 item 4, h-recall8)', () => {
  it('reaches a "ch)" inside a run of písmena renumbered, and nothing past its ends (zákon č. 91/2004 Sb. on zákon č. 140/1961 Sb.)', () => {
    const targets = parseInstruction(
      'V § 34 se za písmeno c) vkládá nové písmeno d), které zní:\n\n- „d) spáchal trestný čin,“.\n\nDosavadní písmena d) až j) se označují jako písmena e) až k).',
    ).effects.flatMap((e) => e.targets);
    expect(targets).toContain(rangeTarget('par_34/pism_d', 'par_34/pism_k'));
    expect(reach(targets, 'par_34/pism_ch')).toBe(true);
    expect(reach(targets, 'par_34/pism_l')).toBe(false);
    expect(reach(targets, 'par_35/pism_ch')).toBe(false);
  });

  it('reaches "ch)" in a span of písmena repealed', () => {
    const targets = parseInstruction('V § 34 se písmena h) až j) zrušují.').effects.flatMap((e) => e.targets);
    expect(reach(targets, 'par_34/pism_ch')).toBe(true);
    expect(reach(targets, 'par_34/pism_g')).toBe(false);
  });
});

describe('a písmeno named without its odstavec, a container all of whose §§ are reached (#35 item 4, h-recall11)', () => {
  // § 2 of zákon č. 634/1992 Sb. numbers its písmena inside odst. 1.
  const ids = ['par_1', 'par_2', 'par_2/odst_1', 'par_2/odst_1/pism_f', 'par_2/odst_1/pism_g', 'par_2/odst_1/pism_h', 'par_2/odst_2'];
  const placeIn = (provision: string, targets: string[], place = odstavecPlacer(ids)) =>
    effectReaches(targets, provision, { ancestors: [], place }, reads(provision, []));

  it('reaches the letters of the one odstavec that holds them ("V § 2 se písmena g) až i) zrušují", zákon č. 238/2012 Sb. on zákon č. 634/1992 Sb.)', () => {
    const targets = parseInstruction('V § 2 se písmena g) až i) zrušují.').effects[0].targets;
    expect(targets).toContain('par_2/pism_g');
    expect(placeIn('par_2/odst_1/pism_g', targets)).toBe(true);
    expect(placeIn('par_2/odst_1/pism_h', targets)).toBe(true);
    expect(placeIn('par_2/odst_1/pism_f', targets)).toBe(false);
    // Without the text's ids the target reaches only its own id.
    expect(reach(targets, 'par_2/odst_1/pism_g')).toBe(false);
  });

  it('places a letter added in the one odstavec of the § holding písmena, and none where two odstavce hold that letter', () => {
    const place = odstavecPlacer(ids);
    expect(place('par_2/pism_j')).toBe('par_2/odst_1/pism_j');
    expect(place('par_2/pism_g/bod_1')).toBe('par_2/odst_1/pism_g/bod_1');
    expect(place('par_1/pism_a')).toBeNull();
    const two = odstavecPlacer([...ids, 'par_2/odst_2/pism_g']);
    expect(two('par_2/pism_g')).toBeNull();
    expect(two('par_2/pism_h')).toBe('par_2/odst_1/pism_h');
    expect(two('par_2/pism_j')).toBeNull();
    // A § whose písmena stand right under it keeps them.
    expect(odstavecPlacer(['par_3', 'par_3/pism_a'])('par_3/pism_a')).toBeNull();
  });

  it('reaches a container through its §§ only when every one of them is reached ("§ 22 až 146a … se zrušují", zákon č. 362/2003 Sb. on zákon č. 154/1994 Sb.)', () => {
    const targets = parseInstruction('§ 22 až 146a se zrušují.').effects[0].targets;
    const reached = (p: string) => reach(targets, p, ['cast_4']);
    expect(reach(targets, 'cast_4')).toBe(false);
    expect(containerReached(['par_22', 'par_60', 'par_146a'], reached)).toBe(true);
    expect(containerReached(['par_146a', 'par_147'], reached)).toBe(false);
    expect(containerReached([], reached)).toBe(false);
  });
});
