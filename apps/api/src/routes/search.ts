import { Router } from 'express';
import { sendSuccess } from '@dp/core';
import type { ApiContext } from '../context';
import { embeddingsRanker } from '../legal/search/embeddings';
import { parseSearchQuery } from '../legal/search/request';
import { searchDocuments } from '../legal/search/search';

/** GET /v1/legal/search: 1 unit fulltext, 2 units hybrid (the mode decides the operation). */
export function searchRouter(ctx: ApiContext): Router {
  const router = Router();
  const vector = embeddingsRanker(ctx.config);
  router
    .route('/legal/search')
    .get(
      ctx.pipeline.route({
        scope: 'read',
        // An invalid mode fails validation (400, no units), so either operation is fine for it.
        operation: (req) => (req.query.mode === 'hybrid' ? 'search.hybrid' : 'search.fulltext'),
        handler: async (req, res) => {
          const { request, cursorFor } = parseSearchQuery(req.query);
          const page = await searchDocuments(ctx.db, request, request.mode === 'hybrid' ? vector : undefined, ctx.documents);
          sendSuccess(res, { results: page.results, next_cursor: cursorFor(page.next), has_more: page.next !== null }, 200, {
            mode: request.mode,
            signals: page.signals,
          });
        },
      }),
    )
    .all(ctx.pipeline.methodNotAllowed(['GET']));
  return router;
}
