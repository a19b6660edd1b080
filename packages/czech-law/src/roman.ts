const ROMAN = /^[IVXLCDM]+$/;
const VALUE: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };

/**
 * A Roman numeral written in capitals (`IV`, `XII`) as its number, or null when the string is not
 * one (or falls outside 1–3999). Read by the provisions parser (čl. IV of an act) and the citation
 * recogniser (`čl. iv` of a lower-cased text, upper-cased first).
 */
export function romanToInt(s: string): number | null {
  if (!ROMAN.test(s)) return null;
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const cur = VALUE[s[i]];
    const next = i + 1 < s.length ? VALUE[s[i + 1]] : 0;
    total += cur < next ? -cur : cur;
  }
  return total > 0 && total < 4000 ? total : null;
}

const NUMERALS: [number, string][] = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

/** A number (1–3999) as a Roman numeral in capitals (`8` → `VIII`), or null outside that range. */
export function intToRoman(n: number): string | null {
  if (!Number.isInteger(n) || n < 1 || n > 3999) return null;
  let out = '';
  let rest = n;
  for (const [v, s] of NUMERALS) {
    while (rest >= v) {
      out += s;
      rest -= v;
    }
  }
  return out;
}
