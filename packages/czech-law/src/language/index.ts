// Czech language for search: folded words, lemma keys and related terms (#37).
export * from './text';
export * from './terms';
export * from './learn';
export * from './lexicon';
