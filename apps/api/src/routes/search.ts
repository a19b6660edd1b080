import { searchDocumentsRoute, sendSuccess } from '@dp/core';
import type { ApiContext } from '../context';
import { embeddingsRanker } from '../legal/search/embeddings';
import { searchRequest } from '../legal/search/request';
import { searchDocuments } from '../legal/search/search';
import { defineRoute } from './define-route';

/** GET /v1/legal/search (declared in core: `searchDocumentsRoute`): 1 unit fulltext, 2 units hybrid. */
export function searchRoutes(ctx: ApiContext) {
  const vector = embeddingsRanker(ctx.config);
  return [
    defineRoute(searchDocumentsRoute, async ({ query }, _req, res) => {
      const { request, cursorFor } = searchRequest(query);
      const page = await searchDocuments(ctx.db, request, request.mode === 'hybrid' ? vector : undefined, ctx.documents);
      sendSuccess(res, { results: page.results, next_cursor: cursorFor(page.next), has_more: page.next !== null }, 200, {
        mode: request.mode,
        signals: page.signals,
      });
    }),
  ];
}
