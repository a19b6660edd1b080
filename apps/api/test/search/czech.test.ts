import { createTestDatabase, type TestDatabase } from '@dp/testing';
import {
  alternateStem,
  fold,
  stemForms,
  termQuery,
  variantStems,
  parseCitation,
  queryTerms,
  stem,
  words,
} from '../../src/legal/search/czech';

describe('czech stemmer (pure)', () => {
  it('folds case and diacritics', () => {
    expect(fold('Občanský ZÁKONÍK, Řízení a Účast')).toBe('obcansky zakonik, rizeni a ucast');
  });

  it.each([
    ['zakonik', 'zakonik'],
    ['zakoniku', 'zakonik'],
    ['zakonikem', 'zakonik'],
    ['obcansky', 'obcansk'],
    ['obcanskeho', 'obcansk'],
    ['obcanskymi', 'obcansk'],
    ['spotrebitele', 'spotrebitel'],
    ['spotrebitelu', 'spotrebitel'],
    ['spotrebitelum', 'spotrebitel'],
    ['ochrana', 'ochran'],
    ['ochrane', 'ochran'],
    ['ochranou', 'ochran'],
    ['prace', 'prac'],
    ['praci', 'prac'],
    ['dan', 'dan'],
    ['dani', 'dan'],
    ['2012', '2012'],
  ])('%s -> %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it('makes inflected, diacritic-free and accented queries meet', () => {
    expect(queryTerms('obcansky zakonik')).toEqual(queryTerms('Občanského zákoníku'));
    expect(queryTerms('ochrana spotřebitelů')).toEqual(queryTerms('Ochraně spotřebitele'));
  });

  it.each([
    ['prah', 'praz'],
    ['praz', 'prah'],
    ['bank', 'banc'],
    ['banc', 'bank'],
    ['zakon', null],
    ['duch', null],
    ['2012', null],
  ])('alternates the last consonant of %s -> %s', (s, alt) => {
    expect(alternateStem(s)).toBe(alt);
  });

  it('finds the shorter stems other forms of the word get (the longest ending reaching into the root)', () => {
    expect(stem('minimum')).toBe('minim');
    expect(stem('minimu')).toBe('min');
    expect(variantStems(stem('minimum'))).toEqual(['min']);
    expect(variantStems(stem('zakon'))).toEqual([]);
    expect(variantStems(stem('obcansky'))).toEqual(['obcansc']);
  });

  it('writes a title as stems, variants of the query words as the query writes them', () => {
    const forms = stemForms('hlavni mesto praha');
    expect(forms('zakon o hlavnim meste praze 131/2000 sb.')).toBe('zakon o hlavn mest prah 131 2000 sb');
    expect(stemForms('zivotni minimum')('zakon o zivotnim a existencnim minimu')).toBe('zakon o zivotn a existencn minim');
    expect(stemForms('zivotni')('zakon o zivotnim a existencnim minimu')).toBe('zakon o zivotn a existencn min');
  });

  it('asks for the variant stems exactly and the stem as a prefix', () => {
    expect(termQuery(stem('praha'))).toBe('(prah:* | praz)');
    expect(termQuery(stem('minimum'))).toBe('(minim:* | min)');
    expect(termQuery(stem('zakon'))).toBe('zakon:*');
  });

  it('drops stopwords and one-letter words', () => {
    expect(queryTerms('zákon o ochraně spotřebitele')).toEqual(['zakon', 'ochran', 'spotrebitel']);
  });

  it.each([
    ['89/2012', 'sb/2012/89'],
    ['89/2012 Sb.', 'sb/2012/89'],
    ['zákon č. 89/2012 Sb.', 'sb/2012/89'],
    ['zakon c. 40/1964 Sb. obcansky zakonik', 'sb/1964/40'],
  ])('reads the citation in %s', (q, key) => {
    expect(parseCitation(q)?.naturalKey).toBe(key);
  });

  it('does not take dates or paragraphs for citations', () => {
    expect(parseCitation('1/2/2012')).toBeNull();
    expect(parseCitation('§ 2079 občanského zákoníku')).toBeNull();
  });
});

describe('czech stemmer: SQL (index time) and TypeScript (query time) agree', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.destroy());

  it('stems the same words the same way', async () => {
    const sample =
      'Občanský zákoník upravuje práva a povinnosti osob; zákoníku, zákoníkem, spotřebitelů, spotřebitelům, ' +
      'ČESKÉ REPUBLIKY, ochraně, ochranou, státními, právnických osobách, dítětem, zvířatech, § 2079 odst. 1, ' +
      'účetnictví, řízení, Šťastný, ústavního, hospodářské soutěže, dluhopisovém, pojištění, nájmu';
    const [row] = await db.query<{ s: string }>('SELECT search_stem(search_fold($1)) AS s', [sample]);
    expect(words(row.s)).toEqual(words(sample).map(stem));
  });
});
