import { DOC_TYPES, EFF_STATUSES, STORED_RELATION_TYPES } from '@dp/core';
import { z } from 'zod';
import { tidyDates, VALID_FROM_SUBSTITUTES, type DateWarning } from './tidy-dates';

// One line of the corpus JSONL (see shared/corpus/README.md). Unknown keys are tolerated and
// dropped, so a source that grows a field does not fail the import; every field we store is checked.

// Dates are read as any string here; tidyDates (tidy-dates.ts) then replaces the ones that are not
// calendar dates, with a warning, instead of failing the record over them.
const isoDate = z.string();
const nullableIsoDate = isoDate.nullable();
const naturalKey = z.string().regex(/^[a-z]+\/\d{4}\/\d+[a-z0-9-]*$/, 'expected a natural key like sb/2012/89');
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'expected a sha256 hex digest');

export const corpusDatesSchema = z.object({
  published: nullableIsoDate.optional().default(null),
  effective_from: nullableIsoDate.optional().default(null),
  effective_to: nullableIsoDate.optional().default(null),
  current_version_from: nullableIsoDate.optional().default(null),
  last_updated: nullableIsoDate.optional().default(null),
});

export const corpusEffectivitySchema = z.object({
  status: z.enum(EFF_STATUSES),
  source_version_type: z.string().nullable().optional().default(null),
  never_effective: z.boolean().optional().default(false),
  repealed_by: z.array(naturalKey).optional().default([]),
  inferred_effective_to: nullableIsoDate.optional().default(null),
  inferred_from: z.string().nullable().optional().default(null),
});

export const corpusSectionSchema = z.object({
  level: z.number().int().min(1),
  label: z.string(),
  offset: z.number().int().min(0),
});

export const corpusVersionSchema = z.object({
  version: z.number().int().min(1),
  valid_from: isoDate,
  valid_to: nullableIsoDate,
  kind: z.string().min(1),
  amended_by: z.string().nullable().optional().default(null),
  amended_by_key: naturalKey.nullable().optional().default(null),
  source_commit: z.string().nullable().optional().default(null),
  text_sha256: sha256Hex.nullable().optional().default(null),
  text_chars: z.number().int().min(0).nullable().optional().default(null),
  /** Null where the source kept only the hash (text_omitted) or the text is the document's. */
  text: z.string().nullable().optional().default(null),
  text_omitted: z.string().nullable().optional().default(null),
  text_is_current: z.boolean().optional().default(false),
  /** Set by tidyDates (whatever the source says: it is ours, not the source's). */
  valid_from_inferred_from: z.enum(VALID_FROM_SUBSTITUTES).nullable().catch(null),
  /** The date of the source URL the text was read under (core's textAsOf); the importer fills it. */
  source_date: nullableIsoDate.optional().default(null),
});

export const corpusRelationSchema = z.object({
  type: z.enum(STORED_RELATION_TYPES),
  target: naturalKey,
  target_doc_number: z.string().nullable().optional().default(null),
  methods: z.array(z.string()).optional().default([]),
  evidence: z.string().nullable().optional().default(null),
  version_dates: z.array(isoDate).optional().default([]),
});

export const corpusRecordSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/, 'expected a source id like SB-2012-89'),
    natural_key: naturalKey,
    doc_number: z.string().min(1),
    eli: z.string().nullable().optional().default(null),
    title: z.string().min(1),
    citation: z.string().nullable().optional().default(null),
    doc_type: z.enum(DOC_TYPES),
    doc_type_source: z.record(z.string(), z.unknown()).nullable().optional().default(null),
    is_amending_act: z.boolean().optional().default(false),
    dates: corpusDatesSchema,
    effectivity: corpusEffectivitySchema,
    gazette: z.record(z.string(), z.unknown()).nullable().optional().default(null),
    language: z.string().min(2).optional().default('cs'),
    text_format: z.string().min(1).optional().default('markdown'),
    text: z.string(),
    sections: z.array(corpusSectionSchema).optional().default([]),
    versions: z.array(corpusVersionSchema),
    relations: z.array(corpusRelationSchema).optional().default([]),
    source: z.record(z.string(), z.unknown()).nullable().optional().default(null),
  })
  .superRefine((rec, ctx) => {
    // The stored keys are (document, version) and (document, type, target): duplicates would make
    // the database, not the schema, reject the line, with a far less helpful message.
    const seenVersions = new Set<number>();
    rec.versions.forEach((v, i) => {
      if (seenVersions.has(v.version)) {
        ctx.addIssue({ code: 'custom', path: ['versions', i, 'version'], message: `duplicate version ${v.version}` });
      }
      seenVersions.add(v.version);
    });
    const seenEdges = new Set<string>();
    rec.relations.forEach((r, i) => {
      const key = `${r.type} ${r.target}`;
      if (seenEdges.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['relations', i], message: `duplicate relation ${key}` });
      }
      seenEdges.add(key);
    });
  });

export type CorpusRecord = z.output<typeof corpusRecordSchema>;
/** A record as a source (or a test) writes it: defaults may be left out. */
export type CorpusRecordInput = z.input<typeof corpusRecordSchema>;
export type CorpusVersion = CorpusRecord['versions'][number];
export type CorpusRelation = CorpusRecord['relations'][number];

function violation(issues: string[]): { ok: false; error: string } {
  const more = issues.length > 5 ? ` (+${issues.length - 5} more)` : '';
  return { ok: false, error: `schema violation: ${issues.slice(0, 5).join('; ')}${more}` };
}

/**
 * Validates one parsed JSONL value; the error message names the offending fields. Unusable dates
 * do not fail the record: they are tidied (tidy-dates.ts) and listed in `warnings`.
 */
export function parseCorpusRecord(
  value: unknown,
): { ok: true; record: CorpusRecord; warnings: DateWarning[] } | { ok: false; error: string } {
  const result = corpusRecordSchema.safeParse(value);
  if (!result.success) {
    return violation(result.error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(record)'}: ${issue.message}`));
  }
  const record = result.data; // zod's output is a copy: tidying it leaves the caller's value alone
  const { warnings, errors } = tidyDates(record);
  record.versions.forEach((v, i) => {
    if (v.valid_to !== null && v.valid_from > v.valid_to) errors.push(`versions.${i}.valid_to: valid_to is before valid_from`);
  });
  return errors.length ? violation(errors) : { ok: true, record, warnings };
}
