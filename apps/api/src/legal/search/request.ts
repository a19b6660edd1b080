import { createHash } from 'node:crypto';
import { SEARCH_MODES, type SearchMode } from '@dp/core';
import { decodeCursor, encodeCursor, ParamReader } from '../params';
import { parseFilters, SEARCH_FILTER_KEYS } from './filters';
import type { SearchRequest } from './search';

/** Deep paging is cut off here: beyond it a search should be narrowed, not paged. */
export const MAX_OFFSET = 1000;

interface SearchCursor {
  o: number;
  /** Fingerprint of q, mode and filters: a cursor is only valid for the search that made it. */
  f: string;
}

const isCursor = (v: unknown): v is SearchCursor =>
  typeof v === 'object' && v !== null &&
  Number.isInteger((v as SearchCursor).o) && (v as SearchCursor).o > 0 && (v as SearchCursor).o <= MAX_OFFSET &&
  typeof (v as SearchCursor).f === 'string';

function fingerprint(q: string, mode: SearchMode, filters: string | undefined): string {
  return createHash('sha256').update(JSON.stringify([q, mode, filters ?? null])).digest('base64url').slice(0, 12);
}

export interface ParsedSearch {
  request: SearchRequest;
  cursorFor: (offset: number | null) => string | null;
}

/** Reads and validates the search query string; throws one invalid_request naming every bad field. */
export function parseSearchQuery(query: Record<string, unknown>): ParsedSearch {
  const r = new ParamReader(query);
  const q = r.string('q', { required: true, max: 500 });
  if (q !== undefined && q.trim() === '') r.problems.push({ field: 'q', problem: 'must contain a search term' });
  const mode = r.oneOf('mode', SEARCH_MODES, 'fulltext');
  const rawFilters = r.string('filters', { max: 2000 });
  const filters = parseFilters(rawFilters, SEARCH_FILTER_KEYS, r.problems);
  const limit = r.int('limit', { min: 1, max: 100, fallback: 20 });
  const rawCursor = r.string('cursor', { max: 200 });
  const fp = fingerprint(q ?? '', mode, rawFilters);
  let offset = 0;
  if (rawCursor !== undefined) {
    const c = decodeCursor(rawCursor, isCursor);
    if (!c || c.f !== fp) r.problems.push({ field: 'cursor', problem: 'is not a cursor of this search (same q, mode and filters)' });
    else offset = c.o;
  }
  r.done();
  return {
    request: { q: q!, mode, filters, limit, offset },
    cursorFor: (next) => (next === null || next > MAX_OFFSET ? null : encodeCursor({ o: next, f: fp })),
  };
}
