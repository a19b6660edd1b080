import { createHash } from 'node:crypto';
import { decodeCursor, encodeCursor, SEARCH_MODES, type SearchMode } from '@dp/core';
import { ParamReader } from '../params';
import { parseFilters, SEARCH_FILTER_KEYS } from './filters';
import type { TailKey } from './lexical';
import type { SearchPosition, SearchRequest } from './search';

interface SearchCursor {
  p: SearchPosition;
  /** Fingerprint of q, mode and filters: a cursor is only valid for the search that made it. */
  f: string;
}

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isTailKey = (v: unknown): v is TailKey =>
  Array.isArray(v) &&
  v.length === 3 &&
  typeof v[0] === 'boolean' &&
  Number.isFinite(v[1]) &&
  typeof v[2] === 'string' &&
  v[2].length <= 128;
const isPosition = (v: unknown): v is SearchPosition => {
  if (typeof v !== 'object' || v === null) return false;
  const p = v as Record<string, unknown>;
  return isCount(p.n) && ('o' in p ? isCount(p.o) && !('t' in p) : p.t === null || isTailKey(p.t));
};
const isCursor = (v: unknown): v is SearchCursor =>
  typeof v === 'object' && v !== null && isPosition((v as SearchCursor).p) && typeof (v as SearchCursor).f === 'string';

function fingerprint(q: string, mode: SearchMode, filters: string | undefined, at: Date | undefined): string {
  return createHash('sha256')
    .update(JSON.stringify([q, mode, filters ?? null, at?.getTime() ?? null]))
    .digest('base64url')
    .slice(0, 12);
}

export interface ParsedSearch {
  request: SearchRequest;
  cursorFor: (next: SearchPosition | null) => string | null;
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
  const at = r.date('at');
  const rawCursor = r.string('cursor', { max: 400 });
  const fp = fingerprint(q ?? '', mode, rawFilters, at);
  let after: SearchPosition | null = null;
  if (rawCursor !== undefined) {
    const c = decodeCursor(rawCursor, isCursor);
    if (!c || c.f !== fp) r.problems.push({ field: 'cursor', problem: 'is not a cursor of this search (same q, mode, filters and at)' });
    else after = c.p;
  }
  r.done();
  return {
    request: { q: q!, mode, filters, limit, after, at },
    cursorFor: (next) => (next === null ? null : encodeCursor({ p: next, f: fp })),
  };
}
