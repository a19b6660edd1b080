/**
 * Why a read cannot show a text for the day asked (the `text_unavailable.reason` of the contract):
 * - `not_in_source`: the version in force that day carries a text of a later day (text_as_of);
 *   the source holds no text for the day itself (#35: only where a text is shown to carry later
 *   changes; the source's own texts are of their versions' first day);
 * - `not_yet_in_force`: published, but no version is in force yet on that day;
 * - `hash_only`: the importer kept only the text's hash (a JSONL record's size budget);
 * - `source_file_missing`: the source repository lacks the file at that version;
 * - `not_rebuilt`: `text_source=rebuilt` asked for the engine's rebuild of a version it cannot
 *   rebuild (the first version, or an amending act whose points were not read).
 */
export const TEXT_UNAVAILABLE_REASONS = ['not_in_source', 'not_yet_in_force', 'hash_only', 'source_file_missing', 'not_rebuilt'] as const;
export type TextUnavailableReason = (typeof TEXT_UNAVAILABLE_REASONS)[number];

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
