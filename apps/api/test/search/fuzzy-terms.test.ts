import { allowedEdits, editDistance, fuzzyTitleQuery, fuzzyWords, minimalCovers } from '../../src/legal/search/fuzzy-terms';

describe('edit distance (Levenshtein with adjacent swaps)', () => {
  it.each([
    ['prac', 'prac', 0],
    ['prca', 'prac', 1], // swap
    ['obcnask', 'obcansk', 1], // swap
    ['spotrebitle', 'spotrebitel', 1],
    ['zakonik', 'zakon', 2],
    ['ustav', 'ustavn', 1],
    ['', 'abc', 3],
  ])('%s ~ %s = %i', (a, b, d) => {
    expect(editDistance(a, b, 5)).toBe(d);
    expect(editDistance(b, a, 5)).toBe(d);
  });

  it('stops at max + 1 once the distance must exceed max', () => {
    expect(editDistance('zakonik', 'spotrebitel', 2)).toBe(3);
    expect(editDistance('ab', 'abcdef', 2)).toBe(3);
  });

  it('allows no edit below 4 letters, one below 8, then two', () => {
    expect(['obc', 'prac', 'zakonik', 'spotrebitel'].map(allowedEdits)).toEqual([0, 1, 1, 2]);
  });
});

describe('minimal covers (minimum should match)', () => {
  it('takes the smallest word sets holding half the weight', () => {
    // "zakon o cenach": "cenach" (7) alone is half of 13, "zakon" (6) is not.
    expect(minimalCovers([6, 7], [true, true])).toEqual([[1]]);
    // Three words of similar weight: any two.
    expect(minimalCovers([6, 8, 6], [true, true, true])).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
  });

  it('leaves out words without a form in any title, yet counts their weight', () => {
    expect(minimalCovers([6, 7], [true, false])).toEqual([]);
    expect(minimalCovers([6, 8, 6], [true, false, true])).toEqual([[0, 2]]);
  });
});

describe('fuzzy title query', () => {
  it('stems the longest words, skips stopwords and short words, weighs each by its trigrams', () => {
    expect(fuzzyWords('zakon o ochrane spotrebitele')).toEqual([
      { stem: 'spotrebitel', weight: 13 },
      { stem: 'ochran', weight: 8 },
      { stem: 'zakon', weight: 6 },
    ]);
  });

  it('asks for a form of every word of one cover', () => {
    const words = fuzzyWords('zakonik prcae');
    expect(fuzzyTitleQuery(words, [['zakonik'], ['prac', 'prca']])).toBe('((zakonik))');
    const three = fuzzyWords('ceska narodni banka');
    expect(fuzzyTitleQuery(three, [['narodn'], ['bank', 'banks'], ['cesk']])).toBe(
      '((narodn) & (bank | banks)) | ((narodn) & (cesk)) | ((bank | banks) & (cesk))',
    );
    expect(fuzzyTitleQuery(words, [[], []])).toBeNull();
  });
});
