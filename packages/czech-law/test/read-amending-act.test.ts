import {
  applyAmendment,
  parseInstruction,
  readAmendingAct,
  readIntro,
  readRepeal,
  titleAmendedAct,
  WHOLE_ACT_TARGET,
  isPlainTarget,
  titleOnlyAmendedAct,
  type AmendingActMeta,
} from '../src';

const META: AmendingActMeta = { naturalKey: 'sb/2011/365', publicationDate: '2011-12-06', effectivenessDate: '2012-01-01' };

/** An omnibus act (modelled on 365/2011 Sb.): two amended acts, quoted text with its own headings and numbered items. */
const OMNIBUS = `# Zákon, kterým se mění zákon č. 262/2006 Sb., zákoník práce, ve znění pozdějších předpisů, a další související zákony

## ČÁST PRVNÍ

#### Změna zákoníku práce

##### Čl. I

Zákon č. 262/2006 Sb., zákoník práce, ve znění zákona č. 585/2006 Sb., zákona č. 181/2007 Sb. a zákona č. 367/2011 Sb., se mění takto:

- 1. Poznámka pod čarou č. 1 zní:

„^1) Směrnice Rady 91/533/EHS.“.

- 2. Za § 1 se vkládá nový § 1a, který včetně nadpisu zní:

##### „§ 1a

#### Základní zásady pracovněprávních vztahů

V pracovněprávních vztazích se uplatňují zejména tyto zásady

- 1. zvláštní zákonná ochrana postavení zaměstnance,

- 2. uspokojivé a bezpečné pracovní podmínky.

##### § 1b

Zaměstnavatel nesmí přenášet riziko na zaměstnance.“.

- 3. V § 75 a § 76 odst. 1 se číslo „150“ nahrazuje číslem „300“.

##### Čl. II

#### Přechodná ustanovení

- 1. Zákonem č. 262/2006 Sb., ve znění účinném ode dne nabytí účinnosti tohoto zákona, se řídí také pracovněprávní vztahy vzniklé přede dnem nabytí účinnosti tohoto zákona.

## ČÁST DRUHÁ

#### Změna zákona o organizaci a provádění sociálního zabezpečení

##### Čl. III

Zákon č. 582/1991 Sb., o organizaci a provádění sociálního zabezpečení, ve znění zákona č. 590/1992 Sb., se mění a doplňuje takto:

- 1. V § 35a odst. 1 větě druhé se za slovo „činnosti“ vkládají slova „nebo dohody o provedení práce“.

- 2. V § 36 písm. f) se za slovo „činnosti“ vkládají slova „nebo na základě dohody o provedení práce“.

## ČÁST TŘETÍ

#### Změna zákona o zajištění dalších podmínek bezpečnosti a ochrany zdraví při práci

##### Čl. IV

V zákoně č. 309/2006 Sb., kterým se upravují další požadavky bezpečnosti a ochrany zdraví při práci, ve znění zákona č. 362/2007 Sb., se za § 10 vkládá nový § 10a, který zní:

##### „§ 10a

Dokladem o úspěšném vykonání zkoušky je osvědčení.“.

## ČÁST ČTVRTÁ

#### ÚČINNOST

##### Čl. V

Tento zákon nabývá účinnosti dnem 1. ledna 2012.

**Němcová v. r.**
`;

describe('readAmendingAct', () => {
  const reading = readAmendingAct(OMNIBUS, META);

  it('finds one block per amended act, with its část and článek', () => {
    expect(reading.blocks.map((b) => [b.targetKey, b.targetCitation, b.part, b.article, b.form])).toEqual([
      ['sb/2006/262', '262/2006 Sb.', 'ČÁST PRVNÍ', 'Čl. I', 'points'],
      ['sb/1991/582', '582/1991 Sb.', 'ČÁST DRUHÁ', 'Čl. III', 'points'],
      ['sb/2006/309', '309/2006 Sb.', 'ČÁST TŘETÍ', 'Čl. IV', 'single'],
    ]);
  });

  it('keeps quoted text with its headings and numbered items inside its point', () => {
    const labour = reading.blocks[0];
    expect(labour.points.map((p) => p.number)).toEqual(['1', '2', '3']);
    const two = labour.points[1];
    expect(two.text.startsWith('Za § 1 se vkládá nový § 1a')).toBe(true);
    expect(two.text).toContain('#### Základní zásady pracovněprávních vztahů');
    expect(two.text).toContain('- 2. uspokojivé a bezpečné pracovní podmínky.');
    expect(two.text).toContain('##### § 1b');
    expect(two.text.endsWith('Zaměstnavatel nesmí přenášet riziko na zaměstnance.“.')).toBe(true);
    expect(labour.points[2].text).toBe('V § 75 a § 76 odst. 1 se číslo „150“ nahrazuje číslem „300“.');
    // Offsets point at the marker and the point's last character.
    expect(OMNIBUS.slice(labour.points[2].start, labour.points[2].end)).toBe(`- 3. ${labour.points[2].text}`);
  });

  it('ends a block at the next článek: transitional provisions are no points', () => {
    const labour = reading.blocks[0];
    expect(OMNIBUS.slice(labour.start, labour.end)).not.toContain('Přechodná ustanovení');
    expect(reading.blocks.some((b) => b.points.some((p) => p.text.includes('Zákonem č. 262/2006 Sb., ve znění účinném')))).toBe(false);
  });

  it('reads a block of one unnumbered instruction, with the citation cut out for the engine', () => {
    const single = reading.blocks[2];
    expect(single.points).toHaveLength(1);
    expect(single.points[0].number).toBeNull();
    expect(single.points[0].text.startsWith('V zákoně č. 309/2006 Sb.')).toBe(true);
    expect(single.points[0].text.endsWith('Dokladem o úspěšném vykonání zkoušky je osvědčení.“.')).toBe(true);
    expect(single.points[0].instruction?.startsWith('V zákoně se za § 10 vkládá nový § 10a, který zní:')).toBe(true);
    expect(single.points[0].text).not.toContain('Tento zákon nabývá');
  });

  it('dates every point from the act', () => {
    for (const b of reading.blocks) {
      expect(b.effectiveDates).toEqual(['2012-01-01']);
      for (const p of b.points) expect(p.effective).toMatchObject({ date: '2012-01-01', how: 'stated', evidence: 'dnem 1. ledna 2012' });
    }
  });
});

describe('readIntro', () => {
  it('reads the forms that name an amended act', () => {
    const cases: [string, string, 'points' | 'single'][] = [
      [
        'Zákon České národní rady č. 586/1992 Sb., o daních z příjmů, ve znění zákona č. 35/1993 Sb., se mění takto:',
        'sb/1992/586',
        'points',
      ],
      ['Vyhláška Ministerstva zdravotnictví č. 5/2000 Sb., kterou se stanoví …, se mění a doplňuje takto:', 'sb/2000/5', 'points'],
      ['Nařízení vlády č. 352/2000 Sb., ve znění nařízení vlády č. 1/2001 Sb., se doplňuje takto:', 'sb/2000/352', 'points'],
      ['Ústavní zákon č. 1/1993 Sb., Ústava České republiky, se mění takto:', 'sb/1993/1', 'points'],
      ['Příloha k zákonu č. 368/1992 Sb. se mění takto:', 'sb/1992/368', 'points'],
      ['Zákon Slovenskej národnej rady č. 330/1991 Zb. o pozemkových úpravách sa mení a dopĺňa takto:', 'sb/1991/330', 'points'],
      ['Trestní zákon č. 140/1961 Sb., ve znění pozdějších předpisů, se mění a doplňuje takto:', 'sb/1961/140', 'points'],
      ['V § 36a odst. 3 zákona č. 235/2004 Sb., o dani z přidané hodnoty, se písmeno d) zrušuje.', 'sb/2004/235', 'single'],
      [
        'Příloha č. 6 k vyhlášce č. 197/2001 Sb., o způsobu vnějšího označení, ve znění vyhlášky č. 332/2005 Sb., zní:',
        'sb/2001/197',
        'single',
      ],
    ];
    for (const [sentence, key, kind] of cases) {
      const intro = readIntro(sentence, 'sb/2020/1');
      expect(intro).toMatchObject({ kind, citation: { naturalKey: key } });
    }
  });

  it('reads no block where the sentence does not name the act it amends', () => {
    // A whole act repealed names the act: an effect on the whole of it (below, "whole-act repeals").
    expect(readIntro('Vyhláška č. 5/1990 Sb. se zrušuje.', 'sb/2020/1')).toMatchObject({
      kind: 'single',
      citation: { naturalKey: 'sb/1990/5' },
      instruction: 'Předpis se zrušuje.',
    });
    expect(readIntro('Zákon č. 1/2000 Sb. a zákon č. 2/2000 Sb. se mění takto:', 'sb/2020/1')).toEqual({
      kind: 'skip',
      reason: 'several_acts',
    });
    expect(readIntro('Řízení zahájená podle zákona č. 1/2000 Sb. se dokončí podle dosavadních předpisů.', 'sb/2020/1')).toBeNull();
    expect(readIntro('Zákon č. 1/1955 Zb. SNR se mění takto:', 'sb/2020/1')).toBeNull();
    expect(readIntro('Zákon č. 1/2020 Sb. se mění takto:', 'sb/2020/1')).toEqual({ kind: 'skip', reason: 'self' });
  });

  it("cuts the amended act's name out of a one-instruction sentence, as a numbered point reads", () => {
    const instruction = (sentence: string) => {
      const intro = readIntro(sentence, 'sb/2020/1');
      return intro && intro.kind === 'single' ? intro.instruction : null;
    };
    expect(
      instruction('V § 1 zákona č. 16/1993 Sb., o dani silniční, ve znění zákona č. 1/1994 Sb., se číslo „5“ nahrazuje číslem „6“.'),
    ).toBe('V § 1 se číslo „5“ nahrazuje číslem „6“.');
    expect(instruction('V § 5 odst. 2 zákona České národní rady č. 2/1969 Sb., o zřízení ministerstev, se písmeno d) zrušuje.')).toBe(
      'V § 5 odst. 2 se písmeno d) zrušuje.',
    );
    // The annex of an act keeps its "k vyhlášce"; an opening with no place left keeps the act.
    expect(instruction('V příloze k vyhlášce č. 2/1969 Sb., o něčem, se slova „a“ nahrazují slovy „b“.')).toBe(
      'V příloze k vyhlášce se slova „a“ nahrazují slovy „b“.',
    );
    expect(instruction('V zákoně č. 2/1969 Sb., o něčem, se § 3 zrušuje.')).toBe('V zákoně se § 3 zrušuje.');
    // Commas inside the quoted words do not hide the predicate.
    expect(
      instruction('V § 1 odst. 2 vyhlášky č. 423/2011 Sb., o nákladech, kdy je hradí stát, se částka „1,20“ nahrazuje částkou „1,60“.'),
    ).toBe('V § 1 odst. 2 se částka „1,20“ nahrazuje částkou „1,60“.');
    expect(instruction('V § 52 odst. 8 zákona č. 253/2008 Sb., o něčem, se slova „ , a vymáhá celní úřad“ zrušují.')).toBe(
      'V § 52 odst. 8 se slova „ , a vymáhá celní úřad“ zrušují.',
    );
  });

  it('reads the acts that amended the amended act as such, not as co-subjects', () => {
    const intro = readIntro(
      'Příloha č. 1 k nařízení vlády č. 689/2004 Sb., o oborech, ve znění nařízení vlády č. 18/2006 Sb. a nařízení vlády č. 224/2007 Sb., se mění takto',
      'sb/2008/268',
    );
    expect(intro).toMatchObject({ kind: 'points', citation: { naturalKey: 'sb/2004/689' } });
    expect(readIntro('Nařízení vlády č. 1/2000 Sb. a nařízení vlády č. 2/2000 Sb. se mění takto:', 'sb/2020/1')).toEqual({
      kind: 'skip',
      reason: 'several_acts',
    });
  });

  it('applies the one instruction of an act amending a single act', () => {
    const act = `# Zákon, kterým se mění zákon České národní rady č. 2/1969 Sb.

##### Čl. I

V § 5 zákona České národní rady č. 2/1969 Sb., o zřízení ministerstev, ve znění zákona č. 1/1994 Sb., se číslo „150“ nahrazuje číslem „300“.

##### Čl. II

Tento zákon nabývá účinnosti dnem 1. ledna 2012.
`;
    const [block] = readAmendingAct(act, META).blocks;
    expect(block.targetKey).toBe('sb/1969/2');
    const text = '# Zákon\n\n##### § 5\n\nPráce přesčas nesmí být větší než 150 hodin.\n';
    const result = applyAmendment(text, block.points);
    expect(result.points.map((p) => p.status)).toEqual(['applied']);
    expect(result.text).toContain('nesmí být větší než 300 hodin.');
  });

  it('ends a block at a later část of the act even after a gap in its numbering', () => {
    const act = `# Zákon

## ČÁST PRVNÍ

##### Čl. I

Zákon č. 141/1961 Sb., o trestním řízení soudním, se mění takto:

- 1. § 8b se zrušuje.

## ČÁST PÁTÁ

##### Čl. V

Tento zákon nabývá účinnosti dnem 1. dubna 2009.
`;
    const [block] = readAmendingAct(act, META).blocks;
    expect(block.points.map((p) => p.text)).toEqual(['§ 8b se zrušuje.']);
  });
});

describe('repeals of provisions of another act (#35 item 4)', () => {
  /** Modelled on the repeal lists of nařízení vlády č. 309/2014 Sb. and zákon č. 89/2012 Sb. */
  const LIST = `# Nařízení vlády

##### § 5

Zrušuje se:

- 1. Nařízení vlády č. 479/2009 Sb., o stanovení důsledků porušení podmíněnosti.

- 2. Část první nařízení vlády č. 448/2012 Sb., kterým se mění nařízení vlády č. 479/2009 Sb., o stanovení důsledků.

- 3. § 5 a 6 vyhlášky ministerstva práce a sociálních věcí č. 182/1968 Sb., o dávkách v mateřství, ve znění vyhlášky č. 132/1984 Sb.

- 4. ustanovení § 6 zákona č. 93/1951 Sb., o státním svátku;

- 5. ve vyhlášce ministra všeobecného strojírenství č. 137/1964 Sb., kterou se vydávají základní podmínky dodávky, ve znění vládního nařízení č. 38/1966 Sb., ustanovení § 4 až 15 a § 18;

##### § 6

Toto nařízení nabývá účinnosti dnem 1. ledna 2015.
`;

  it('reads each item that repeals provisions as a block of that act, dated by the act', () => {
    const reading = readAmendingAct(LIST, { naturalKey: 'sb/2014/309', publicationDate: '2014-12-18', effectivenessDate: null });
    expect(reading.blocks.map((b) => [b.targetKey, b.section, b.points.map((p) => p.instruction)])).toEqual([
      ['sb/2009/479', '§ 5', ['Předpis se zrušuje.']],
      ['sb/2012/448', '§ 5', ['Část první se zrušuje.']],
      ['sb/1968/182', '§ 5', ['§ 5 a 6 se zrušují.']],
      ['sb/1951/93', '§ 5', ['§ 6 se zrušuje.']],
      ['sb/1964/137', '§ 5', ['§ 4 až 15 a § 18 se zrušují.']],
    ]);
    for (const b of reading.blocks) expect(b.effectiveDates).toEqual(['2015-01-01']);
    // The whole act repealed is a block too: its effect targets the whole act.
    expect(reading.skipped).toEqual([]);
  });

  it('reads a repeal sentence, and the engine applies it', () => {
    const act = `# Zákon

##### § 33

(1) Zrušuje se § 453a občanského zákoníku č. 40/1964 Sb., ve znění zákona č. 131/1982 Sb., kterým se mění a doplňuje občanský zákoník.

(2) Zrušuje se zákon č. 1/1980 Sb., o něčem.

##### § 34

Tento zákon nabývá účinnosti dnem 1. dubna 1991.
`;
    const reading = readAmendingAct(act, { naturalKey: 'sb/1991/87', publicationDate: '1991-03-21', effectivenessDate: null });
    expect(reading.blocks).toHaveLength(2);
    const [block, whole] = reading.blocks;
    // The whole act repealed: an effect on all of it, which the engine refuses (no text to rebuild).
    expect(whole).toMatchObject({ targetKey: 'sb/1980/1', effectiveDates: ['1991-04-01'] });
    expect(parseInstruction(whole.points[0]).effects).toEqual([
      { kind: 'repeal', targets: [WHOLE_ACT_TARGET], text: 'Předpis se zrušuje.', form: 'whole act repealed' },
    ]);
    expect(applyAmendment('# Zákon\n\n##### § 1\n\nText.\n', whole.points).points.map((p) => p.status)).toEqual(['not_applied']);
    expect(block).toMatchObject({ targetKey: 'sb/1964/40', effectiveDates: ['1991-04-01'] });
    expect(block.points.map((p) => p.instruction)).toEqual(['§ 453a se zrušuje.']);
    const text = '# Občanský zákoník\n\n##### § 453\n\nPrvní.\n\n##### § 453a\n\nDruhý.\n\n##### § 454\n\nTřetí.\n';
    const result = applyAmendment(text, block.points);
    expect(result.points.map((p) => p.status)).toEqual(['applied']);
    expect(result.text).not.toContain('Druhý.');
    expect(result.text).toContain('Třetí.');
  });

  it('ends a repeal list at a paragraph that is no item', () => {
    const act = `# Zákon

##### § 9

Zrušují se:

- 1. § 2 zákona č. 1/1990 Sb., o něčem.

Podle § 3 zákona č. 2/1990 Sb., o jiném, se postupuje i nadále.

- 2. § 4 zákona č. 3/1990 Sb., o třetím.
`;
    const reading = readAmendingAct(act, { naturalKey: 'sb/1995/1', publicationDate: '1995-01-01', effectivenessDate: '1995-01-01' });
    expect(reading.blocks.map((b) => b.targetKey)).toEqual(['sb/1990/1']);
  });
});

describe('intros of the older acts and of lists (#35 item 4)', () => {
  it('reads "s působností pro Českou republiku", verbs in a list and the constitution named by its title', () => {
    const cases: [string, string][] = [
      ['Zákon č. 20/1966 Sb., o péči o zdraví lidu, se s působností pro Českou republiku mění a doplňuje takto:', 'sb/1966/20'],
      ['Občanský zákoník č. 40/1964 Sb., ve znění zákona č. 58/1969 Sb., se mění, doplňuje a upravuje takto:', 'sb/1964/40'],
      ['Ústava Československé socialistické republiky (ústavní zákon č. 100/1960 Sb.) se mění a doplňuje takto:', 'sb/1960/100'],
    ];
    for (const [sentence, key] of cases)
      expect(readIntro(sentence, 'sb/1991/1')).toMatchObject({ kind: 'points', citation: { naturalKey: key } });
  });

  it('finds the verb of a one-instruction sentence far from its "se"', () => {
    const intro = readIntro(
      'V zákoně č. 239/2000 Sb., o integrovaném záchranném systému, ve znění zákona č. 320/2002 Sb., se v § 10 odst. 2 písm. g) a v § 20 odst. 4 a 5 slova „nebo ve Sbírce“ nahrazují slovy „a ve Sbírce“.',
      'sb/2019/277',
    );
    expect(intro).toMatchObject({
      kind: 'single',
      citation: { naturalKey: 'sb/2000/239' },
      instruction: 'V zákoně se v § 10 odst. 2 písm. g) a v § 20 odst. 4 a 5 slova „nebo ve Sbírce“ nahrazují slovy „a ve Sbírce“.',
    });
    expect(
      readIntro(
        'V § 54 zákona č. 61/2000 Sb., o námořní plavbě, se v odstavci 5 věta druhá včetně poznámky pod čarou č. 19 zrušuje.',
        'sb/2006/136',
      ),
    ).toMatchObject({ kind: 'single', citation: { naturalKey: 'sb/2000/61' } });
  });

  it('reads the items of a list that each name the act they amend', () => {
    const act = `# Ústavní zákon

##### Čl. I

- 1. Ústavní zákon č. 143/1968 Sb., o československé federaci, se mění takto:

- a) v článku 41 se slova „a“ nahrazují slovy „b“,

- 2. Ústavní zákon č. 100/1960 Sb., Ústava, ve znění pozdějších ústavních zákonů, se doplňuje takto:

- a) v článku 2 se slova „c“ nahrazují slovy „d“.

- 3. V § 46 odst. 3 zákona č. 154/1994 Sb., o Bezpečnostní informační službě, se slova „e“ nahrazují slovy „f“.

##### Čl. II

Tento ústavní zákon nabývá účinnosti dnem 1. září 1991.
`;
    const reading = readAmendingAct(act, { naturalKey: 'sb/1991/327', publicationDate: '1991-08-16', effectivenessDate: null });
    expect(reading.blocks.map((b) => [b.targetKey, b.form, b.effectiveDates])).toEqual([
      ['sb/1968/143', 'points', ['1991-09-01']],
      ['sb/1960/100', 'points', ['1991-09-01']],
      ['sb/1994/154', 'single', ['1991-09-01']],
    ]);
    expect(reading.blocks[2].points[0].instruction).toBe('V § 46 odst. 3 se slova „e“ nahrazují slovy „f“.');
  });
});

describe('amended acts named otherwise (#35 item 4a)', () => {
  it('takes the act from the title when the intro names none (zákon č. 148/1969 Sb. on zákon č. 140/1961 Sb.)', () => {
    const act = `# Zákon, kterým se mění a doplňuje trestní zákon č. 140/1961 Sb

##### Článek I

Obecná část trestního zákona se mění a doplňuje takto:

- 1. § 26 se zrušuje.

- 2. V § 36 se vypouští odstavec 2 a označení odstavce 1.

##### Článek II

Tento zákon nabývá účinnosti dnem 1. ledna 1970.
`;
    const reading = readAmendingAct(act, { naturalKey: 'sb/1969/148', publicationDate: '1969-12-18', effectivenessDate: null });
    expect(reading.blocks.map((b) => [b.targetKey, b.points.map((p) => p.number), b.effectiveDates])).toEqual([
      ['sb/1961/140', ['1', '2'], ['1970-01-01']],
    ]);
    // A title naming several acts gives no subject.
    const several = act.replace('trestní zákon č. 140/1961 Sb', 'trestní zákon č. 140/1961 Sb. a zákon č. 141/1961 Sb.');
    expect(readAmendingAct(several, { naturalKey: 'sb/1969/148', publicationDate: '1969-12-18', effectivenessDate: null }).blocks).toEqual(
      [],
    );
  });

  it('dates parts named "Část první a druhá tohoto zákona" (zákon č. 417/2009 Sb., čl. VII)', () => {
    const act = `# Zákon, kterým se mění zákon č. 137/2006 Sb., o veřejných zakázkách, a některé další zákony

## ČÁST PRVNÍ

##### Čl. I

Zákon č. 137/2006 Sb., o veřejných zakázkách, se mění takto:

- 1. V § 2 se slovo „a“ nahrazuje slovem „b“.

## ČÁST TŘETÍ

##### Čl. V

Zákon č. 273/1996 Sb., o působnosti Národního bezpečnostního úřadu, se mění takto:

- 1. V § 3 se slovo „c“ nahrazuje slovem „d“.

## ČÁST PÁTÁ

#### ÚČINNOST

##### Čl. VII

- 1. Část první a druhá tohoto zákona nabývají účinnosti dnem 1. ledna 2010.

- 2. Část třetí a čtvrtá tohoto zákona nabývají účinnosti dnem vyhlášení.
`;
    const reading = readAmendingAct(act, { naturalKey: 'sb/2009/417', publicationDate: '2009-11-27', effectivenessDate: '2009-11-27' });
    expect(reading.effectiveness.unread).toEqual([]);
    expect(reading.blocks.map((b) => [b.targetKey, b.effectiveDates])).toEqual([
      ['sb/2006/137', ['2010-01-01']],
      ['sb/1996/273', ['2009-11-27']],
    ]);
  });

  it("reads points that follow Čl. I with no intro as the title's act's (nařízení vlády č. 397/2002 Sb. on nařízení vlády č. 396/2001 Sb.)", () => {
    const act = `# Nařízení vlády, kterým se mění nařízení vlády č. 396/2001 Sb., o použití prostředků Státního fondu rozvoje bydlení na opravy a modernizace bytů

##### Čl. I

- 1. V § 3 se doplňuje odstavec 4, který zní:

„(4) V případech povodní se ustanovení odstavce 2 písm. b) nepoužije.“.

- 2. V § 4 odstavec 2 zní:

„(2) Úroková sazba z úvěru poskytnutého Fondem činí 3 % ročně.“.

##### Čl. II

Toto nařízení nabývá účinnosti dnem jeho vyhlášení.
`;
    const meta = { naturalKey: 'sb/2002/397', publicationDate: '2002-08-28', effectivenessDate: '2002-08-28' };
    expect(
      readAmendingAct(act, meta).blocks.map((b) => [b.targetKey, b.article, b.points.map((p) => [p.number, p.effective?.date])]),
    ).toEqual([
      [
        'sb/2001/396',
        'Čl. I',
        [
          ['1', '2002-08-28'],
          ['2', '2002-08-28'],
        ],
      ],
    ]);
    // Points of a later článek with no intro are no amendment (nařízení vlády č. 125/2000 Sb., čl. III: how a pay is computed).
    const later = act.replace('##### Čl. I\n', '##### Čl. III\n');
    expect(readAmendingAct(later, meta).blocks).toEqual([]);
  });

  it('takes the title\'s act when the title says only "mění" (zákon č. 53/1963 Sb.: "Zákon, jímž se mění § 203 trestního zákona č. 140/1961 Sb")', () => {
    expect(titleAmendedAct('Zákon, jímž se mění § 203 trestního zákona č. 140/1961 Sb', 'sb/1963/53')?.naturalKey).toBe('sb/1961/140');
    expect(titleAmendedAct('Zákon o změně zákona č. 140/1961 Sb.', 'sb/1963/53')?.naturalKey).toBe('sb/1961/140');
    // "mění" inside a word is not the verb.
    expect(titleAmendedAct('Zákon o předpisech neměnících zákon č. 140/1961 Sb.', 'sb/1963/53')).toBeNull();
    expect(titleOnlyAmendedAct('# Zákon, jímž se mění § 203 trestního zákona č. 140/1961 Sb\n', 'sb/1963/53')?.citation.naturalKey).toBe(
      'sb/1961/140',
    );
    expect(titleOnlyAmendedAct('# Zákon, jímž se mění § 203 trestního zákona č. 140/1961 Sb\n\n##### Čl. I\n', 'sb/1963/53')).toBeNull();
  });

  it('reads an act number written without "č." (zákon č. 332/2014 Sb., čl. III bod 17, on zákon č. 198/2009 Sb.)', () => {
    const act = `# Zákon

##### Čl. III

Zrušuje se:

- 17. Část čtvrtá zákona 198/2009 Sb., o rovném zacházení a o právních prostředcích ochrany před diskriminací a o změně některých zákonů (antidiskriminační zákon).

##### Čl. IV

Tento zákon nabývá účinnosti dnem 1. července 2015.
`;
    const reading = readAmendingAct(act, { naturalKey: 'sb/2014/332', publicationDate: '2014-12-30', effectivenessDate: null });
    expect(reading.blocks.map((b) => [b.targetKey, b.points[0].instruction, b.effectiveDates])).toEqual([
      ['sb/2009/198', 'Část čtvrtá se zrušuje.', ['2015-07-01']],
    ]);
  });

  it("does not read the acts of the amended act's own title clause as co-subjects", () => {
    // The shape of an amended act whose name is "…, kterým se mění zákon č. A a zákon č. B".
    expect(
      readIntro('Zákon č. 1/2000 Sb., kterým se mění zákon č. 2/1999 Sb. a zákon č. 3/1998 Sb., se mění takto:', 'sb/2020/1'),
    ).toMatchObject({
      kind: 'points',
      citation: { naturalKey: 'sb/2000/1' },
    });
  });
});

describe('one instruction whose place follows the act’s name (#35 item 4b)', () => {
  it('reads "V zákoně č. …, ve znění …, § 11c až 11e … znějí:" with its place (zákon č. 296/2007 Sb. on zákon č. 97/1963 Sb.)', () => {
    const intro = readIntro(
      'V zákoně č. 97/1963 Sb., o mezinárodním právu soukromém a procesním, ve znění zákona č. 158/1969 Sb. a zákona č. 233/2006 Sb., § 11c až 11e včetně nadpisů a poznámek pod čarou č. 1 až 5 znějí:',
      'sb/2007/296',
    );
    expect(intro).toMatchObject({ kind: 'single', citation: { naturalKey: 'sb/1963/97' } });
    const instruction = intro && intro.kind === 'single' ? intro.instruction! : '';
    expect(instruction).toBe('§ 11c až 11e včetně nadpisů a poznámek pod čarou č. 1 až 5 znějí:');
    const parsed = parseInstruction(`${instruction}\n\n##### „§ 11c\n\nText.“.`);
    expect(parsed.effects[0].targets.slice(0, 3)).toEqual(['par_11c', 'par_11d', 'par_11e']);
  });

  it('keeps the unit named after the act: "V § 17 zákona č. …, ve znění …, odstavec 4 zní:" (zákon č. 183/2008 Sb. on zákon č. 526/1990 Sb.)', () => {
    const intro = readIntro(
      'V § 17 zákona č. 526/1990 Sb., o cenách, ve znění zákona č. 276/2002 Sb. a zákona č. 354/2003 Sb., odstavec 4 zní:',
      'sb/2008/183',
    );
    expect(intro).toMatchObject({ kind: 'single', citation: { naturalKey: 'sb/1990/526' } });
    const instruction = intro && intro.kind === 'single' ? intro.instruction! : '';
    expect(instruction).toBe('V § 17 odstavec 4 zní:');
    const parsed = parseInstruction(`${instruction}\n\n„(4) Text.“.`);
    expect(parsed.effects[0].targets).toEqual(['par_17/odst_4']);
    // Without a unit after the act's name the opening's place stands alone, as before.
    const plain = readIntro('V § 17 zákona č. 526/1990 Sb., o cenách, ve znění zákona č. 276/2002 Sb., zní:', 'sb/2008/183');
    expect(plain && plain.kind === 'single' ? plain.instruction : '').toBe('V § 17 zní:');
  });
});

describe('forms of the tuning half’s attribution misses (#35 items 2 and 4, h-effects)', () => {
  const meta = (naturalKey: string, date: string): AmendingActMeta => ({ naturalKey, publicationDate: date, effectivenessDate: date });
  const blocksOf = (text: string, m: AmendingActMeta) =>
    readAmendingAct(text, m).blocks.map((b) => ({
      target: b.targetKey,
      form: b.form,
      instructions: b.points.map((p) => p.instruction ?? p.text.split('\n')[0]),
    }));

  it('reads a repeal list led with its scope and no colon (zákon č. 550/1991 Sb., § 21, on zákon č. 54/1956 Sb.)', () => {
    const text = `# Zákon České národní rady o všeobecném zdravotním pojištění

##### § 21

Zrušují se s působností pro Českou republiku

- 1. § 10 zákona č. 54/1956 Sb., o nemocenském pojištění zaměstnanců, ve znění pozdějších předpisů,

- 2. § 29 zákona č. 20/1966 Sb., o péči o zdraví lidu,

- 3. zákon č. 33/1965 Sb., o úhradě nákladů vznikajících státu z úrazů, nemocí z povolání a jiných poškození na zdraví (regresní náhrady), ve znění zákona ČNR č. 266/1991 Sb.,
`;
    expect(blocksOf(text, meta('sb/1991/550', '1992-01-01'))).toEqual([
      { target: 'sb/1956/54', form: 'single', instructions: ['§ 10 se zrušuje.'] },
      { target: 'sb/1966/20', form: 'single', instructions: ['§ 29 se zrušuje.'] },
      { target: 'sb/1965/33', form: 'single', instructions: ['Předpis se zrušuje.'] },
    ]);
    expect(parseInstruction('§ 10 se zrušuje.').effects[0]).toMatchObject({ kind: 'repeal', targets: ['par_10'] });
  });

  it('reads a repeal list whose verb follows its circumstances (zákon č. 455/1991 Sb., § 80; zákon č. 165/1992 Sb., čl. II)', () => {
    const trade = `# Zákon o živnostenském podnikání (živnostenský zákon)

##### § 80

Ke dni účinnosti tohoto zákona se zrušuje:

- 1. zákon č. 105/1990 Sb., o soukromém podnikání občanů, ve znění zákona č. 219/1991 Sb., kromě § 12a až 12e,

- 2. § 2 dekretu prezidenta republiky č. 100/1945 Sb., o znárodnění dolů a některých průmyslových podniků,
`;
    expect(blocksOf(trade, meta('sb/1991/455', '1992-01-01'))).toEqual([
      { target: 'sb/1990/105', form: 'single', instructions: ['Předpis se zrušuje s výjimkou § 12a až 12e.'] },
      { target: 'sb/1945/100', form: 'single', instructions: ['§ 2 se zrušuje.'] },
    ]);
    const culture = `# Zákon České národní rady, kterým se zrušují některé právní předpisy z odvětví kultury

##### Čl. II

S platností pro území České republiky se zrušují:

- 5. ustanovení § 10 zákona č. 218/1949 Sb., o hospodářském zabezpečení církví a náboženských společností státem,
`;
    expect(blocksOf(culture, meta('sb/1992/165', '1992-04-15'))).toEqual([
      { target: 'sb/1949/218', form: 'single', instructions: ['§ 10 se zrušuje.'] },
    ]);
  });

  it('reads the repealed units after a scope, "§§" and an ordinal before "část" (zákon č. 437/1991 Sb., zákon č. 63/1950 Sb., vyhláška č. 324/1990 Sb.)', () => {
    expect(
      readRepeal(
        's účinností pro Českou republiku ustanovení § 29, 30 a 31 zákona č. 87/1987 Sb., o veterinární péči, ve znění zákona č. 239/1991 Sb.',
        'sb/1991/437',
      ),
    ).toMatchObject({ kind: 'repeal', citation: { naturalKey: 'sb/1987/87' }, instruction: '§ 29, 30 a 31 se zrušují.' });
    const sections = readRepeal(
      'ustanovení §§ 92 až 104 zákona č. 30/1946 Sb., o nové úpravě československého práva v oboru nepřímých daní,',
      'sb/1950/63',
    );
    expect(sections).toMatchObject({ kind: 'repeal', citation: { naturalKey: 'sb/1946/30' }, instruction: '§§ 92 až 104 se zrušují.' });
    expect(parseInstruction('§§ 92 až 104 se zrušují.').effects[0].targets.filter(isPlainTarget)).toHaveLength(13);
    const part = readRepeal(
      'šestá část (Stavební a montážní práce) vyhlášky Českého úřadu bezpečnosti práce č. 48/1982 Sb., kterou se stanoví základní požadavky k zajištění bezpečnosti práce a technických zařízení,',
      'sb/1990/324',
    );
    expect(part).toMatchObject({ kind: 'repeal', citation: { naturalKey: 'sb/1982/48' }, instruction: 'Část šestá se zrušuje.' });
    expect(parseInstruction('Část šestá se zrušuje.').effects[0].targets).toEqual(['cast_6']);
  });

  it('reads a repeal of an amending act\'s články and its annex "k zákonu" (zákon č. 250/2021 Sb., § 104 bod 4)', () => {
    const repeal = readRepeal(
      'Čl. II a III a příloha k zákonu č. 47/1994 Sb., kterým se mění a doplňuje zákon České národní rady č. 2/1969 Sb., o zřízení ministerstev a jiných ústředních orgánů státní správy České republiky, ve znění pozdějších předpisů.',
      'sb/2021/250',
    );
    expect(repeal).toMatchObject({
      kind: 'repeal',
      citation: { naturalKey: 'sb/1994/47' },
      instruction: 'Čl. II a III a příloha se zrušují.',
    });
    // The annex too: the act's only annex, named without a number.
    expect(parseInstruction('Čl. II a III a příloha se zrušují.').effects.flatMap((e) => e.targets)).toEqual(['cl_2', 'cl_3', 'priloha']);
    // An annex alone "to" the act is the act's annex repealed.
    expect(readRepeal('Příloha k zákonu č. 47/1994 Sb.', 'sb/2021/250')).toMatchObject({ instruction: 'Příloha se zrušuje.' });
  });

  it('reads intros in a numbered paragraph, with a bare number, verb first, an annex division and the Charter', () => {
    // Zákon č. 175/1968 Sb., § 19 odst. 4.
    const brno = `# Zákon o městě Brně

##### § 19

(4) Zákon č. 60/1965 Sb., o prokuratuře, ve znění zákona č. 29/1968 Sb., se mění a doplňuje takto:

- 1. Ustanovení § 30 odst. 1 zní:

„(1) Prokuratura se člení na Generální prokuraturu.“.
`;
    expect(blocksOf(brno, meta('sb/1968/175', '1969-01-01'))).toEqual([
      { target: 'sb/1965/60', form: 'points', instructions: ['Ustanovení § 30 odst. 1 zní:'] },
    ]);
    // Zákon č. 63/2017 Sb., čl. III: "Zákon 16/1993 Sb." without "č.", its "ve znění" list with it.
    expect(
      readIntro(
        'Zákon 16/1993 Sb., o dani silniční, ve znění zákona č. 302/1993 Sb., zákona č. 243/1994 Sb. a zákona č. 143/1996 Sb., se mění takto:',
        'sb/2017/63',
      ),
    ).toMatchObject({ kind: 'points', citation: { naturalKey: 'sb/1993/16' } });
    // Vyhláška č. 65/1970 Sb., čl. I.
    expect(
      readIntro(
        'S platností pro Českou socialistickou republiku se mění a doplňuje vyhláška č. 197/1964 Sb., kterou se stanoví rozsah a podmínky zákonného pojištění odpovědnosti za škody způsobené provozem motorových vozidel, takto:',
        'sb/1970/65',
      ),
    ).toMatchObject({ kind: 'points', citation: { naturalKey: 'sb/1964/197' } });
    // Vyhláška č. 46/2012 Sb., čl. I.
    expect(
      readIntro(
        'Oddíl II přílohy č. 1 k vyhlášce č. 393/2006 Sb., o zdravotní způsobilosti, ve znění vyhlášky č. 407/2008 Sb. a vyhlášky č. 334/2011 Sb., zní:',
        'sb/2012/46',
      ),
    ).toMatchObject({ kind: 'single', citation: { naturalKey: 'sb/2006/393' }, instruction: 'Oddíl II přílohy č. 1 k vyhlášce zní:' });
    // Ústavní zákon č. 162/1998 Sb., čl. I.
    const charter = `# Ústavní zákon, kterým se mění Listina základních práv a svobod

##### Čl. I

Listina základních práv a svobod, vyhlášená usnesením Předsednictva České národní rady č. 2/1993 Sb. jako součást ústavního pořádku České republiky, se mění takto:

V čl. 8 odst. 3 větě druhé se číslovka „24“ nahrazuje číslovkou „48“.

##### Čl. II

Tento ústavní zákon nabývá účinnosti dnem 1. ledna 1999.
`;
    expect(blocksOf(charter, meta('sb/1998/162', '1999-01-01'))).toEqual([
      { target: 'sb/1993/2', form: 'points', instructions: ['V čl. 8 odst. 3 větě druhé se číslovka „24“ nahrazuje číslovkou „48“.'] },
    ]);
  });

  it('reads a title\'s amended act past its own "ve znění" list and in "o doplnění" (vyhlášky č. 52/1965 Sb. and 64/1964 Sb.)', () => {
    expect(
      titleAmendedAct(
        'Vyhláška ministerstva zemědělství, lesního a vodního hospodářství, kterou se mění a doplňuje vyhláška č. 87/1963 Sb., o odprodeji některých zemědělských výrobků zaměstnancům státních statků a ostatních státních organizací se zemědělskou výrobou, ve znění vyhlášky č. 64/1964 Sb',
        'sb/1965/52',
      )?.naturalKey,
    ).toBe('sb/1963/87');
    expect(
      titleAmendedAct(
        'Vyhláška ministerstva zemědělství, lesního a vodního hospodářství o doplnění vyhlášky č. 87/1963 Sb., o odprodeji některých zemědělských výrobků zaměstnancům státních statků',
        'sb/1964/64',
      )?.naturalKey,
    ).toBe('sb/1963/87');
    // Two amended acts, the first with its own "ve znění": still none.
    expect(
      titleAmendedAct(
        'Zákon, kterým se mění zákon č. 483/1991 Sb., o České televizi, ve znění pozdějších předpisů, a zákon č. 231/2001 Sb., o provozování rozhlasového a televizního vysílání',
        'sb/2005/82',
      ),
    ).toBeNull();
  });
});

describe('the main date set by another act (#35 items 2 and 4, h-effects)', () => {
  it('dates the act by its front matter when its text says "dnem nabytí účinnosti zákona č. …" (zákon č. 18/2000 Sb., čl. III)', () => {
    const text = `# Zákon, kterým se mění některé zákony v souvislosti s přijetím zákona o Veřejném ochránci práv

## ČÁST PRVNÍ

#### Změna zákona o Ústavním soudu

##### Čl. I

Zákon č. 182/1993 Sb., o Ústavním soudu, ve znění zákona č. 331/1993 Sb., zákona č. 236/1995 Sb. a zákona č. 77/1998 Sb., se mění takto:

- 1. V § 64 odst. 2 se na konci písmene e) tečka nahrazuje čárkou a doplňuje se písmeno f), které zní:

„f) Veřejný ochránce práv.“.

## ČÁST OSMÁ

#### ÚČINNOST

##### Čl. VIII

Tento zákon nabývá účinnosti dnem nabytí účinnosti zákona č. 349/1999 Sb., o Veřejném ochránci práv.
`;
    const read = readAmendingAct(text, { naturalKey: 'sb/2000/18', publicationDate: '2000-01-26', effectivenessDate: '2000-02-28' });
    expect(read.effectiveness.main).toMatchObject({ date: '2000-02-28', how: 'front_matter', dependsOn: 'sb/1999/349' });
    expect(read.blocks[0].points[0].effective?.date).toBe('2000-02-28');
  });

  it('keeps a část named after the act as the place of a one-instruction sentence (zákon č. 183/2017 Sb., čl. CCLI, on zákon č. 263/2016 Sb.)', () => {
    const intro = readIntro('V zákoně č. 263/2016 Sb., atomový zákon, část třetí včetně nadpisu zní:', 'sb/2017/183');
    expect(intro).toMatchObject({ kind: 'single', citation: { naturalKey: 'sb/2016/263' }, instruction: 'část třetí včetně nadpisu zní:' });
    const parsed = parseInstruction(`část třetí včetně nadpisu zní:

## „ČÁST TŘETÍ

#### PŘESTUPKY

##### § 175

(1) Fyzická osoba se dopustí přestupku tím, že …“.`);
    expect(parsed.effects.flatMap((e) => e.targets)).toEqual(expect.arrayContaining(['cast_3', 'par_175']));
  });
});

describe('forms of the tuning half’s effects misses (#35 item 4, h-recall2)', () => {
  it('reads on past an own title the source misplaced among the points (zákon č. 187/2004 Sb., čl. I body 142–143, on zákon č. 13/1993 Sb.)', () => {
    const text = `# Zákon, kterým se mění zákon č. 13/1993 Sb., celní zákon, ve znění pozdějších předpisů

##### Čl. I

Zákon č. 13/1993 Sb., celní zákon, ve znění zákona č. 35/1993 Sb., se mění takto:

- 142. Za § 237 se vkládají nové § 237a až 237h, které znějí:

##### „§ 237a

Text.“.

#### Přechodná a závěrečná ustanovení

- 143. V hlavě třinácté se díl první včetně nadpisu zrušuje.

- 144. § 255 se zrušuje.

##### Čl. II

#### Přechodná ustanovení

- 1. Řízení zahájená přede dnem nabytí účinnosti tohoto zákona se dokončí podle dosavadních právních předpisů.
`;
    const read = readAmendingAct(text, { naturalKey: 'sb/2004/187', publicationDate: '2004-04-29', effectivenessDate: '2004-05-01' });
    expect(read.blocks).toHaveLength(1);
    expect(read.blocks[0].points.map((p) => p.number)).toEqual(['142', '143', '144']);
    // The act's own transitional provisions after the real heading are no points of the block.
    expect(read.blocks[0].points[2].text).toBe('§ 255 se zrušuje.');
  });
});

describe('whole-act repeals and unmarked act numbers (#35 item 4, h-recall3)', () => {
  const meta = (naturalKey: string, date: string): AmendingActMeta => ({ naturalKey, publicationDate: date, effectivenessDate: date });

  it('reads a whole act repealed "s výjimkou" some units as an effect on every unit but those (vyhláška č. 149/1988 Sb. on vyhláška č. 128/1975 Sb.)', () => {
    const act = `# Vyhláška federálního ministerstva práce a sociálních věcí

##### § 35

Zrušují se:

- 4. vyhláška federálního ministerstva práce a sociálních věcí č. 128/1975 Sb., kterou se provádí zákon o sociálním zabezpečení, ve znění vyhlášek č. 108/1979 Sb. a č. 57/1987 Sb., s výjimkou § 132 až 134, § 139, části páté a přílohy č. 2;

##### § 36

Tato vyhláška nabývá účinnosti dnem 1. října 1988.
`;
    const reading = readAmendingAct(act, meta('sb/1988/149', '1988-09-20'));
    expect(reading.blocks.map((b) => [b.targetKey, b.effectiveDates, b.points.map((p) => p.instruction)])).toEqual([
      ['sb/1975/128', ['1988-10-01'], ['Předpis se zrušuje s výjimkou § 132 až 134, § 139, části páté a přílohy č. 2.']],
    ]);
    const [effect] = parseInstruction(reading.blocks[0].points[0]).effects;
    expect(effect.kind).toBe('repeal');
    expect(effect.targets).toEqual([WHOLE_ACT_TARGET, '!par_132', '!par_133', '!par_134', '!par_139', '!cast_5', '!priloha_2']);
  });

  it('reads a whole act repealed "kromě" some units (zákon č. 455/1991 Sb., § 80, on zákon č. 105/1990 Sb.)', () => {
    const repeal = readRepeal(
      'zákon č. 105/1990 Sb., o soukromém podnikání občanů, ve znění zákona č. 219/1991 Sb., kromě § 12a až 12e,',
      'sb/1991/455',
    );
    expect(repeal).toMatchObject({ kind: 'repeal', citation: { naturalKey: 'sb/1990/105' } });
    const instruction = repeal?.kind === 'repeal' ? repeal.instruction : '';
    expect(parseInstruction(instruction).effects[0].targets).toEqual([
      WHOLE_ACT_TARGET,
      '!par_12a',
      '!par_12b',
      '!par_12c',
      '!par_12d',
      '!par_12e',
    ]);
  });

  it('reads an act number with "č." and no "Sb." before a comma in a repeal list (zákon č. 201/2012 Sb., § 48 bod 28)', () => {
    const act = `# Zákon o ochraně ovzduší

##### § 48

Zrušuje se:

- 28. Část první zákona č. 288/2011, kterým se mění zákon č. 86/2002 Sb., o ochraně ovzduší a o změně některých dalších zákonů (zákon o ochraně ovzduší), ve znění pozdějších předpisů a zákon č. 13/1997 Sb., o pozemních komunikacích, ve znění pozdějších předpisů.

##### § 49

Tento zákon nabývá účinnosti dnem 1. září 2012.
`;
    const reading = readAmendingAct(act, meta('sb/2012/201', '2012-06-14'));
    expect(reading.blocks.map((b) => [b.targetKey, b.points.map((p) => p.instruction)])).toEqual([
      ['sb/2011/288', ['Část první se zrušuje.']],
    ]);
  });
});

describe('what a whole act repealed does to the units it keeps (#35 item 4, h-recall4)', () => {
  it('reads the kept §§ losing words as an effect on each of them (zákon č. 56/1991 Sb., § 103 písm. b), on zákon č. 32/1989 Sb.)', () => {
    const act = `# Zákon o jednacím řádu Federálního shromáždění

##### § 103

Zrušují se:

- a) zákon č. 31/1989 Sb., o jednacím řádu Federálního shromáždění,

- b) zákon č. 32/1989 Sb., o poslancích Federálního shromáždění, s výjimkou ustanovení § 8, 9, 19, 20 a 21, přičemž se v těchto ustanoveních vždy vypouštějí slova „socialistická organizace“ a „organizace“,

##### § 104

Tento zákon nabývá účinnosti dnem 1. března 1991.
`;
    const reading = readAmendingAct(act, { naturalKey: 'sb/1991/56', publicationDate: '1991-02-20', effectivenessDate: '1991-03-01' });
    const block = reading.blocks.find((b) => b.targetKey === 'sb/1989/32');
    expect(block?.effectiveDates).toEqual(['1991-03-01']);
    const effects = parseInstruction(block?.points[0] ?? '').effects;
    // The repeal keeps § 8, 9, 19, 20 and 21 …
    expect(effects[0]).toMatchObject({ kind: 'repeal', targets: [WHOLE_ACT_TARGET, '!par_8', '!par_9', '!par_19', '!par_20', '!par_21'] });
    // … and changes their words: an effect on each kept §.
    const kept = ['par_8', 'par_9', 'par_19', 'par_20', 'par_21'];
    expect(effects.slice(1).map((e) => [e.kind, e.targets])).toEqual([
      ['replace_words', kept],
      ['replace_words', kept],
    ]);
  });
});

describe("footnotes an older act gives at its end for its points' new text (#35 item 4, h-recall6)", () => {
  // Modelled on vyhláška č. 164/1979 Sb., čl. I body 3 and 30 (renumbered 1 and 2), on vyhláška č. 128/1975 Sb.: the
  // new text cites ^59) and ^32), whose text the act gives after its signatures; ^1) is the act's own note.
  const act = `# Vyhláška, kterou se mění vyhláška č. 128/1975 Sb.

##### Čl. I

Vyhláška federálního ministerstva práce a sociálních věcí č. 128/1975 Sb., kterou se provádí zákon o sociálním zabezpečení,^1) se mění takto:

- 1. V § 14 odst. 1 písm. a) č. 1 se slova „prémie a podíly“ nahrazují slovy „prémie, odměny^59) a podíly (dále jen „podíly“)“.

- 2. V § 69 odst. 1 se slova „neplacená brigádnická činnost^32)“ včetně poznámky pod čarou nahrazují slovy „bezplatná brigáda^32)“.

- 3. V § 70 se slova „podle předpisu^1)“ zrušují.

##### Čl. II

Tato vyhláška nabývá účinnosti dnem 1. ledna 1980.

Ministr v. r.

^1) Úplné znění č. 121/1975 Sb.

^32) § 103 odst. 2 vyhlášky č. 165/1979 Sb.

^59) § 26 vyhlášky č. 157/1975 Sb.
`;

  it('targets, with each point, the footnotes whose marks its quotations cite, not the act’s own note', () => {
    const reading = readAmendingAct(act, { naturalKey: 'sb/1979/164', publicationDate: '1979-12-20', effectivenessDate: '1980-01-01' });
    const points = reading.blocks[0].points;
    expect(points.map((p) => p.givenFootnotes ?? [])).toEqual([['fn_59'], ['fn_32'], []]);
    expect(parseInstruction(points[0]).effects.flatMap((e) => e.targets)).toEqual(['par_14/odst_1/pism_a', 'fn_59']);
    expect(parseInstruction(points[1]).effects.flatMap((e) => e.targets)).toEqual(['par_69/odst_1', 'fn_32']);
    expect(parseInstruction(points[2]).effects.flatMap((e) => e.targets)).toEqual(['par_70']);
  });

  it('leaves a footnote a quotation gives itself to that point, and an end block numbered twice to no point (zákon č. 261/2007 Sb.)', () => {
    const meta = { naturalKey: 'sb/1979/164', publicationDate: '1979-12-20', effectivenessDate: '1980-01-01' };
    const quoted = act.replace('„bezplatná brigáda^32)“.', '„bezplatná brigáda^32)\n\n^32) § 103 vyhlášky č. 165/1979 Sb.“.');
    expect(readAmendingAct(quoted, meta).blocks[0].points.map((p) => p.givenFootnotes ?? [])).toEqual([['fn_59'], [], []]);
    // ^59) given twice tells no act's; ^32), given once, is still point 2's (h-recall12).
    const twice = `${act}\n^59) Another series.\n`;
    expect(readAmendingAct(twice, meta).blocks[0].points.map((p) => p.givenFootnotes ?? [])).toEqual([[], ['fn_32'], []]);
  });

  it('reads the marks of a point whose quotation the source leaves unbalanced (vyhláška č. 24/2012 Sb.), and gives a number points of two acts cite to both (h-recall12)', () => {
    const meta = { naturalKey: 'sb/1979/164', publicationDate: '1979-12-20', effectivenessDate: '1980-01-01' };
    // The quotation of point 1 closes early (its inner „…“ unbalanced): ^59) falls outside it.
    const open = act.replace('„prémie, odměny^59) a podíly (dále jen „podíly“)“.', '„prémie“ a „odměny“ podíly“ odměny^59).');
    expect(readAmendingAct(open, meta).blocks[0].points.map((p) => p.givenFootnotes ?? [])).toEqual([['fn_59'], ['fn_32'], []]);
    // A second block amending another act cites ^32) too: the one note is both acts' (vyhláška č. 109/1984 Sb.).
    const two = act.replace(
      '##### Čl. II\n',
      '##### Čl. II\n\nVyhláška č. 129/1975 Sb. se mění takto:\n\n- 1. V § 5 se slova „práce“ nahrazují slovy „brigáda^32)“.\n\n##### Čl. III\n',
    );
    const blocks = readAmendingAct(two, meta).blocks;
    expect(blocks.map((b) => b.points.map((p) => p.givenFootnotes ?? []))).toEqual([[['fn_59'], ['fn_32'], []], [['fn_32']]]);
  });
});

describe('a place with a list of footnotes after the act\'s "ve znění" list (#35 item 4, h-recall6)', () => {
  it('keeps "§ 6 včetně poznámek pod čarou č. 7, 10 a 11" as the place (zákon č. 278/2009 Sb., čl. II, on zákon č. 593/1992 Sb.)', () => {
    const act =
      '# Zákon\n\n##### Čl. II\n\nV zákoně č. 593/1992 Sb., o rezervách pro zjištění základu daně z příjmů, ve znění zákona č. 157/1993 Sb., ' +
      'zákona č. 126/2008 Sb. a zákona č. 2/2009 Sb., § 6 včetně poznámek pod čarou č. 7, 10 a 11 zní:\n\n##### „§ 6\n\nText.^7)\n\n' +
      '^7) Zákon č. 277/2009 Sb., o pojišťovnictví.“.\n\n##### Čl. III\n\nTento zákon nabývá účinnosti dnem 1. ledna 2010.\n';
    const reading = readAmendingAct(act, { naturalKey: 'sb/2009/278', publicationDate: '2009-09-01', effectivenessDate: '2010-01-01' });
    const [point] = reading.blocks[0].points;
    expect(point.instruction).toMatch(/^§ 6 včetně poznámek pod čarou č\. 7, 10 a 11 zní:/);
    expect(parseInstruction(point).effects.map((e) => [e.kind, e.targets])).toEqual([['new_wording', ['par_6', 'fn_7', 'fn_10', 'fn_11']]]);
  });
});

describe('a date in the nominative and an exception without its comma (#35 item 4, h-recall7)', () => {
  // Modelled on zákon č. 635/2004 Sb.: část desátá amends zákon č. 235/2004 Sb. from 1 January 2005,
  // the rest of the act from the thirtieth day after its publication (17 December 2004).
  const text = `# Zákon, kterým se mění některé zákony v souvislosti s přijetím zákona o správních poplatcích

## ČÁST PRVNÍ

#### Změna zákona o dani z nemovitostí

##### Čl. I

Zákon č. 338/1992 Sb., o dani z nemovitostí, se mění takto:

- 1. V § 15 se odstavec 3 zrušuje.

## ČÁST DRUHÁ

#### Změna zákona o dani z přidané hodnoty

##### Čl. II

Zákon č. 235/2004 Sb., o dani z přidané hodnoty, se mění takto:

- 1. V § 2 odst. 2 písm. a) se slova „pokud je pořízení zboží uskutečněno“ zrušují.

## ČÁST TŘETÍ

#### ÚČINNOST

##### Čl. III

Tento zákon nabývá účinnosti třicátý den po jeho vyhlášení s výjimkou části druhé, která nabývá účinnosti dnem 1. ledna 2005.
`;
  const read = readAmendingAct(text, { naturalKey: 'sb/2004/635', publicationDate: '2004-12-17', effectivenessDate: '2005-01-16' });

  it('counts "třicátý den po jeho vyhlášení" from the publication', () => {
    expect(read.effectiveness.main).toMatchObject({ date: '2005-01-16', how: 'relative_to_publication' });
    expect(read.blocks.find((b) => b.targetKey === 'sb/1992/338')?.points[0].effective?.date).toBe('2005-01-16');
  });

  it('reads the exception that follows the date without a comma', () => {
    expect(read.effectiveness.unread).toEqual([]);
    expect(read.blocks.find((b) => b.targetKey === 'sb/2004/235')?.points[0].effective?.date).toBe('2005-01-01');
  });

  it('reads the exception after a date it cannot compute, also without a comma', () => {
    const other = readAmendingAct(text.replace('třicátý den po jeho vyhlášení', 'dnem, kdy vstoupí v platnost smlouva'), {
      naturalKey: 'sb/2004/635',
      publicationDate: '2004-12-17',
      effectivenessDate: '2005-01-16',
    });
    expect(other.effectiveness.unread).toEqual([]);
    expect(other.blocks.find((b) => b.targetKey === 'sb/2004/235')?.points[0].effective?.date).toBe('2005-01-01');
  });
});

describe('repeal lists whose items have no number (#35 item 4, h-recall7)', () => {
  const meta = { naturalKey: 'sb/1973/163', publicationDate: '1973-12-20', effectivenessDate: '1974-01-01' };
  const repeals = (text: string) =>
    readAmendingAct(text, meta).blocks.map((b) => ({
      act: b.targetKey,
      instruction: b.points[0].instruction,
      date: b.points[0].effective?.date,
    }));

  it('reads items marked by a bare dash or an en dash (vyhláška č. 163/1973 Sb., § 75; vyhláška č. 105/1981 Sb., § 75)', () => {
    const text = `# Vyhláška o dokumentaci staveb

##### § 75

#### Zrušovací ustanovení

(1) Zrušují se:

- vyhláška Státní komise pro techniku č. 107/1966 Sb., o dokumentaci staveb,

- ustanovení § 3 až 6, 8 až 10 a 21 vyhlášky Federálního výboru pro technický a investiční rozvoj č. 162/1970 Sb., o některých opatřeních v bytové výstavbě;

– ustanovení § 8, 49 a 58 vyhlášky Státní arbitráže č. 98/1976 Sb., o dovozu investičních celků.

##### § 76

Tato vyhláška nabývá účinnosti dnem 1. ledna 1974.
`;
    expect(repeals(text)).toEqual([
      { act: 'sb/1966/107', instruction: 'Předpis se zrušuje.', date: '1974-01-01' },
      { act: 'sb/1970/162', instruction: '§ 3 až 6, 8 až 10 a 21 se zrušují.', date: '1974-01-01' },
      { act: 'sb/1976/98', instruction: '§ 8, 49 a 58 se zrušují.', date: '1974-01-01' },
    ]);
  });

  it('reads an item without any mark that starts with what it repeals (zákon č. 113/1979 Sb., čl. III), not a sentence naming a whole act', () => {
    const text = `# Zákon, kterým se mění a doplňuje zákon o zemědělské dani

##### Čl. III

(3) Zrušují se:

čl. 4 odst. 2, čl. 11, čl. 12 vyhlášky federálního ministerstva financí č. 106/1974 Sb., kterou se provádí zákon o zemědělské dani

Zákon č. 103/1974 Sb., o zemědělské dani, platí dále.

##### Čl. IV

Tento zákon nabývá účinnosti dnem 1. ledna 1974.
`;
    expect(repeals(text)).toEqual([{ act: 'sb/1974/106', instruction: 'Čl. 4 odst. 2, čl. 11, čl. 12 se zrušují.', date: '1974-01-01' }]);
  });
});

describe('a repeal whose provisions follow the act\'s name, "a to § …" (#35 item 4, h-recall7)', () => {
  it('reads "ustanovení vyhlášky č. …, pokud upravují …, a to § 37 až 79, …" (vyhláška č. 128/1975 Sb., § 155)', () => {
    const repeal = readRepeal(
      'ustanovení vyhlášky č. 104/1964 Sb., kterou se provádí zákon o sociálním zabezpečení družstevních rolníků, ve znění vyhlášek č. 142/1965 Sb. a č. 76/1970 Sb., pokud upravují důchodové zabezpečení družstevních rolníků, a to § 37 až 79, § 82 odst. 4 písm. a), c) a f), § 92 až 98 a § 99b. V důsledku toho se název vyhlášky mění a zní: „Vyhláška, kterou se provádí zákon o zabezpečení družstevních rolníků v nemoci“;',
      'sb/1975/128',
    );
    expect(repeal).toMatchObject({
      kind: 'repeal',
      citation: { naturalKey: 'sb/1964/104' },
      instruction: '§ 37 až 79, § 82 odst. 4 písm. a), c) a f), § 92 až 98 a § 99b se zrušují.',
    });
  });

  it('reads nothing from "ustanovení zákona č. …" that names no provisions after it', () => {
    expect(
      readRepeal('ustanovení zákona č. 103/1964 Sb., o sociálním zabezpečení družstevních rolníků, pokud upravují důchody;', 'sb/1975/121'),
    ).toBeNull();
  });
});

describe("an annex as its points' place (#35 item 4, h-recall8)", () => {
  it('gives the points of a block amending one annex the annex as their place (nařízení vlády č. 79/2007 Sb., zákon č. 285/2023 Sb. on zákon č. 549/1991 Sb.)', () => {
    const text = `# Zákon, kterým se mění zákon o soudních poplatcích

##### Čl. I

Příloha k zákonu č. 549/1991 Sb., o soudních poplatcích, ve znění zákona č. 271/1992 Sb., se mění takto:

- 1. Za položku 9 se vkládá nová položka 9a, která zní:

„Položka 9a

Za návrh 5 000 Kč“.

- 2. V položce 22 bodě 11 se za slova „insolvenčním řízení“ vkládají slova „, v restrukturalizačním řízení“.

##### Čl. II

Příloha č. 3 k nařízení vlády č. 79/2007 Sb., o podmínkách provádění agroenvironmentálních opatření, se mění takto:

- 1. V části A. bodě I. 2. se text „§ 11 odst. 2“ nahrazuje textem „§ 11 odst. 1“.

##### Čl. III

Tento zákon nabývá účinnosti dnem 1. ledna 2024.
`;
    const read = readAmendingAct(text, { naturalKey: 'sb/2023/285', publicationDate: '2023-09-01', effectivenessDate: '2024-01-01' });
    const targets = (key: string) =>
      read.blocks
        .filter((b) => b.targetKey === key)
        .flatMap((b) => b.points.map((p) => parseInstruction(p).effects.flatMap((e) => e.targets)));
    expect(targets('sb/1991/549')).toEqual([['priloha'], ['priloha']]);
    expect(targets('sb/2007/79')).toEqual([['priloha_3']]);
  });
});

describe('points the source leaves out, and items of quoted text (#35 item 4, h-recall9)', () => {
  const read = (text: string) =>
    readAmendingAct(text, { naturalKey: 'sb/2004/184', publicationDate: '2004-04-23', effectivenessDate: '2004-04-23' });
  const points = (text: string) =>
    read(text).blocks.flatMap((b) => b.points.map((p) => [p.number, parseInstruction(p).effects.flatMap((e) => e.targets)]));

  it('ends a quotation left open at a later point in its own form, whatever the gap (zákon č. 184/2004 Sb., bod 20 and bod 22)', () => {
    const text = `# Vyhláška, kterou se mění vyhláška č. 451/2000 Sb.

##### Čl. I

Vyhláška č. 451/2000 Sb., kterou se provádí zákon o krmivech, se mění takto:

- 20. V § 11 se za odstavec 10 doplňují odstavce 11 a 12, které znějí:

„(11) Nejvýše přípustný obsah nežádoucích látek je stanoven v příloze č. 3.

- 22. § 12 a 13 včetně nadpisu znějí:

##### „§ 12

(1) K výrobě premixů se používají jen doplňkové látky.

##### § 13

(1) U premixů jsou považovány údaje za vyhovující.“.

- 23. V § 15 odst. 1 písm. a) se slova „více než 140 g/kg“ nahrazují slovy „nejméně 14 %“.

##### Čl. II

Tato vyhláška nabývá účinnosti dnem jejího vyhlášení.
`;
    expect(points(text)).toEqual([
      ['20', ['par_11/odst_11', 'par_11/odst_12']],
      ['22', ['par_12', 'par_13']],
      ['23', ['par_15/odst_1/pism_a']],
    ]);
    expect(read(text).stats.runawayQuotes).toBe(1);
  });

  it('takes a later point after a gap of more than five outside quotations (zákon č. 284/2021 Sb., bod 42 and bod 53)', () => {
    const text = `# Zákon, kterým se mění zákon o ochraně přírody

##### Čl. I

Zákon č. 114/1992 Sb., o ochraně přírody a krajiny, se mění takto:

- 42. V § 75 odst. 1 se písmeno b) zrušuje.

- 53. V § 77 odst. 2 se slova „mimo území národních parků“ nahrazují slovy „není-li příslušný jiný orgán“.

##### Čl. II

Tento zákon nabývá účinnosti dnem 1. ledna 2024.
`;
    expect(points(text)).toEqual([
      ['42', ['par_75/odst_1/pism_b']],
      ['53', ['par_77/odst_2']],
    ]);
  });

  it('does not take an item of quoted text whose only verb is a participle for the next point (zákon č. 218/2025 Sb., bod 1, on zákon č. 141/1961 Sb.)', () => {
    const text = `# Zákon, kterým se mění trestní řád

##### Čl. I

Zákon č. 141/1961 Sb., o trestním řízení soudním (trestní řád), se mění takto:

- 1. V § 12 odst. 2 písmeno d) zní:

- „d) pověřené celní orgány v řízení o trestných činech

- 1. spáchaných porušením právních předpisů o dovozu zboží,

- 2. spáchaných porušením daňových předpisů upravujících daň z přidané hodnoty,

- 3. legalizace výnosů z trestné činnosti,“.

- 2. V § 343a se doplňuje odstavec 4, který zní:

„(4) Je-li soudem nařízeno vymáhání peněžitého trestu, celní úřad použije platbu.“.

##### Čl. II

Tento zákon nabývá účinnosti dnem 1. července 2025.
`;
    expect(points(text)).toEqual([
      ['1', ['par_12/odst_2/pism_d']],
      ['2', ['par_343a/odst_4']],
    ]);
  });
});

describe('an exception naming a unit inside the § a point rewords whole (#35 item 4, h-recall9)', () => {
  it('dates "§ 4 až 7 znějí:" by the main date and a point on § 4 odst. 2 by the exception (zákon č. 423/2003 Sb., on zákon č. 96/1993 Sb.)', () => {
    const text = `# Zákon, kterým se mění zákon č. 96/1993 Sb., o stavebním spoření

##### Čl. I

Zákon č. 96/1993 Sb., o stavebním spoření a státní podpoře stavebního spoření, se mění takto:

- 1. § 4 až 7 včetně nadpisů znějí:

##### „§ 4

(1) Text.

(2) Text:

- a) první,

- b) druhé.

##### § 5

Text.“.

- 2. V § 4 odst. 2 písm. b) se slovo „druhé“ nahrazuje slovem „další“.

- 3. V § 9 se odstavec 3 zrušuje.

##### Čl. II

Tento zákon nabývá účinnosti dnem 1. ledna 2004 s výjimkou § 4 odst. 2 písm. b), které nabývá účinnosti dnem vstupu smlouvy o přistoupení České republiky k Evropské unii v platnost.
`;
    const read = readAmendingAct(text, { naturalKey: 'sb/2003/423', publicationDate: '2003-12-01', effectivenessDate: '2004-01-01' });
    const points = read.blocks.flatMap((b) => b.points.map((p) => [p.number, p.effective?.date]));
    expect(points).toEqual([
      ['1', '2004-01-01'],
      ['2', '2004-05-01'],
      ['3', '2004-01-01'],
    ]);
    expect(read.blocks[0].points[0].effective?.note).toMatch(/partly later: 2004-05-01/);
  });
});

describe('a lettered heading inside the block numbers its points from 1 (#35 item 4, h-recall9)', () => {
  it('reads the points after "- B. Změny zvláštní části:" (zákon č. 175/1990 Sb., čl. I, on zákon č. 140/1961 Sb.)', () => {
    const text = `# Zákon, kterým se mění a doplňuje trestní zákon

##### Článek I

Trestní zákon č. 140/1961 Sb., ve znění zákonů č. 120/1962 Sb. a č. 53/1963 Sb., se mění a doplňuje takto:

- A. Změny obecné části:

- 1. § 1 zní:

##### „§ 1

Účelem trestního zákona je chránit společnost.“.

- 2. V § 89 odst. 3 se slova „alespoň zčásti“ nahrazují slovem „převážný“.

- B. Změny zvláštní části:

- 1. V § 91 se slova „trestu smrti“ nahrazují slovy „výjimečného trestu“.

- 2. V § 180 odst. 3 se za slova „až pět let“ vkládají slova „nebo peněžitým trestem“.

##### Článek II

Tento zákon nabývá účinnosti dnem 1. července 1990.
`;
    const read = readAmendingAct(text, { naturalKey: 'sb/1990/175', publicationDate: '1990-05-02', effectivenessDate: '1990-07-01' });
    expect(read.blocks.flatMap((b) => b.points.map((p) => [p.number, parseInstruction(p).effects.flatMap((e) => e.targets)]))).toEqual([
      ['1', ['par_1']],
      ['2', ['par_89/odst_3']],
      ['1', ['par_91']],
      ['2', ['par_180/odst_3']],
    ]);
  });
});

describe('a repeal item naming more units of the act after its name, "tohoto zákona" (#35 item 4, h-recall9)', () => {
  it('reads "§ 1 písm. d) zákona č. 172/1988 Sb., o zemědělské dani, část čtvrtá tohoto zákona" as both (zákon č. 389/1990 Sb., § 32)', () => {
    const r = readRepeal(
      '§ 1 písm. d) zákona č. 172/1988 Sb., o zemědělské dani, část čtvrtá tohoto zákona a z části páté a sedmé ustanovení, která se vztahují k dani z příjmů občanů ze zemědělské výroby;',
      'sb/1990/389',
    );
    expect(r).toMatchObject({ kind: 'repeal', instruction: '§ 1 písm. d) a část čtvrtá se zrušují.' });
    expect(r && r.kind === 'repeal' ? parseInstruction(r.instruction).effects.flatMap((e) => e.targets) : []).toEqual([
      'par_1/pism_d',
      'cast_4',
    ]);
  });

  it('adds nothing when no unit "tohoto zákona" follows the name', () => {
    expect(readRepeal('§ 5 a 6 vyhlášky č. 182/1968 Sb., o něčem, ve znění vyhlášky č. 1/1970 Sb.;', 'sb/1990/389')).toMatchObject({
      instruction: '§ 5 a 6 se zrušují.',
    });
  });
});

describe('date forms of the účinnost provisions (#35 item 4, h-recall10)', () => {
  const act = (clause: string) => `# Zákon, kterým se mění zákon č. 586/1992 Sb., o daních z příjmů

## ČÁST PRVNÍ

##### Čl. I

Zákon č. 586/1992 Sb., o daních z příjmů, se mění takto:

- 1. V § 3 se doplňuje odstavec 14, který zní:

„(14) Text.“.

- 2. V § 4 se slova „A“ nahrazují slovy „B“.

- 3. V § 5 se slova „C“ nahrazují slovy „D“.

## ČÁST DRUHÁ

##### Čl. II

${clause}
`;
  const dates = (clause: string, publicationDate = '2024-06-19') =>
    readAmendingAct(act(clause), { naturalKey: 'sb/2024/163', publicationDate, effectivenessDate: '2024-07-01' }).blocks[0].points.map(
      (p) => p.effective?.date ?? null,
    );

  it('reads "prvním dnem prvního / třetího kalendářního měsíce" (an ordinal in -ího; zákon č. 163/2024 Sb., čl. XII)', () => {
    expect(
      dates(
        'Tento zákon nabývá účinnosti dnem 1. července 2024, s výjimkou ustanovení čl. I bodu 1, které nabývá účinnosti prvním dnem prvního kalendářního měsíce následujícího po dni jeho vyhlášení, a čl. I bodu 2, které nabývá účinnosti prvním dnem třetího kalendářního měsíce následujícího po dni jeho vyhlášení.',
      ),
    ).toEqual(['2024-07-01', '2024-09-01', '2024-07-01']);
  });

  it('reads the exception after it: the unread date ate the next one\'s "čl." (zákon č. 163/2024 Sb., čl. XII písm. b) and c))', () => {
    expect(
      dates(
        'Tento zákon nabývá účinnosti dnem 1. července 2024, s výjimkou ustanovení\n\n- a) čl. I bodu 1, které nabývá účinnosti prvním dnem prvního kalendářního měsíce následujícího po dni jeho vyhlášení,\n\n- b) čl. I bodu 3, které nabývá účinnosti dnem 1. ledna 2025.',
      ),
    ).toEqual(['2024-07-01', '2024-07-01', '2025-01-01']);
  });

  it('reads "… měsíce po jeho vyhlášení" without "následujícího" and "prvním dnem kalendářního čtvrtletí následujícího po dni jeho vyhlášení" (zákony č. 87/2025 Sb., 80/2019 Sb.)', () => {
    expect(
      dates(
        'Tento zákon nabývá účinnosti prvním dnem pátého kalendářního měsíce po jeho vyhlášení, s výjimkou ustanovení čl. I bodu 2, které nabývá účinnosti prvním dnem kalendářního čtvrtletí následujícího po dni jeho vyhlášení.',
      ),
    ).toEqual(['2024-11-01', '2024-07-01', '2024-11-01']);
    expect(
      dates('Tento zákon nabývá účinnosti prvním dnem kalendářního čtvrtletí následujícího po dni jeho vyhlášení.', '2024-09-30'),
    ).toEqual(['2024-10-01', '2024-10-01', '2024-10-01']);
  });

  it('reads "dnem jejich vyhlášení" and "dnem vyhlášení tohoto zákona", not "dnem vyhlášení zákona č. …" (zákony č. 179/2005 Sb., 141/2001 Sb.)', () => {
    expect(
      dates(
        'Tento zákon nabývá účinnosti dnem 1. ledna 2025, s výjimkou čl. I bodu 1, který nabývá účinnosti dnem vyhlášení tohoto zákona.',
      ),
    ).toEqual(['2024-06-19', '2025-01-01', '2025-01-01']);
    expect(
      dates('Tento zákon nabývá účinnosti dnem 1. ledna 2025, s výjimkou části první, která nabývá účinnosti dnem jejich vyhlášení.'),
    ).toEqual(['2024-06-19', '2024-06-19', '2024-06-19']);
    expect(
      dates(
        'Tento zákon nabývá účinnosti dnem 1. ledna 2025, s výjimkou čl. I bodu 1, který nabývá účinnosti dnem vyhlášení zákona č. 5/2025 Sb.',
      )[0],
    ).toBeNull();
  });

  it('dates the known events: the Treaty of Accession after "dnem, kdy", the European Patent Convention, the Schengen borders (nařízení vlády č. 285/2000 Sb., zákony č. 116/2000 Sb., 379/2007 Sb.)', () => {
    expect(
      dates(
        'Tento zákon nabývá účinnosti dnem 1. ledna 2025, s výjimkou čl. I bodu 1, který nabývá účinnosti dnem, kdy vstoupí v platnost smlouva o přistoupení České republiky k Evropské unii.',
      )[0],
    ).toBe('2004-05-01');
    expect(
      dates(
        'Tento zákon nabývá účinnosti dnem 1. ledna 2025, s výjimkou ustanovení čl. I bodu 1, která nabývají účinnosti dnem, v němž se stane ratifikovaná a vyhlášená Úmluva o udělování evropských patentů pro Českou republiku závazná.',
      )[0],
    ).toBe('2002-07-01');
    expect(
      dates(
        'Tento zákon nabývá účinnosti dnem 1. ledna 2025, s výjimkou ustanovení\n\n- a) čl. I bodu 1, která nabývají účinnosti dnem odstranění kontrol na státních hranicích, stanoveným v rozhodnutí Rady Evropské unie o vstupu v platnost Úmluvy podepsané dne 19. června 1990 v Schengenu k provedení dohody podepsané dne 14. června 1985 o postupném odstraňování kontrol na společných hranicích pro Českou republiku, a\n\n- b) čl. I bodu 2, které nabývá účinnosti dnem 1. ledna 2026.',
      ),
    ).toEqual(['2007-12-21', '2026-01-01', '2025-01-01']);
  });
});

describe('a heading below a §’s label, units repealed "včetně nadpisu": the § is targeted (#35 item 4, h-recall12)', () => {
  const targets = (text: string) => parseInstruction(text).effects.flatMap((e) => e.targets);

  it('targets the § whose label a new heading is put below (zákon č. 344/2013 Sb. on zákon č. 280/2009 Sb.; zákon č. 557/1991 Sb. on zákon č. 140/1961 Sb.)', () => {
    expect(targets('Pod označení § 241 se vkládá nadpis „Zákaz přenosu daňové povinnosti“.')).toEqual(['par_241']);
    expect(targets('Pod označení § 295 se vkládá nadpis\n\n#### „Svémocné vzdálení“.')).toEqual(['par_295']);
    expect(targets('Pod označení § 30b se vkládá nadpis, který zní:\n\n#### „Předvedení nebo oprava přístroje“.')).toEqual(['par_30b']);
  });

  it('targets the § whose odstavce go with its heading (zákon č. 101/2000 Sb. on zákon č. 106/1999 Sb.)', () => {
    expect(targets('V § 8 se odstavce 1 a 2 včetně nadpisu zrušují.').sort()).toEqual(['par_8', 'par_8/odst_1', 'par_8/odst_2']);
    expect(targets('§ 9 odst. 1 a 2 se včetně nadpisu zrušuje.').sort()).toEqual(['par_9', 'par_9/odst_1', 'par_9/odst_2']);
    // Without the heading only the odstavce change.
    expect(targets('V § 8 se odstavce 1 a 2 zrušují.')).toEqual(['par_8/odst_1', 'par_8/odst_2']);
  });
});

describe('a qualifier "pokud jde o …" inside an exception list (#35 item 4, h-recall12)', () => {
  // Modelled on zákon č. 229/2016 Sb., čl. XI: "s výjimkou ustanovení čl. I bodů 22, 25 až 27, …, 103,
  // pokud jde o § 73a odst. 9, 116, 117, … a čl. IX, která nabývají účinnosti patnáctým dnem po jeho vyhlášení".
  const act = (clause: string) => `# Zákon, kterým se mění zákon č. 119/2002 Sb.

## ČÁST PRVNÍ

##### Čl. I

Zákon č. 119/2002 Sb., o zbraních, se mění takto:

- 1. V § 3 se slova „A“ nahrazují slovy „B“.

- 2. V § 4 se slova „C“ nahrazují slovy „D“.

- 3. V § 73a se doplňují odstavce 8 a 9, které znějí:

„(8) Text.

(9) Text.“.

- 4. V § 5 se slova „E“ nahrazují slovy „F“.

## ČÁST DRUHÁ

##### Čl. II

${clause}
`;
  const dates = (clause: string) =>
    readAmendingAct(act(clause), {
      naturalKey: 'sb/2016/229',
      publicationDate: '2016-07-22',
      effectivenessDate: '2017-08-01',
    }).blocks[0].points.map((p) => p.effective?.date ?? null);
  const main = 'Tento zákon nabývá účinnosti prvním dnem třináctého kalendářního měsíce následujícího po jeho vyhlášení';

  it('dates the list after the qualifier; the qualified point stays at the main date (one date per point)', () => {
    expect(
      dates(
        `${main}, s výjimkou ustanovení čl. I bodů 2, 3, pokud jde o § 73a odst. 9, 4 a čl. II, která nabývají účinnosti patnáctým dnem po jeho vyhlášení.`,
      ),
    ).toEqual(['2017-08-01', '2016-08-06', '2017-08-01', '2016-08-06']);
  });

  it('keeps a qualifier at the list’s end as before: every item of the list partial', () => {
    expect(
      dates(
        `${main}, s výjimkou ustanovení čl. I bodů 2 a 3, pokud jde o § 73a odst. 9, které nabývají účinnosti patnáctým dnem po jeho vyhlášení.`,
      ),
    ).toEqual(['2017-08-01', '2017-08-01', '2017-08-01', '2017-08-01']);
  });
});

describe('a point that names no § takes the § the points before it named, for its effect (#35 item 4, h-recall12)', () => {
  // Modelled on zákon č. 519/1990 Sb., čl. I body 1 to 3, on zákon č. 228/1988 Sb.
  const act = `# Zákon, kterým se mění zákon č. 228/1988 Sb.

##### Čl. I

Zákon č. 228/1988 Sb., o celní hodnotě, se mění takto:

- 1. V § 2 se za odstavec 1 vkládají nové odstavce 2 a 3, které znějí:

„(2) Text.

(3) Text.“.

- 2. Dosavadní odstavec 2 se označuje jako odstavec 4.

- 3. V příloze se slova „A“ nahrazují slovy „B“.

- 4. Odstavec 5 zní:

„(5) Text.“.

##### Čl. II

Tento zákon nabývá účinnosti dnem 1. ledna 1991.
`;
  const points = () =>
    readAmendingAct(act, { naturalKey: 'sb/1990/519', publicationDate: '1990-12-01', effectivenessDate: '1991-01-01' }).blocks[0].points;

  it('places the renumbered odstavec in § 2 (the effect only: the operation stays as read)', () => {
    const [, second] = points();
    expect(second.previousSection).toBe('par_2');
    const read = parseInstruction(second);
    expect(read.effects.flatMap((e) => e.targets).sort()).toEqual(['par_2/odst_2', 'par_2/odst_4']);
    expect(read.operations[0].targets.map((t) => t.id)).toEqual(['odst_2']);
  });

  it('takes no § after a point naming another place (an annex)', () => {
    const fourth = points()[3];
    expect(fourth.previousSection).toBeUndefined();
    expect(parseInstruction(fourth).effects.flatMap((e) => e.targets)).toEqual([]);
  });
});
