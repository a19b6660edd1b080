import { foldText, recogniseCitations, type RecognisedCitation } from '../src/citations/recognise-citations';

/** What a test compares: the span as written, the act's keys and the provision id. */
const brief = (c: RecognisedCitation) => ({ text: c.text, keys: [...c.act.keys], via: c.act.via, provision: c.provision?.id ?? null });
const found = (text: string) => recogniseCitations(text).map(brief);

describe('numbered citations of every act type', () => {
  it.each([
    ['Podle zákona č. 89/2012 Sb. platí', 'zákona č. 89/2012 Sb.', 'sb/2012/89'],
    ['viz 89/2012 Sb., kde', '89/2012 Sb.', 'sb/2012/89'],
    ['vyhláška č. 500/2002 Sb. stanoví', 'vyhláška č. 500/2002 Sb.', 'sb/2002/500'],
    ['podle vyhlášky Ministerstva zdravotnictví č. 137/2004 Sb. se', 'vyhlášky Ministerstva zdravotnictví č. 137/2004 Sb.', 'sb/2004/137'],
    ['nařízení vlády č. 361/2007 Sb. upravuje', 'nařízení vlády č. 361/2007 Sb.', 'sb/2007/361'],
    ['ústavní zákon č. 110/1998 Sb. o bezpečnosti', 'ústavní zákon č. 110/1998 Sb.', 'sb/1998/110'],
    ['sdělení Ministerstva zahraničních věcí č. 12/2000 Sb. o', 'sdělení Ministerstva zahraničních věcí č. 12/2000 Sb.', 'sb/2000/12'],
    ['zákonným opatřením č. 347/1992 Sb. bylo', 'zákonným opatřením č. 347/1992 Sb.', 'sb/1992/347'],
    ['Zákonem č. 40/1964 Sb. se', 'Zákonem č. 40/1964 Sb.', 'sb/1964/40'],
    ['zákona č. 262/2006, zákoník práce', 'zákona č. 262/2006', 'sb/2006/262'],
  ])('%s', (text, span, key) => {
    expect(found(text)).toEqual([{ text: span, keys: [key], via: 'number', provision: null }]);
  });

  it('leaves EU regulations, the treaties collection and bare fractions alone', () => {
    expect(found('nařízení (ES) č. 1907/2006 a nařízení Komise č. 1234/2007')).toEqual([]);
    expect(found('smlouva vyhlášená pod č. 14/2001 Sb. m. s.')).toEqual([]);
    expect(found('v poměru 3/2000 a sp. zn. 25 Cdo 1234/2012')).toEqual([]);
    expect(found('Oznámeno v částce 29/2000 Sb.')).toEqual([]);
  });

  it('reads each number of a list', () => {
    expect(found('zákonů č. 1/2000 Sb., č. 2/2000 Sb. a 3/2000 Sb.').map((c) => c.keys[0])).toEqual([
      'sb/2000/1',
      'sb/2000/2',
      'sb/2000/3',
    ]);
  });

  it('does not take the title after the number for a second citation', () => {
    expect(found('zákon č. 89/2012 Sb., občanský zákoník, ve znění pozdějších předpisů')).toEqual([
      { text: 'zákon č. 89/2012 Sb.', keys: ['sb/2012/89'], via: 'number', provision: null },
    ]);
  });
});

describe('provisions before an act', () => {
  it.each([
    ['§ 2079 zákona č. 89/2012 Sb.', ['par_2079'], ['sb/2012/89']],
    ['§ 52 písm. g) zákoníku práce', ['par_52/pism_g'], ['sb/2006/262', 'sb/1965/65']],
    ['§ 55 odst. 1 ZP', ['par_55/odst_1'], ['sb/2006/262', 'sb/1965/65']],
    ['čl. 1 odst. 2 Ústavy', ['cl_1/odst_2'], ['sb/1993/1']],
    ['čl. II bod 3 zákona č. 303/2013 Sb.', ['cl_2/bod_3'], ['sb/2013/303']],
    ['§ 55 odst. 1 písm. a) bod 2 zákoníku práce', ['par_55/odst_1/pism_a/bod_2'], ['sb/2006/262', 'sb/1965/65']],
    ['§ 14a odst. 3 věty druhé zákona č. 586/1992 Sb.', ['par_14a/odst_3'], ['sb/1992/586']],
    ['článku 36 Listiny', ['cl_36'], ['sb/1993/2']],
  ])('%s', (text, provisions, keys) => {
    const cs = recogniseCitations(text);
    expect(cs.map((c) => c.provision?.id)).toEqual(provisions);
    for (const c of cs) {
      expect(c.text).toBe(text);
      expect([...c.act.keys]).toEqual(keys);
    }
  });

  it('labels provisions as people cite them', () => {
    expect(recogniseCitations('§ 55 odst. 1 písm. a) ZP')[0].provision).toEqual({
      id: 'par_55/odst_1/pism_a',
      label: '§ 55 odst. 1 písm. a)',
    });
    expect(recogniseCitations('čl. IV zákona č. 1/2000 Sb.')[0].provision).toEqual({ id: 'cl_4', label: 'čl. IV' });
  });

  it('ignores a § of no act the text names', () => {
    expect(found('podle § 5 tohoto zákona')).toEqual([]);
    expect(found('§ 12 odst. 2 stanoví')).toEqual([]);
  });
});

describe('ranges and lists', () => {
  const ids = (text: string) => recogniseCitations(text).map((c) => c.provision?.id);
  it('§§ 52 až 55: both ends', () => expect(ids('§§ 52 až 55 zákoníku práce')).toEqual(['par_52', 'par_55']));
  it('§ 52 a 53', () => expect(ids('§ 52 a 53 zákoníku práce')).toEqual(['par_52', 'par_53']));
  it('§ 52, 53 a 55', () => expect(ids('§ 52, 53 a 55 ZP')).toEqual(['par_52', 'par_53', 'par_55']));
  it('§ 52 a § 53', () => expect(ids('§ 52 a § 53 ZP')).toEqual(['par_52', 'par_53']));
  it('odst. 1 a 2', () => expect(ids('§ 55 odst. 1 a 2 ZP')).toEqual(['par_55/odst_1', 'par_55/odst_2']));
  it('odst. 1 a odst. 3', () => expect(ids('§ 55 odst. 1 a odst. 3 ZP')).toEqual(['par_55/odst_1', 'par_55/odst_3']));
  it('písm. a) až c)', () => expect(ids('§ 52 písm. a) až c) ZP')).toEqual(['par_52/pism_a', 'par_52/pism_c']));
  it('písm. a) a b) under an odstavec', () =>
    expect(ids('§ 5 odst. 2 písm. a) a b) zákona č. 1/2000 Sb.')).toEqual(['par_5/odst_2/pism_a', 'par_5/odst_2/pism_b']));
  it('čl. I a II', () => expect(ids('čl. I a II zákona č. 1/2000 Sb.')).toEqual(['cl_1', 'cl_2']));
  it('§ 5 a násl.', () => expect(recogniseCitations('§ 5 a násl. zákona č. 1/2000 Sb.')[0].text).toBe('§ 5 a násl. zákona č. 1/2000 Sb.'));
  it('a list sharing one span', () => {
    const cs = recogniseCitations('viz § 52 a 53 ZP.');
    expect(cs.map((c) => [c.start, c.end])).toEqual([
      [4, 16],
      [4, 16],
    ]);
  });
});

describe('abbreviations and short names', () => {
  it.each([
    ['§ 2 obč. zák.', 'sb/2012/89'],
    ['§ 2 OZ', 'sb/2012/89'],
    ['§ 2 ZP', 'sb/2006/262'],
    ['§ 205 tr. zák.', 'sb/1961/140'],
    ['§ 205 TZ', 'sb/2009/40'],
    ['§ 2 tr. ř.', 'sb/1961/141'],
    ['§ 2 o. s. ř.', 'sb/1963/99'],
    ['§ 2 o.s.ř.', 'sb/1963/99'],
    ['§ 2 s. ř.', 'sb/2004/500'],
    ['§ 2 s. ř. s.', 'sb/2002/150'],
    ['§ 2 ZOK', 'sb/2012/90'],
    ['§ 2 InsZ', 'sb/2006/182'],
    ['§ 2 ZDPH', 'sb/2004/235'],
    ['§ 2 daňového řádu', 'sb/2009/280'],
    ['čl. 2 Listiny', 'sb/1993/2'],
    ['čl. 2 Ústavy', 'sb/1993/1'],
  ])('%s', (text, key) => {
    const [c] = recogniseCitations(text);
    expect(c.text).toBe(text);
    expect(c.act.keys[0]).toBe(key);
  });

  it.each([
    ['občanský zákoník'],
    ['občanského zákoníku'],
    ['občanskému zákoníku'],
    ['občanském zákoníku'],
    ['občanským zákoníkem'],
    ['Občanský zákoník'],
  ])('a short name in any case: %s', (name) => {
    expect(found(`Podle ${name} platí`)).toEqual([{ text: name, keys: ['sb/2012/89', 'sb/1964/40'], via: 'name', provision: null }]);
  });

  it('takes the longest name (nového občanského zákoníku, not občanského zákoníku)', () => {
    expect(found('podle nového občanského zákoníku')).toEqual([
      { text: 'nového občanského zákoníku', keys: ['sb/2012/89'], via: 'name', provision: null },
    ]);
  });

  it('a short abbreviation on its own is no citation; a longer one is', () => {
    expect(found('ZP a OZ')).toEqual([]);
    expect(found('podle ZOK')).toEqual([{ text: 'ZOK', keys: ['sb/2012/90'], via: 'abbreviation', provision: null }]);
  });

  it('names proper (Ústava, Listina) only with their capital', () => {
    expect(found('ústavy a listiny')).toEqual([]);
  });

  it('not an institute (Ústav pro …, Ústav zdravotnických informací)', () => {
    expect(found('stanovisko Ústavu pro studium totalitních režimů a Ústavu zdravotnických informací')).toEqual([]);
    expect(found('porušuje Ústavu a zákony')).toEqual([{ text: 'Ústavu', keys: ['sb/1993/1'], via: 'name', provision: null }]);
  });

  it('a one-word name opening a sentence only after a provision', () => {
    expect(found('Listiny se předkládají v originále. Ústavy sociální péče.')).toEqual([]);
    expect(found('Je to v rozporu s Listinou.')).toEqual([{ text: 'Listinou', keys: ['sb/1993/2'], via: 'name', provision: null }]);
  });

  it('not s. ř. in s. r. o.', () => {
    expect(found('Alfa s. r. o. a Beta s.r.o.')).toEqual([]);
  });
});

describe('without diacritics', () => {
  it.each([
    ['zakona c. 89/2012 Sb.', null, 'sb/2012/89'],
    ['§ 52 pism. g) zakoniku prace', 'par_52/pism_g', 'sb/2006/262'],
    ['cl. 1 odst. 2 Ustavy', 'cl_1/odst_2', 'sb/1993/1'],
    ['§ 2 obc. zak.', 'par_2', 'sb/2012/89'],
    ['§ 2 o. s. r.', 'par_2', 'sb/1963/99'],
    ['§ 2 danoveho radu', 'par_2', 'sb/2009/280'],
  ])('%s', (text, provision, key) => {
    const [c] = recogniseCitations(text);
    expect(c.text).toBe(text);
    expect(c.provision?.id ?? null).toBe(provision);
    expect(c.act.keys[0]).toBe(key);
  });

  it('keeps offsets: folding changes no length', () => {
    const text = 'Žádost podle § 52 písm. g) zákoníku práce a\u00a0§\u00a02 OZ';
    expect(foldText(text)).toHaveLength(text.length);
    for (const c of recogniseCitations(text)) expect(text.slice(c.start, c.end)).toBe(c.text);
  });
});

describe('referring back', () => {
  it('téhož zákona and citovaného zákona take the act cited last', () => {
    const cs = recogniseCitations('Podle § 5 zákona č. 1/2000 Sb. a § 6 téhož zákona, dále § 7 citovaného zákona.');
    expect(cs.map((c) => [c.provision?.id, c.act.via, [...c.act.keys], c.act.ambiguous ?? false])).toEqual([
      ['par_5', 'number', ['sb/2000/1'], false],
      ['par_6', 'back_reference', ['sb/2000/1'], false],
      ['par_7', 'back_reference', ['sb/2000/1'], false],
    ]);
  });

  it('is ambiguous when the sentence before cited two acts', () => {
    const cs = recogniseCitations('Podle zákona č. 1/2000 Sb. a zákona č. 2/2000 Sb. a § 6 citovaného zákona.');
    const back = cs.find((c) => c.act.via === 'back_reference')!;
    expect(back.act.ambiguous).toBe(true);
    expect([...back.act.keys].sort()).toEqual(['sb/2000/1', 'sb/2000/2']);
  });

  it('is no citation with nothing cited before', () => {
    expect(found('§ 6 téhož zákona')).toEqual([]);
  });
});

describe('titles after a number', () => {
  it("hold the act's own short name, which is no citation of its own", () => {
    const text =
      'Zákon č. 6/2002 Sb., o soudech, soudcích a státní správě soudů (zákon o soudech a soudcích), ve znění zákona č. 151/2002 Sb.';
    expect(found(text).map((c) => c.text)).toEqual(['Zákon č. 6/2002 Sb.', 'zákona č. 151/2002 Sb.']);
  });

  it('end where the sentence goes on, so citations after them are still found', () => {
    const cs = recogniseCitations('zákon č. 40/1964 Sb., občanský zákoník, a § 2 tr. zák.; obecní zřízení');
    expect(cs.map((c) => c.text)).toEqual(['zákon č. 40/1964 Sb.', '§ 2 tr. zák.', 'obecní zřízení']);
    expect(found('zákona č. 89/2012 Sb., občanský zákoník, a podle zákoníku práce').map((c) => c.text)).toEqual([
      'zákona č. 89/2012 Sb.',
      'zákoníku práce',
    ]);
  });
});
