import { type Analysis, HunspellLemmatizer } from '../src/language/hunspell';
import { analysisKey, pickAnalysis } from '../src/language/lemma';
import { fold } from '../src/language/text';

// A tiny dictionary in the Czech dictionary's own notation (single-character flags; a suffix whose
// continuation names another suffix; "ne"/"nej" prefixes; a negated condition with diacritics).
const AFF = [
  'SET UTF-8',
  'PFX N Y 1',
  'PFX N   0   ne   .',
  'PFX E Y 1',
  'PFX E   0   nej  .',
  'SFX Z Y 4',
  'SFX Z   a   y    [^aeiouyžščřcjďťň]a',
  'SFX Z   a   u    a',
  'SFX Z   a   ě    [bdfmnptvw]a',
  'SFX Z   a   ou   a',
  'SFX P Y 2',
  'SFX P   0   ovi  [^aeokl]',
  'SFX P   0   ův/Y [^aeoklc]',
  'SFX Y Y 3',
  'SFX Y   ův  ova  ův',
  'SFX Y   ý   á    ý',
  'SFX Y   ý   ého  ý',
  'SFX y Y 1',
  'SFX y   ý   ější/E   [bdmnptv]ý',
  'SFX H Y 1',
  'SFX H   0   u    [^aeiouy]',
  'SFX K Y 1',
  'SFX K   ď   di   ď',
].join('\n');
const DIC = ['7', 'mzda/Z', 'soused/P', 'výpověď/K', 'výpovědní', 'důvod/H', 'důvodu', 'placený/YNy'].join('\n');

const lz = new HunspellLemmatizer(AFF, DIC);
const lemmas = (w: string) => lz.analyse(fold(w)).map(analysisKey).sort();

describe('HunspellLemmatizer', () => {
  it('reads every entry, folded', () => {
    expect(lz.size).toBe(7);
    expect(lemmas('vypovedni')).toEqual(['vypovedni']);
  });

  it('strips suffixes under their conditions, a negated class keeping letters its diacritics folded away', () => {
    for (const form of ['mzdy', 'mzdu', 'mzdě', 'mzdou', 'mzda']) expect(lemmas(form)).toEqual(['mzda']);
    expect(lemmas('mzdi')).toEqual([]);
  });

  it('finds words typed without diacritics', () => {
    expect(lemmas('vypovedi')).toEqual(['vypoved']);
    expect(lemmas('mzde')).toEqual(['mzda']);
  });

  it('follows a twofold suffix (possessive, then its adjective ending)', () => {
    expect(lemmas('sousedovi')).toEqual(['soused']);
    expect(lemmas('sousedův')).toEqual(['soused']);
    expect(lemmas('sousedova')).toEqual(['soused']);
  });

  it('keys a negation by "ne" + lemma and a superlative by its lemma', () => {
    expect(lemmas('neplacená')).toEqual(['neplaceny']);
    expect(lemmas('nejplacenější')).toEqual(['placeny']);
    // the prefix only where the entry (or the suffix rule) allows it
    expect(lemmas('nemzdy')).toEqual([]);
  });

  it('leaves unknown words without an analysis', () => {
    expect(lz.analyse('xyzzy')).toEqual([]);
  });

  it('prefers a lemma with forms over a fixed word, and never depends on order', () => {
    const a = lz.analyse('duvodu');
    expect(a.map((x) => x.lemma).sort()).toEqual(['duvod', 'duvodu']);
    expect(pickAnalysis(a)?.lemma).toBe('duvod');
    expect(pickAnalysis([...a].reverse())?.lemma).toBe('duvod');
  });

  it('prefers a common word over a name, then the shortest lemma', () => {
    const a = (lemma: string, more: Partial<Analysis> = {}): Analysis => ({
      lemma,
      negated: false,
      paradigm: true,
      proper: false,
      ...more,
    });
    expect(pickAnalysis([a('dita', { proper: true }), a('dite', { paradigm: false })])?.lemma).toBe('dite');
    expect(pickAnalysis([a('vypovedet'), a('vypoved')])?.lemma).toBe('vypoved');
    expect(pickAnalysis([a('movitost', { negated: true }), a('nemovitost')])?.lemma).toBe('nemovitost');
  });

  it('tells names from words by how the dictionary writes them', () => {
    const names = new HunspellLemmatizer(AFF, '2\nDita/Z\nmzda/Z');
    expect(names.analyse('dity')).toEqual([{ lemma: 'dita', negated: false, paradigm: true, proper: true }]);
    expect(names.analyse('mzdy')[0].proper).toBe(false);
  });
});
