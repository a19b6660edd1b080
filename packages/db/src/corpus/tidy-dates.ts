import { parseIsoDate } from '@dp/core';

/** A date the importer could not use as it stood, and what it stored instead. */
export interface DateWarning {
  /** Path of the field in the record, as in schema violations (`versions.2.valid_from`). */
  field: string;
  /** The value as the source had it. */
  value: string;
  message: string;
}

/** Where a version's valid_from came from when the source's own value was unusable. */
export const VALID_FROM_SUBSTITUTES = ['previous_version_end', 'published', 'effective_from'] as const;
export type ValidFromSubstitute = (typeof VALID_FROM_SUBSTITUTES)[number];

/** The date fields of a record, as parsed (any string: tidying decides what is usable). */
export interface UntidyDates {
  dates: Record<'published' | 'effective_from' | 'effective_to' | 'current_version_from' | 'last_updated', string | null>;
  effectivity: { inferred_effective_to: string | null };
  versions: {
    version: number;
    valid_from: string;
    valid_to: string | null;
    valid_from_inferred_from: ValidFromSubstitute | null;
    source_date: string | null;
  }[];
  relations: { version_dates: string[] }[];
}

const usable = (v: string | null): v is string => v !== null && parseIsoDate(v) !== null;
const unusable = (field: string, value: string, outcome: string): DateWarning => ({
  field,
  value,
  message: `'${value}' is not a calendar date (YYYY-MM-DD); ${outcome}`,
});

/**
 * The real source holds untidy dates (`0000-00-00`, `2026-02-30`). Rather than rejecting the whole
 * record, each unusable date is replaced in place and reported:
 * - a nullable date becomes null; a bad entry of a relation's `version_dates` is dropped;
 * - a version's `valid_from` (never null: it places the version in time) is taken from, in order,
 *   the previous version's `valid_to` (when the previous one ended, this one began), the document's
 *   published date, its effective_from; the first usable one not after the version's own valid_to.
 *   The version records which (`valid_from_inferred_from`). With none usable, an error.
 * A valid date is never touched, however far in the future. Returns the warnings and the errors
 * (which make the record fail).
 */
export function tidyDates(rec: UntidyDates): { warnings: DateWarning[]; errors: string[] } {
  const warnings: DateWarning[] = [];
  const errors: string[] = [];
  const nullable = <K extends string>(obj: Record<K, string | null>, key: K, path: string) => {
    const v = obj[key];
    if (v !== null && !usable(v)) {
      warnings.push(unusable(path, v, 'stored as null'));
      obj[key] = null;
    }
  };
  for (const key of Object.keys(rec.dates) as (keyof UntidyDates['dates'])[]) nullable(rec.dates, key, `dates.${key}`);
  nullable(rec.effectivity, 'inferred_effective_to', 'effectivity.inferred_effective_to');
  rec.versions.forEach((v, i) => {
    nullable(v, 'valid_to', `versions.${i}.valid_to`);
    nullable(v, 'source_date', `versions.${i}.source_date`);
  });
  rec.relations.forEach((r, i) => {
    const bad = r.version_dates.filter((d) => !usable(d));
    for (const d of bad) warnings.push(unusable(`relations.${i}.version_dates`, d, 'dropped'));
    if (bad.length) r.version_dates = r.version_dates.filter(usable);
  });

  // valid_from last: its substitutes are the tidied dates above.
  const byNumber = [...rec.versions].sort((a, b) => a.version - b.version);
  rec.versions.forEach((v, i) => {
    v.valid_from_inferred_from = null;
    if (usable(v.valid_from)) return;
    const previous = byNumber[byNumber.indexOf(v) - 1];
    const candidates: [ValidFromSubstitute, string | null | undefined][] = [
      ['previous_version_end', previous?.valid_to],
      ['published', rec.dates.published],
      ['effective_from', rec.dates.effective_from],
    ];
    const found = candidates.find(([, d]) => d != null && (v.valid_to === null || d <= v.valid_to));
    const path = `versions.${i}.valid_from`;
    if (!found) {
      errors.push(
        `${path}: '${String(v.valid_from)}' is not a calendar date and no date could stand in for it (previous version's end, published, effective_from)`,
      );
      return;
    }
    const [basis, date] = found as [ValidFromSubstitute, string];
    warnings.push(unusable(path, v.valid_from, `taken from ${basis.replace(/_/g, ' ')} (${date})`));
    v.valid_from = date;
    v.valid_from_inferred_from = basis;
  });
  return { warnings, errors };
}
