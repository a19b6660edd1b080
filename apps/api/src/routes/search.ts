import { searchDocumentsRoute } from '@dp/core';
import type { ApiContext } from '../context';
import { embeddingsRanker } from '../legal/search/embeddings';
import { searchRequest } from '../legal/search/request';
import { searchProvisions } from '../legal/search/provision-search';
import { searchDocuments, SEARCH_SETTINGS } from '../legal/search/search';
import { defineRoute } from './define-route';

/** GET /v1/legal/search (declared in core: `searchDocumentsRoute`): 1 unit fulltext, 2 units hybrid. */
export function searchRoutes(ctx: ApiContext) {
  const vector = embeddingsRanker(ctx.config);
  return [
    defineRoute(searchDocumentsRoute, async ({ query }) => {
      const { request, cursorFor, granularity } = searchRequest(query);
      if (granularity === 'provision') {
        // A cursor of this granularity is always an offset into the ranked provisions (`offset`).
        const offset = request.after && 'offset' in request.after ? request.after.offset : request.after ? Number.MAX_SAFE_INTEGER : 0;
        const found = await searchProvisions(ctx.db, ctx.documents, { ...request, offset }, SEARCH_SETTINGS);
        const next = found.next === null ? null : { count: found.next, offset: found.next };
        return {
          status: 200,
          data: { results: found.results, next_cursor: cursorFor(next), has_more: next !== null },
          meta: { mode: request.mode, granularity, signals: found.signals },
        };
      }
      const page = await searchDocuments(ctx.db, request, request.mode === 'hybrid' ? vector : undefined, ctx.documents);
      return {
        status: 200,
        data: { results: page.results, next_cursor: cursorFor(page.next), has_more: page.next !== null },
        meta: { mode: request.mode, granularity, signals: page.signals },
      };
    }),
  ];
}
