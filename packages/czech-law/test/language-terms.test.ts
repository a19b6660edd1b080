import { indexTerms, LANGUAGE_VERSION, queryTerms } from '../src/language';

describe('indexTerms', () => {
  it('gives one folded, lower-case key per word in order, stop words dropped, digits kept', () => {
    const terms = indexTerms('Výpověď z pracovního poměru podle § 52 písm. a)');
    expect(terms).not.toContain('z');
    expect(terms).toContain('52');
    for (const t of terms) expect(t).toMatch(/^[a-z0-9]+$/);
    expect(terms.length).toBe(5); // vypoved pracovniho pomeru podle 52
  });

  it('puts inflected forms of one word under one key', () => {
    const [a, b, c] = [indexTerms('mzdy'), indexTerms('mzdu'), indexTerms('mzda')];
    expect(a).toEqual(b);
    expect(b).toEqual(c);
  });
});

describe('queryTerms', () => {
  it('lists each word once with weight 1 and never a stop word', () => {
    const terms = queryTerms('Mzdy a mzda zaměstnance');
    const own = terms.filter((t) => t.from !== 'related');
    expect(own.map((t) => t.term)).toEqual([...new Set(own.map((t) => t.term))]);
    expect(own.every((t) => t.weight === 1)).toBe(true);
    expect(own.map((t) => t.term)).toEqual(indexTerms('mzdy zaměstnance'));
  });

  it('gives related terms a weight below 1', () => {
    for (const t of queryTerms('výplata nájemník řidičák').filter((x) => x.from === 'related')) {
      expect(t.weight).toBeGreaterThan(0);
      expect(t.weight).toBeLessThan(1);
    }
  });

  it('has a positive integer version', () => {
    expect(Number.isInteger(LANGUAGE_VERSION)).toBe(true);
    expect(LANGUAGE_VERSION).toBeGreaterThan(0);
  });
});
