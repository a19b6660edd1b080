import { z } from 'zod';
import { parseIsoDate } from '../dates';
import type { FieldProblem } from '../errors';
import { CHANGE_KINDS, DOC_TYPES, EFF_STATUSES, type ChangeKind, type DocType, type EffStatus } from '../vocab';
import { queryParam } from './route';

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

export type FilterKey = 'doc_type' | 'eff_status' | 'published_from' | 'published_to' | 'is_amending_act' | 'kinds';
export const SEARCH_FILTER_KEYS: readonly FilterKey[] = ['doc_type', 'eff_status', 'published_from', 'published_to', 'is_amending_act'];
export const CHANGE_FILTER_KEYS: readonly FilterKey[] = ['doc_type', 'eff_status', 'kinds'];

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
export function parseFilters(raw: string | undefined, allowedKeys: readonly FilterKey[], problems: FieldProblem[]): DocumentFilters {
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
    switch (key as FilterKey) {
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

/** Longest `filters` JSON a query may carry. */
const MAX_FILTERS_CHARS = 2000;

/**
 * The `filters` query parameter (a JSON object of `keys`), parsed in the route's declaration: its
 * problems (`filters.doc_type`, …) are named in the same 400 as every other field's.
 */
export function queryFilters(keys: readonly FilterKey[]): z.ZodType<DocumentFilters> {
  return queryParam(
    (raw, fail, report) => {
      if (raw !== undefined && raw.length > MAX_FILTERS_CHARS) return fail(`must be at most ${MAX_FILTERS_CHARS} characters`);
      const problems: FieldProblem[] = [];
      const filters = parseFilters(raw, keys, problems);
      // parseFilters names fields from `filters`; zod puts the parameter's own name in front.
      for (const p of problems) report(p.problem, p.field.split('.').slice(1));
      return filters;
    },
    { type: 'string', maxLength: MAX_FILTERS_CHARS },
  );
}
