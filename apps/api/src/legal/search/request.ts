import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  cursorKind,
  invalidRequest,
  type DocumentFilters,
  type RouteInput,
  type SearchGranularity,
  type SearchMode,
  type searchDocumentsRoute,
} from '@dp/core';
import type { SearchPosition, SearchRequest } from './search';

const count = z.number().int().min(0);
const tailKey = z.tuple([z.boolean(), z.number().refine(Number.isFinite), z.string().max(128)]);

/**
 * The search's cursor: where the next page starts (`SearchPosition`, held as the search reads it:
 * `count` results given; then the `offset` of the ranking, or the `tail` key after the ranked
 * head) and the fingerprint of the search that made it (`search`: q, mode, filters, at), valid
 * for that search only.
 */
const SEARCH_CURSOR = cursorKind(
  z.strictObject({
    position: z.union([
      z.strictObject({ count, offset: count }),
      z.strictObject({ count, tail: tailKey.nullable() }),
    ]) satisfies z.ZodType<SearchPosition>,
    search: z.string(),
  }),
  // Before: { p: { n, o } | { n, t }, f }.
  z
    .object({
      p: z.union([z.strictObject({ n: count, o: count }), z.strictObject({ n: count, t: tailKey.nullable() })]),
      f: z.string(),
    })
    .transform(({ p, f }) => ({ position: 'o' in p ? { count: p.n, offset: p.o } : { count: p.n, tail: p.t }, search: f })),
);

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
    const c = SEARCH_CURSOR.decode(query.cursor);
    if (!c || c.search !== fp)
      throw invalidRequest([{ field: 'cursor', problem: 'is not a cursor of this search (same q, mode, granularity, filters and at)' }]);
    after = c.position;
  }
  return {
    request: { q, mode, filters, limit, after, at },
    granularity,
    cursorFor: (next) => (next === null ? null : SEARCH_CURSOR.encode({ position: next, search: fp })),
  };
}
