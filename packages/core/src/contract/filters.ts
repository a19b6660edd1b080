import { z } from 'zod';
import { parseIsoDate } from '../dates';
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

/** Names a problem of the filters, at a key of theirs or (no path) of the whole. */
type Report = (problem: string, path?: string[]) => void;

/** A list filter may be given as one string or an array of them; values must be in the vocabulary. */
function list<T extends string>(name: string, value: unknown, allowed: readonly T[], report: Report): T[] | undefined {
  const items = typeof value === 'string' ? [value] : value;
  if (
    !Array.isArray(items) ||
    items.length === 0 ||
    items.some((i) => typeof i !== 'string' || !(allowed as readonly string[]).includes(i))
  ) {
    report(`must be a non-empty array of: ${allowed.join(', ')}`, [name]);
    return undefined;
  }
  return [...new Set(items as T[])];
}

function date(name: string, value: unknown, report: Report): string | undefined {
  if (typeof value !== 'string' || !parseIsoDate(value)) {
    report('must be a calendar date YYYY-MM-DD', [name]);
    return undefined;
  }
  return value;
}

/**
 * Parses the `filters` query parameter (a JSON object). Problems are reported, never thrown, so one
 * 400 can name every bad field; an unknown key is a problem too (a typo must not silently widen
 * the result).
 */
function parseFilters(raw: string | undefined, allowedKeys: readonly FilterKey[], report: Report): DocumentFilters {
  if (raw === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    report('must be a JSON object');
    return {};
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    report('must be a JSON object');
    return {};
  }
  const f: DocumentFilters = {};
  for (const [key, v] of Object.entries(value)) {
    if (!(allowedKeys as readonly string[]).includes(key)) {
      report(`is not a known filter (known: ${allowedKeys.join(', ')})`, [key]);
      continue;
    }
    switch (key as FilterKey) {
      case 'doc_type':
        f.docTypes = list(key, v, DOC_TYPES, report);
        break;
      case 'eff_status':
        f.effStatuses = list(key, v, EFF_STATUSES, report);
        break;
      case 'kinds':
        f.kinds = list(key, v, CHANGE_KINDS, report);
        break;
      case 'published_from':
        f.publishedFrom = date(key, v, report);
        break;
      case 'published_to':
        f.publishedTo = date(key, v, report);
        break;
      case 'is_amending_act':
        if (typeof v !== 'boolean') report('must be true or false', ['is_amending_act']);
        else f.isAmendingAct = v;
        break;
    }
  }
  if (f.publishedFrom && f.publishedTo && f.publishedFrom > f.publishedTo) {
    report('must not be after filters.published_to', ['published_from']);
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
      // A problem's path is below the parameter (`doc_type`); zod puts `filters` in front.
      return parseFilters(raw, keys, report);
    },
    { type: 'string', maxLength: MAX_FILTERS_CHARS },
  );
}
