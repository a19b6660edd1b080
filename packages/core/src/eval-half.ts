import { createHash } from 'node:crypto';

/** The two halves of every evaluation set: `tune` may be looked at while building, `heldout` only reported. */
export type Half = 'tune' | 'heldout';

/**
 * The half a case belongs to, by a hash of its document's natural key (lower case, single spaces),
 * about 50/50. Every evaluation splits by document with this one rule (search queries by their
 * act, amendment replays by the amended act), so no document's cases fall on both sides.
 */
export function splitHalf(key: string): Half {
  const digest = createHash('sha1').update(key.toLowerCase().replace(/\s+/g, ' ').trim()).digest('hex');
  return parseInt(digest.slice(0, 8), 16) % 2 === 0 ? 'tune' : 'heldout';
}
