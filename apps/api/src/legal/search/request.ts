import { createHash } from 'node:crypto';
import {
  decodeCursor,
  encodeCursor,
  invalidRequest,
  type DocumentFilters,
  type RouteInput,
  type SearchGranularity,
  type SearchMode,
  type searchDocumentsRoute,
} from '@dp/core';
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

function fingerprint(q: string, mode: SearchMode, filters: DocumentFilters, at: Date | undefined, granularity: SearchGranularity): string {
  // Parsed filters, so the same filters written otherwise (spaces, order) keep their cursors; none is null.
  const given = Object.keys(filters).length ? filters : null;
  return (
    createHash('sha256')
      // The document granularity's fingerprint is what it was before #37, so cursors issued then stay valid.
      .update(
        JSON.stringify(
          granularity === 'document' ? [q, mode, given, at?.getTime() ?? null] : [q, mode, given, at?.getTime() ?? null, granularity],
        ),
      )
      .digest('base64url')
      .slice(0, 12)
  );
}

export interface ParsedSearch {
  request: SearchRequest;
  granularity: SearchGranularity;
  cursorFor: (next: SearchPosition | null) => string | null;
}

/**
 * The search request from the query its declaration parsed (core `searchDocumentsRoute`, whose
 * `filters` are parsed there with the other fields): the cursor, which must be one of this
 * search's (same q, mode, filters and at), is checked here.
 */
export function searchRequest(query: RouteInput<typeof searchDocumentsRoute>['query']): ParsedSearch {
  const { q, mode, limit, at, filters, granularity } = query;
  const fp = fingerprint(q, mode, filters, at, granularity);
  let after: SearchPosition | null = null;
  if (query.cursor !== undefined) {
    const c = decodeCursor(query.cursor, isCursor);
    if (!c || c.f !== fp)
      throw invalidRequest([{ field: 'cursor', problem: 'is not a cursor of this search (same q, mode, granularity, filters and at)' }]);
    after = c.p;
  }
  return {
    request: { q, mode, filters, limit, after, at },
    granularity,
    cursorFor: (next) => (next === null ? null : encodeCursor({ p: next, f: fp })),
  };
}
