/**
 * A thesaurus learned from the collection itself (#37): terms that keep company in the statutes'
 * text ("výplata" stands beside "mzda", "exekuce" beside "srážka") relate, by normalised pointwise
 * mutual information of their co-occurrence within a few words of each other. Pure: the caller
 * feeds the index terms of each unit (a provision) and stores what comes out.
 */

export interface RelatedTerm {
  term: string;
  related: string;
  /** In (0, 1): how much a match on `related` counts for a query holding `term`. */
  weight: number;
}

export interface LearnOptions {
  /** Terms this many places apart or closer co-occur. */
  window?: number;
  /** A term must occur in at least this many units to relate, and a pair co-occur this often. */
  minCount?: number;
  /** Pairs below this normalised PMI are dropped. */
  minNpmi?: number;
  /** Related terms kept per term, the strongest first. */
  perTerm?: number;
  /** The weight of a pair with normalised PMI 1; the others scale down with it. */
  maxWeight?: number;
}

/**
 * The related terms of every term, from the units' term sequences. Counts are of windows, so a
 * long provision does not outweigh many short ones by repetition alone; pairs are symmetric.
 */
export function learnRelatedTerms(units: Iterable<readonly string[]>, options: LearnOptions = {}): RelatedTerm[] {
  const { window = 5, minCount = 3, minNpmi = 0.35, perTerm = 5, maxWeight = 0.5 } = options;
  const termCount = new Map<string, number>();
  const pairCount = new Map<string, number>();
  let windows = 0;
  for (const terms of units) {
    for (let i = 0; i < terms.length; i++) {
      const a = terms[i];
      termCount.set(a, (termCount.get(a) ?? 0) + 1);
      windows++;
      const seen = new Set<string>([a]);
      for (let j = i + 1; j <= i + window && j < terms.length; j++) {
        const b = terms[j];
        if (seen.has(b)) continue;
        seen.add(b);
        const key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
        pairCount.set(key, (pairCount.get(key) ?? 0) + 1);
      }
    }
  }
  const byTerm = new Map<string, { related: string; npmi: number }[]>();
  const add = (term: string, related: string, npmi: number) => {
    const list = byTerm.get(term);
    if (list) list.push({ related, npmi });
    else byTerm.set(term, [{ related, npmi }]);
  };
  for (const [key, n] of pairCount) {
    if (n < minCount) continue;
    const [a, b] = key.split('\u0000');
    const [na, nb] = [termCount.get(a)!, termCount.get(b)!];
    if (na < minCount || nb < minCount || /\d/.test(a) || /\d/.test(b)) continue;
    const p = n / windows;
    const npmi = Math.log(p / ((na / windows) * (nb / windows))) / -Math.log(p);
    if (npmi < minNpmi) continue;
    add(a, b, npmi);
    add(b, a, npmi);
  }
  const out: RelatedTerm[] = [];
  for (const [term, list] of [...byTerm].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    list.sort((x, y) => y.npmi - x.npmi || (x.related < y.related ? -1 : 1));
    for (const { related, npmi } of list.slice(0, perTerm)) {
      out.push({ term, related, weight: Math.round(maxWeight * Math.min(npmi, 1) * 1000) / 1000 });
    }
  }
  return out;
}
