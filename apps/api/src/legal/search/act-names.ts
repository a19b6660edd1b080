import { nameKey } from '@dp/core';
import { ACT_NAMES } from '@dp/czech-law';

/** Abbreviations as whole tokens, with their own dots and capitals, spaces between parts optional. */
const ABBREVIATIONS = ACT_NAMES.flatMap((entry) =>
  entry.abbreviations.map((abbr) => {
    const pattern = abbr
      .split(/\s+/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\s*');
    // Not inside a word, and not followed by a letter (a trailing dot ends the token itself).
    return { entry, re: new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, 'u') };
  }),
);

/** Any of the abbreviations: most queries have none, and one test spares the one per abbreviation. */
const ANY_ABBREVIATION = new RegExp(ABBREVIATIONS.map(({ re }) => `(?:${re.source})`).join('|'), 'u');

/** nameKey of every short name -> the entries (acts) it names. */
const BY_NAME = new Map<string, (typeof ACT_NAMES)[number][]>();
for (const entry of ACT_NAMES) {
  for (const name of entry.names) {
    const key = nameKey(name);
    if (key && !BY_NAME.get(key)?.includes(entry)) BY_NAME.set(key, [...(BY_NAME.get(key) ?? []), entry]);
  }
}

/**
 * The acts a query names through core's ACT_NAMES (#25 item 3): an abbreviation anywhere in it
 * ("§ 52 ZP", "NOZ"), written as the entry's first short name so the rest of the search reads
 * words ("ZP" -> "zákoník práce"); or the whole query as a short name in any of its cases
 * ("zákoníku práce", "obcansky zakonik"), compared as nameKey. Returns the query text to search
 * and the acts of each entry named (newest first, as the table lists them).
 */
export function knownActNames(q: string): { text: string; acts: string[][] } {
  const entries = new Set<(typeof ACT_NAMES)[number]>();
  let text = q;
  for (const { entry, re } of ANY_ABBREVIATION.test(q) ? ABBREVIATIONS : []) {
    if (!re.test(text)) continue;
    entries.add(entry);
    text = text.replace(re, ` ${entry.names[0] ?? ''} `);
  }
  for (const entry of BY_NAME.get(nameKey(text)) ?? []) entries.add(entry);
  return { text, acts: [...entries].map((e) => [...e.acts]) };
}
