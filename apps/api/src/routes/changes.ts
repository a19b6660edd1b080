import { Router } from 'express';
import { sendSuccess } from '@dp/core';
import type { ApiContext } from '../context';
import { listChanges, parseChangesQuery } from '../legal/changes/feed';

/** GET /v1/legal/changes: the changes feed, 1 unit a page. */
export function changesRouter(ctx: ApiContext): Router {
  const router = Router();
  router
    .route('/legal/changes')
    .get(
      ctx.pipeline.route({
        scope: 'read',
        operation: 'changes.list',
        handler: async (req, res) => {
          sendSuccess(res, await listChanges(ctx.db, parseChangesQuery(req.query as Record<string, unknown>)));
        },
      }),
    )
    .all(ctx.pipeline.methodNotAllowed(['GET']));
  return router;
}
