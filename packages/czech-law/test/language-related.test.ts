import { FAMILY_WEIGHT, familyOf, indexTerms, learnRelatedTerms, queryTerms, useRelatedTerms } from '../src/language';

const key = (word: string) => indexTerms(word)[0];

describe('familyOf: derivations from the dictionary', () => {
  it('relates words of one family, which are not one key', () => {
    expect(key('výpověď')).not.toBe(key('výpovědní'));
    expect(familyOf(key('výpověď'))).toEqual(expect.arrayContaining([key('výpovědní'), key('vypovědět')]));
    expect(familyOf(key('nájemce'))).toEqual(expect.arrayContaining([key('nájem'), key('nájemník')]));
  });

  it('gives nothing for short keys, numbers and words the dictionary does not know', () => {
    expect(familyOf('mzda')).toEqual([]);
    expect(familyOf('2024')).toEqual([]);
    expect(familyOf(key('kvarkoplastika'))).toEqual([]);
  });

  it('puts family members in a query at the family weight', () => {
    const t = queryTerms('výpovědní lhůta').find((x) => x.term === key('výpověď'));
    expect(t).toEqual({ term: key('výpověď'), weight: FAMILY_WEIGHT, from: 'related' });
  });
});

describe('learnRelatedTerms: a thesaurus from the collection', () => {
  // "vyplata" always stands beside "mzda"; "den" is everywhere and relates to nothing in particular.
  const units = [
    ...Array.from({ length: 6 }, () => ['vyplata', 'mzda', 'termin', 'den']),
    ...Array.from({ length: 6 }, () => ['souhlas', 'den', 'rodic', 'skola', 'zak', 'trida', 'den']),
  ];

  it('relates terms that keep company, symmetrically, with weights in (0, maxWeight]', () => {
    const rows = learnRelatedTerms(units, { window: 1, minCount: 3, minNpmi: 0.5, maxWeight: 0.4 });
    const pair = (a: string, b: string) => rows.find((r) => r.term === a && r.related === b);
    expect(pair('vyplata', 'mzda')).toBeDefined();
    expect(pair('mzda', 'vyplata')?.weight).toBe(pair('vyplata', 'mzda')?.weight);
    expect(pair('vyplata', 'skola')).toBeUndefined();
    for (const r of rows) {
      expect(r.weight).toBeGreaterThan(0);
      expect(r.weight).toBeLessThanOrEqual(0.4);
    }
  });

  it('drops pairs seen fewer times than minCount', () => {
    expect(learnRelatedTerms(units, { window: 1, minCount: 7 })).toEqual([]);
  });
});

describe('useRelatedTerms', () => {
  afterEach(() => useRelatedTerms([]));

  it('adds the loaded related terms to a query, and forgets them when replaced', () => {
    useRelatedTerms([{ term: key('kvarkoplastika'), related: 'foton', weight: 0.3 }]);
    expect(queryTerms('kvarkoplastika')).toContainEqual({ term: 'foton', weight: 0.3, from: 'related' });
    useRelatedTerms([]);
    expect(queryTerms('kvarkoplastika').some((t) => t.term === 'foton')).toBe(false);
  });

  it('refuses weights outside (0, 1)', () => {
    expect(() => useRelatedTerms([{ term: 'a', related: 'b', weight: 1 }])).toThrow(RangeError);
    expect(() => useRelatedTerms([{ term: 'a', related: 'b', weight: 0 }])).toThrow(RangeError);
  });
});
