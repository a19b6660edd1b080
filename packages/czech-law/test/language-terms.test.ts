import { indexTerms, LANGUAGE_VERSION, LEXICON, queryTerms, stem, univerbationOf, UNIVERBATION_WEIGHT } from '../src/language';

describe('indexTerms', () => {
  it('gives one folded, lower-case key per word in order, stop words dropped, digits kept', () => {
    const terms = indexTerms('Výpověď z pracovního poměru podle § 52 písm. a)');
    expect(terms).not.toContain('z');
    expect(terms).toContain('52');
    for (const t of terms) expect(t).toMatch(/^[a-z0-9]+$/);
    expect(terms).toEqual(['vypoved', 'pracovni', 'pomer', '52']); // "podle" is a stop word
  });

  it('puts inflected forms of one word under its lemma key, from the Czech dictionary', () => {
    expect(indexTerms('mzdy mzdu mzdě Mzda mzdou')).toEqual(['mzda', 'mzda', 'mzda', 'mzda', 'mzda']);
    expect(indexTerms('výpovědi výpovědí výpověď')).toEqual(['vypoved', 'vypoved', 'vypoved']);
    expect(indexTerms('nájemci nájemce')).toEqual(['najemce', 'najemce']);
    expect(indexTerms('zaměstnavatele zaměstnavatelem')).toEqual(['zamestnavatel', 'zamestnavatel']);
  });

  it('keys the irregular nouns the dictionary lists as separate words under their lemma', () => {
    expect(indexTerms('psa psovi pes')).toEqual(['pes', 'pes', 'pes']);
    expect(indexTerms('dítěte děti dítě')).toEqual(['dite', 'dite', 'dite']);
    expect(indexTerms('dva týdny týden')).toEqual([...indexTerms('dva'), 'tyden', 'tyden']);
  });

  it('keys a word typed without diacritics as the same lemma', () => {
    expect(indexTerms('vypovedi mzde')).toEqual(indexTerms('výpovědi mzdě'));
  });

  it('keys a negated form as "ne" + the lemma key of the form', () => {
    expect(indexTerms('nezaplacení')).toEqual([`ne${indexTerms('zaplacení')[0]}`]);
  });

  it('falls back to the suffix stemmer for words the dictionary does not know', () => {
    expect(indexTerms('kvarkoplastikami')).toEqual([stem('kvarkoplastikami')]);
  });
});

describe('queryTerms', () => {
  it('lists each word once with weight 1 and never a stop word', () => {
    const terms = queryTerms('Mzdy a mzda zaměstnance');
    const own = terms.filter((t) => t.from !== 'related');
    expect(own.map((t) => t.term)).toEqual([...new Set(own.map((t) => t.term))]);
    expect(own.every((t) => t.weight === 1)).toBe(true);
    expect(own.map((t) => t.from)).toEqual(['lemma', 'lemma']);
    expect(own.map((t) => t.term)).toEqual(indexTerms('mzdy zaměstnance'));
  });

  it('marks a word the dictionary does not know as "word", keyed by the stemmer', () => {
    expect(queryTerms('kvarkoplastikami')).toEqual([{ term: stem('kvarkoplastikami'), weight: 1, from: 'word' }]);
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

describe('queryTerms: people’s words to the law’s', () => {
  const related = (q: string) =>
    new Map(
      queryTerms(q)
        .filter((t) => t.from === 'related')
        .map((t) => [t.term, t.weight]),
    );
  const reaches = (q: string, law: string) => {
    const r = related(q);
    for (const term of indexTerms(law)) {
      expect([q, term, r.has(term)]).toEqual([q, term, true]);
      expect(r.get(term)).toBeLessThan(1);
    }
  };

  it('reaches the statute’s terms from everyday words', () => {
    reaches('vyhodili mě z práce', 'výpověď');
    reaches('Kolik dostanu výplaty?', 'mzda');
    reaches('nájemník neplatí', 'nájemce');
    reaches('exekuce na plat', 'srážky ze mzdy');
    reaches('Jak dlouho platí řidičák?', 'řidičské oprávnění');
  });

  it('adds nothing for words without an entry, and never repeats the query’s own terms', () => {
    expect(related('kvarkoplastika')).toEqual(new Map());
    const terms = queryTerms('výplata mzda');
    expect(terms.filter((t) => t.term === indexTerms('mzda')[0])).toEqual([{ term: indexTerms('mzda')[0], weight: 1, from: 'lemma' }]);
  });

  it('reaches the terms the acts use, field by field (the third and fourth batches)', () => {
    // Zákon č. 21/2006 Sb. names the certification of a signature "legalizace", of a copy "vidimace".
    reaches('Kde si nechám ověřit podpis?', 'legalizace');
    reaches('ověření kopie rodného listu', 'vidimace');
    // Zákon č. 565/1990 Sb., § 2 and § 4: "místní poplatek ze psů", "užívání veřejného prostranství".
    reaches('Platím poplatek za psa?', 'místní');
    reaches('zábor chodníku lešením', 'užívání veřejného prostranství');
    // Zákon č. 262/2006 Sb., § 313: "potvrzení o zaměstnání"; § 56: "okamžité zrušení pracovního poměru".
    reaches('Kdy dostanu zápočťák?', 'potvrzení o zaměstnání');
    reaches('Můžu hned odejít z práce?', 'okamžité zrušení pracovního poměru');
    // Zákon č. 283/2021 Sb. (stavební zákon): "odstranění stavby".
    reaches('Soused postavil garáž načerno', 'odstranění stavby');
    // Zákon č. 246/1992 Sb.: "usmrcení zvířete"; zákon č. 89/2012 Sb.: "služebnost".
    reaches('nechat utratit psa', 'usmrcení zvíře');
    reaches('věcné břemeno cesty', 'služebnost');
    // Zákon č. 250/2016 Sb.: a fine paid on the spot is imposed by "příkaz na místě".
    reaches('dostal jsem blokovku', 'příkaz na místě');
  });

  it('reaches the law’s words from clipped names and slang (the seventh batch)', () => {
    // Nařízení vlády č. 567/2006 Sb.: "minimální mzda"; zákon č. 258/2000 Sb.: "očkování".
    reaches('Kolik je minimálka?', 'minimální mzda');
    reaches('Musím mít tetanovku?', 'očkování');
    // Zákon č. 361/2000 Sb.: "bodové hodnocení", "vrácení řidičského oprávnění".
    reaches('Jsem vybodovaný, co teď?', 'bodové hodnocení');
    reaches('jak vrátit řidičák po zákazu', 'vrácení řidičského oprávnění');
    // Zákon č. 280/2009 Sb. (daňový řád): "vratitelný přeplatek"; zákon č. 565/1990 Sb.: "poplatek z pobytu".
    reaches('kdy přijde vratka daně', 'vratitelný přeplatek');
    reaches('kdo platí lázeňský poplatek', 'z pobytu');
    // Zákon č. 89/2012 Sb.: "zůstavitel", "styk s dítětem".
    reaches('dluhy po nebožtíkovi', 'zůstavitel');
    reaches('Můžu vídat dítě po rozvodu?', 'styk');
  });

  it('leaves a word with several everyday senses alone unless its context names the legal one', () => {
    // "Podmínka" is mostly a condition, "vozík" a wheelchair or a cart as often as a trailer (the
    // words' own families, "podmíněný", stay related by morphology).
    const not = (q: string, law: string) => {
      const r = related(q);
      expect([q, indexTerms(law).some((t) => r.has(t))]).toEqual([q, false]);
    };
    not('Za jaké podmínky dostanu příspěvek na bydlení?', 'odsouzení');
    not('Mám nárok na elektrický vozík, když jsem na vozíku?', 'přípojné vozidlo');
    reaches('Dostal jsem podmínku, jak dlouho trvá zkušební doba trestu?', 'podmíněné odsouzení');
    reaches('Potřebuju řidičák na přívěsný vozík?', 'přípojné vozidlo');
  });

  it('fires a phrase entry only when all its words are there', () => {
    expect(related('odejít na procházku').has(indexTerms('výpověď')[0])).toBe(false);
    expect(related('chci odejít z práce').has(indexTerms('výpověď')[0])).toBe(true);
  });
});

describe('queryTerms: colloquial one-word names (univerbation)', () => {
  const related = (q: string) => queryTerms(q).filter((t) => t.from === 'related');

  it('reaches the adjective the law writes from a word the dictionary does not know', () => {
    expect(univerbationOf(queryTerms('maturitka')[0].term)).toEqual([indexTerms('maturitní')[0]]);
    expect(univerbationOf(queryTerms('tetanovka')[0].term)).toContain(indexTerms('tetanový')[0]);
    for (const [q, law] of [
      ['kdy je maturitka', 'maturitní'],
      ['očkování tetanovkou', 'tetanový'],
    ]) {
      const found = related(q).find((t) => t.term === indexTerms(law)[0]);
      expect([q, found?.weight]).toEqual([q, UNIVERBATION_WEIGHT.weight]);
    }
  });

  it('leaves words the dictionary knows alone, and can be turned off', () => {
    expect(related('částka').map((t) => t.term)).not.toContain(indexTerms('částečný')[0]);
    const saved = UNIVERBATION_WEIGHT.weight;
    UNIVERBATION_WEIGHT.weight = 0;
    try {
      expect(related('maturitka')).toEqual([]);
    } finally {
      UNIVERBATION_WEIGHT.weight = saved;
    }
  });
});

describe('LEXICON', () => {
  it('has one entry per trigger, each adding a law term its trigger lacks, at a weight in (0, 1)', () => {
    const triggers = LEXICON.map((e) => [...new Set(indexTerms(e.when))].sort().join(' '));
    expect(triggers.filter((t, i) => triggers.indexOf(t) !== i)).toEqual([]);
    for (const e of LEXICON) {
      const when = new Set(indexTerms(e.when));
      expect([e.when, when.size > 0]).toEqual([e.when, true]);
      expect([e.when, indexTerms(e.add).some((t) => !when.has(t))]).toEqual([e.when, true]);
      if (e.weight !== undefined) expect(e.weight > 0 && e.weight < 1).toBe(true);
    }
  });
});
