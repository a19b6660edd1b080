import { type Analysis, HunspellLemmatizer } from '../src/language/hunspell';
import { analysisKey, pickAnalysis, spelledKeys } from '../src/language/lemma';
import { indexTerms, spelledWords } from '../src/language/terms';
import { fold, words } from '../src/language/text';

// A tiny dictionary in the Czech dictionary's notation, with the collisions folding makes: a
// soft-stem rule ("ňa" -> "ni") that, folded, also fits a hard stem ("měna"); an entry ("plát",
// to glow, with its infinitive "pláti") that folds like another ("plat", the salary); a name's
// paradigm ("Bud") under the spelling of a fixed word ("buď").
const AFF = [
  'SET UTF-8',
  'SFX Z Y 3',
  'SFX Z   ňa  ni   ňa',
  'SFX Z   a   ě    [bdfmnptvw]a',
  'SFX Z   a   y    [^aeiouyžščřcjďťň]a',
  'SFX A Y 2',
  'SFX A   it  í    it',
  'SFX A   it  il   it',
  'SFX J Y 1',
  'SFX J   0   i    t',
  'SFX H Y 1',
  'SFX H   0   u    [^aeiouy]',
  'SFX T Y 1',
  'SFX T   át  eš   át',
  'SFX P Y 1',
  'SFX P   0   u    .',
  'SFX B Y 1',
  'SFX B   u   e    u',
  'SFX Y Y 1',
  'SFX Y   í   ího  í',
].join('\n');
const DIC = [
  '12',
  'měna/Z',
  'měnit/A',
  'pracovna/Z',
  'pracovní/Y',
  'plat/H',
  'plát/J',
  'platit/A',
  'prát/T',
  'přes',
  'Bud/P',
  'buď',
  'budu/B',
].join('\n');

const folded = new HunspellLemmatizer(AFF, DIC);
const spelled = new HunspellLemmatizer(AFF, DIC, { spelled: true });

/** The key a word gets: by its spelling among the folded analyses, as `indexTerms` chooses. */
const key = (word: string): string | undefined => {
  const best = pickAnalysis(folded.analyse(fold(word)), spelledKeys(word, spelled));
  return best && analysisKey(best);
};
/** The key by the folded word alone (the choice before the spelling was read). */
const foldedKey = (word: string): string | undefined => {
  const best = pickAnalysis(folded.analyse(fold(word)));
  return best && analysisKey(best);
};

describe('the lemma a word is keyed by, read from its spelling', () => {
  it('a verb form is not keyed as a noun a folded soft-stem rule reaches ("mění" is měnit, not měna)', () => {
    expect(foldedKey('mění')).toBe('mena');
    expect(key('mění')).toBe('menit');
    // The noun's own forms stay the noun's.
    expect(key('měně')).toBe('mena');
    expect(key('měny')).toBe('mena');
  });

  it('an adjective is keyed as itself, not as the noun the same rule reaches ("pracovní" is not pracovna)', () => {
    expect(foldedKey('pracovní')).toBe('pracovna');
    expect(key('pracovní')).toBe('pracovni');
    expect(key('pracovního')).toBe('pracovni');
    expect(key('pracovně')).toBe('pracovna');
  });

  it('a verb form is not keyed by an entry that only folds like it ("platí" is platit, not plat through "pláti")', () => {
    expect(foldedKey('platí')).toBe('plat');
    expect(key('platí')).toBe('platit');
    expect(key('platil')).toBe('platit');
    expect(key('platu')).toBe('plat');
  });

  it('a preposition is keyed as itself, not as a verb form that folds like it ("přes" is not prát)', () => {
    expect(foldedKey('přes')).toBe('prat');
    expect(key('přes')).toBe('pres');
  });

  it('a form reached only through a name is the name\'s ("budu" is not the name "Bud" nor "buď")', () => {
    expect(folded.analyse('budu').find((a) => a.lemma === 'bud')?.proper).toBe(true);
    expect(foldedKey('budu')).toBe('budu');
    expect(key('budu')).toBe('budu');
  });

  it('a word typed without its diacritics, spelled by no analysis, is keyed as before', () => {
    expect(spelledKeys('plati', spelled)).toEqual(new Set());
    expect(key('plati')).toBe(foldedKey('plati'));
    expect(key('meni')).toBe(foldedKey('meni'));
  });

  it('the spelling decides only among the analyses; ranks the spelled first whatever their order', () => {
    const a = (lemma: string, more: Partial<Analysis> = {}): Analysis => ({
      lemma,
      negated: false,
      paradigm: true,
      proper: false,
      ...more,
    });
    const both = [a('plat'), a('platit')];
    expect(pickAnalysis(both, new Set(['platit']))?.lemma).toBe('platit');
    expect(pickAnalysis([...both].reverse(), new Set(['platit']))?.lemma).toBe('platit');
    expect(pickAnalysis(both, new Set())?.lemma).toBe('plat');
    expect(pickAnalysis(both)?.lemma).toBe('plat');
  });
});

describe('the Czech dictionary: the keys of words its folding misread', () => {
  it('keys verb forms, adjectives and prepositions by their own lemma', () => {
    expect(indexTerms('Platí obdobně. Mění se. Pracovní poměr. Přes pozemek. Budu platit.')).toEqual([
      'platit',
      'obdobny',
      'menit',
      'pracovni',
      'pomer',
      'pres',
      'pozemek',
      'budu',
      'platit',
    ]);
    // The nouns keep theirs.
    expect(indexTerms('plat platu měna měny pracovna')).toEqual(['plat', 'plat', 'mena', 'mena', 'pracovna']);
  });

  it('keys a verbal noun as the noun, every case alike ("ověření", "ověřením")', () => {
    expect(indexTerms('ověření ověřením')).toEqual(['overeni', 'overeni']);
  });

  it('keys the forms of nouns the dictionary lists only as fixed words by their noun', () => {
    expect(new Set(indexTerms('práce práci prací pracemi'))).toEqual(new Set(['prace']));
    expect(new Set(indexTerms('dům domu domem domy'))).toEqual(new Set(['dum']));
    expect(new Set(indexTerms('břemeno břemene břemenem'))).toEqual(new Set(['bremeno']));
  });
});

describe('spelledWords', () => {
  it('gives the words `words` gives, each with its spelling', () => {
    const text = 'Platí § 5 odst. 2 písm. a) zákona č. 262/2006 Sb.; Straße, naïve, ﬁle, Ελλάδα — ÚŘAD';
    expect(spelledWords(text).map((w) => w.word)).toEqual(words(text));
    expect(spelledWords('Platí ÚŘAD')).toEqual([
      { word: 'plati', spelling: 'platí' },
      { word: 'urad', spelling: 'úřad' },
    ]);
  });
});
