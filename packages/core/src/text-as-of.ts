/**
 * Why a read cannot show a text for the day asked (the `text_unavailable.reason` of the contract):
 * - `not_in_source`: the version in force that day carries a text of a later day (text_as_of);
 *   the source holds no text for the day itself;
 * - `not_yet_in_force`: published, but no version is in force yet on that day;
 * - `hash_only`: the importer kept only the text's hash (a JSONL record's size budget);
 * - `source_file_missing`: the source repository lacks the file at that version.
 */
export const TEXT_UNAVAILABLE_REASONS = ['not_in_source', 'not_yet_in_force', 'hash_only', 'source_file_missing'] as const;
export type TextUnavailableReason = (typeof TEXT_UNAVAILABLE_REASONS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day a version's text represents. The source fetches each file's current text at the date
 * its URL ends in (`source_date`) and records older texts, where it has them, as earlier commits
 * that keep the same URL. So the URL's date is the text's day only where it falls inside the
 * version's own span (valid_from < source_date < valid_to, or no valid_to): a version then holds a
 * LATER text than the one in force from valid_from (a document whose history the source lacks).
 * Otherwise (a date at or past the next version, before valid_from, or no date) the version's text
 * is that of its valid_from. ISO days in, ISO day out.
 */
export function textAsOf(validFrom: string, validTo: string | null, sourceDate: string | null): string {
  if (sourceDate === null || !DAY.test(sourceDate)) return validFrom;
  if (sourceDate <= validFrom) return validFrom;
  if (validTo !== null && sourceDate >= validTo) return validFrom;
  return sourceDate;
}

const NATURAL_KEY = /^([a-z]+)\/(\d{4})\/(\d+[a-z0-9-]*)$/;

/**
 * The official e-Sbírka address of a document's version on a day (its ELI with the day), which
 * anyone can open without a key: `https://e-sbirka.gov.cz/eli/cz/sb/2006/262/2010-06-01`.
 * Null for a natural key outside the ELI's shape.
 */
export function eSbirkaUrl(naturalKey: string, day?: string): string | null {
  const m = NATURAL_KEY.exec(naturalKey);
  if (!m) return null;
  return `https://e-sbirka.gov.cz/eli/cz/${m[1]}/${m[2]}/${m[3]}${day ? `/${day}` : ''}`;
}
