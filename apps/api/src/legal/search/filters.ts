import {
  CHANGE_KINDS,
  DOC_TYPES,
  EFF_STATUSES,
  parseIsoDate,
  type ChangeKind,
  type DocType,
  type EffStatus,
  type FieldProblem,
} from '@dp/core';

/** Parsed `filters` of search and of the changes feed (one parser, so both accept the same JSON). */
export interface DocumentFilters {
  docTypes?: DocType[];
  effStatuses?: EffStatus[];
  publishedFrom?: string;
  publishedTo?: string;
  isAmendingAct?: boolean;
  /** Changes feed only. */
  kinds?: ChangeKind[];
}

type Key = 'doc_type' | 'eff_status' | 'published_from' | 'published_to' | 'is_amending_act' | 'kinds';
export const SEARCH_FILTER_KEYS: readonly Key[] = ['doc_type', 'eff_status', 'published_from', 'published_to', 'is_amending_act'];
export const CHANGE_FILTER_KEYS: readonly Key[] = ['doc_type', 'eff_status', 'kinds'];

/** A list filter may be given as one string or an array of them; values must be in the vocabulary. */
function list<T extends string>(name: string, value: unknown, allowed: readonly T[], problems: FieldProblem[]): T[] | undefined {
  const items = typeof value === 'string' ? [value] : value;
  if (
    !Array.isArray(items) ||
    items.length === 0 ||
    items.some((i) => typeof i !== 'string' || !(allowed as readonly string[]).includes(i))
  ) {
    problems.push({ field: `filters.${name}`, problem: `must be a non-empty array of: ${allowed.join(', ')}` });
    return undefined;
  }
  return [...new Set(items as T[])];
}

function date(name: string, value: unknown, problems: FieldProblem[]): string | undefined {
  if (typeof value !== 'string' || !parseIsoDate(value)) {
    problems.push({ field: `filters.${name}`, problem: 'must be a calendar date YYYY-MM-DD' });
    return undefined;
  }
  return value;
}

/**
 * Parses the `filters` query parameter (a JSON object). Problems are pushed, never thrown, so one
 * 400 can name every bad field; an unknown key is a problem too (a typo must not silently widen
 * the result).
 */
export function parseFilters(raw: string | undefined, allowedKeys: readonly Key[], problems: FieldProblem[]): DocumentFilters {
  if (raw === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    problems.push({ field: 'filters', problem: 'must be a JSON object' });
    return {};
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ field: 'filters', problem: 'must be a JSON object' });
    return {};
  }
  const f: DocumentFilters = {};
  for (const [key, v] of Object.entries(value)) {
    if (!(allowedKeys as readonly string[]).includes(key)) {
      problems.push({ field: `filters.${key}`, problem: `is not a known filter (known: ${allowedKeys.join(', ')})` });
      continue;
    }
    switch (key as Key) {
      case 'doc_type':
        f.docTypes = list(key, v, DOC_TYPES, problems);
        break;
      case 'eff_status':
        f.effStatuses = list(key, v, EFF_STATUSES, problems);
        break;
      case 'kinds':
        f.kinds = list(key, v, CHANGE_KINDS, problems);
        break;
      case 'published_from':
        f.publishedFrom = date(key, v, problems);
        break;
      case 'published_to':
        f.publishedTo = date(key, v, problems);
        break;
      case 'is_amending_act':
        if (typeof v !== 'boolean') problems.push({ field: 'filters.is_amending_act', problem: 'must be true or false' });
        else f.isAmendingAct = v;
        break;
    }
  }
  if (f.publishedFrom && f.publishedTo && f.publishedFrom > f.publishedTo) {
    problems.push({ field: 'filters.published_from', problem: 'must not be after filters.published_to' });
  }
  return f;
}

/**
 * SQL conditions for the document filters on a table alias; parameters are appended to `params`
 * so the caller's own placeholders keep their numbers.
 */
export function filterSql(f: DocumentFilters, alias: string, params: unknown[]): string {
  const where: string[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  if (f.docTypes) where.push(`${alias}.doc_type = ANY(${p(f.docTypes)}::text[])`);
  if (f.effStatuses) where.push(`${alias}.status = ANY(${p(f.effStatuses)}::text[])`);
  if (f.publishedFrom) where.push(`${alias}.published_on >= ${p(f.publishedFrom)}::date`);
  if (f.publishedTo) where.push(`${alias}.published_on <= ${p(f.publishedTo)}::date`);
  if (f.isAmendingAct !== undefined) where.push(`${alias}.is_amending_act = ${p(f.isAmendingAct)}`);
  return where.length ? where.join(' AND ') : 'TRUE';
}
