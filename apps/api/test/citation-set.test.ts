import { emptyScore, finish, scoreCase } from '../src/eval/citation-set';
import { annotate } from '../src/eval/derive-citation-set';

// The test set's own rules (not the recogniser's) and its scoring.

describe('annotate: the set derivation reads citations by patterns of its own', () => {
  const brief = (line: string) => annotate(line)?.map((r) => [line.slice(r.start, r.end), r.keys[0], r.provision]) ?? null;

  it('reads numbers with their type and issuer, provisions, lists and names', () => {
    expect(brief('Podle § 5 odst. 2 zákona č. 1/2000 Sb. a vyhlášky Ministerstva zdravotnictví č. 2/2001 Sb.')).toEqual([
      ['§ 5 odst. 2 zákona č. 1/2000 Sb.', 'sb/2000/1', 'par_5/odst_2'],
      ['vyhlášky Ministerstva zdravotnictví č. 2/2001 Sb.', 'sb/2001/2', null],
    ]);
    expect(brief('§ 4 a 5 zákona č. 131/1968 Sb.')).toEqual([
      ['§ 4 a 5 zákona č. 131/1968 Sb.', 'sb/1968/131', 'par_4'],
      ['§ 4 a 5 zákona č. 131/1968 Sb.', 'sb/1968/131', 'par_5'],
    ]);
    expect(brief('§ 2 odst. 5 a 6 zákona č. 183/2006 Sb.')?.map((r) => r[2])).toEqual(['par_2/odst_5', 'par_2/odst_6']);
    expect(brief('podle § 290 odst. 4 zákoníku práce')).toEqual([['§ 290 odst. 4 zákoníku práce', 'sb/2006/262', 'par_290/odst_4']]);
    // Ids as czech-law's builder writes them: a Roman article number as its value, a letter and a bod under their odstavec or article.
    expect(brief('podle § 52 odst. 1 písm. g) zákona č. 262/2006 Sb.')?.map((r) => r[2])).toEqual(['par_52/odst_1/pism_g']);
    expect(brief('podle čl. IV bodu 2 zákona č. 303/2013 Sb.')?.map((r) => r[2])).toEqual(['cl_4/bod_2']);
    expect(brief('podle čl. 3 odst. 2 zákona č. 1/1993 Sb.')?.map((r) => r[2])).toEqual(['cl_3/odst_2']);
  });

  it('leaves an act title after its number alone, and institutes', () => {
    expect(brief('Zákon č. 89/2012 Sb., občanský zákoník, ve znění pozdějších předpisů.')).toEqual([
      ['Zákon č. 89/2012 Sb.', 'sb/2012/89', null],
    ]);
    expect(brief('oznámení Ústavu pro státní kontrolu podle zákona č. 1/2000 Sb.')).toEqual([['zákona č. 1/2000 Sb.', 'sb/2000/1', null]]);
  });

  it('skips a line with a form it does not read, or a § it cannot place', () => {
    expect(annotate('§ 6 téhož zákona')).toBeNull();
    expect(annotate('Oznámeno v částce 29/2000 Sb.')).toBeNull();
    expect(annotate('podle § 5 tohoto zákona a zákona č. 1/2000 Sb.')).toBeNull();
  });
});

describe('scoreCase', () => {
  it('compares spans as sets and statuses per provision', () => {
    const s = emptyScore();
    const text = '§ 52 a 53 ZP; zákon č. 1/2000 Sb.';
    scoreCase(
      {
        from: 'x',
        text,
        expected: [
          { start: 0, end: 12, act: 'sb/2006/262', provision: 'par_52', status: 'valid' },
          { start: 0, end: 12, act: 'sb/2006/262', provision: 'par_53', status: 'valid' },
          { start: 14, end: 34, act: 'sb/2000/1', provision: null, status: 'valid' },
        ],
      },
      [
        { start: 0, end: 12, provision: 'par_52', status: 'valid' },
        { start: 0, end: 12, provision: 'par_53', status: 'provision_not_found' },
        { start: 3, end: 5, provision: null, status: 'valid' },
      ],
      s,
    );
    finish(s);
    expect([s.expectedSpans, s.foundSpans, s.matchedSpans, s.recall, s.precision]).toEqual([2, 2, 1, 0.5, 0.5]);
    expect([s.expectedCitations, s.statusRight]).toEqual([3, 1]);
    expect(s.misses[0].missing).toEqual(['zákon č. 1/2000 Sb.']);
  });
});
