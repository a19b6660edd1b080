import { highlight } from '../../src/legal/search/snippet';
import { prepareQuery } from '../../src/legal/search/query';
import { cutSnippet, reciprocalRankFusion, RRF_K } from '../../src/legal/search/search';

describe('reciprocal rank fusion', () => {
  it('sums 1/(k + rank) over the rankings', () => {
    const fused = reciprocalRankFusion([
      ['a', 'b'],
      ['b', 'c'],
    ]);
    expect(fused.get('a')).toBeCloseTo(1 / (RRF_K + 1));
    expect(fused.get('b')).toBeCloseTo(1 / (RRF_K + 2) + 1 / (RRF_K + 1));
    expect(fused.get('c')).toBeCloseTo(1 / (RRF_K + 2));
    expect([...fused.entries()].sort((x, y) => y[1] - x[1])[0][0]).toBe('b');
  });
});

describe('query preparation', () => {
  it('takes the citation out and searches the rest', () => {
    expect(prepareQuery('zákon č. 89/2012 Sb.')).toEqual({ citation: 'sb/2012/89', terms: [], folded: '', name: '', known: [] });
  });

  it('reads a provision reference as no terms: its numbers are not documents (#25)', () => {
    expect(prepareQuery('§ 2079 obč. zák.').terms).toEqual(['obcansk', 'zakonik']);
    expect(prepareQuery('§ 52 zákoníku práce').terms).toEqual(['zakonik', 'prac']);
    expect(prepareQuery('§§ 2079 až 2081 odst. 2 písm. a) OZ').terms).toEqual(['obcansk', 'zakonik']);
    expect(prepareQuery('čl. 4 Listiny').terms).toEqual(['listin']);
    // A citation's number is still one.
    expect(prepareQuery('§ 5 zákona č. 21/1992 Sb.').citation).toBe('sb/1992/21');
  });

  it('reads ACT_NAMES abbreviations and short names as the acts they name (#25)', () => {
    expect(prepareQuery('ZP').known).toEqual([['sb/2006/262', 'sb/1965/65']]);
    expect(prepareQuery('ZP').terms).toEqual(['zakonik', 'prac']);
    expect(prepareQuery('NOZ').known).toEqual([['sb/2012/89']]);
    expect(prepareQuery('zákoníku práce').known).toEqual([['sb/2006/262', 'sb/1965/65']]);
    expect(prepareQuery('insolvencni zakon').known).toEqual([['sb/2006/182']]);
    // Case matters for abbreviations: "za" is a preposition, "ZA" the Advocacy Act.
    expect(prepareQuery('náhrada za škodu').known).toEqual([]);
    expect(prepareQuery('o. s. ř.').known).toEqual([['sb/1963/99']]);
  });
});

describe('snippets', () => {
  it('marks every word starting with a query stem, accents and case aside', () => {
    expect(highlight('Ochrana spotřebitele a SPOTŘEBITELŮ', ['spotrebitel'], false, false)).toBe('Ochrana «spotřebitele» a «SPOTŘEBITELŮ»');
  });

  it('finds the match near the folded position even when folding lengthened the text', () => {
    const text = `${'… '.repeat(50)}úvod ${'x'.repeat(300)} zde je spotřebitel chráněn`;
    // search_body position: the match in the folded text, 100 characters further ("…" -> "...").
    const at = text.indexOf('spotřebitel') + 1 + 100;
    const snippet = cutSnippet(text, 1, at, text.length, 'spotrebitel', ['spotrebitel']);
    expect(snippet).toContain('«spotřebitel» chráněn');
    expect(snippet.startsWith('…')).toBe(true);
  });
});
