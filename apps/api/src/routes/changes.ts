import { Router } from 'express';
import { methodNotAllowed, sendSuccess } from '@dp/core';
import type { ApiContext } from '../context';
import { listChanges, parseChangesQuery } from '../legal/changes/feed';
import { withPrincipal } from '../metering/with-principal';

/** GET /v1/legal/changes: the changes feed, 1 unit a page. */
export function changesRouter(ctx: ApiContext): Router {
  const router = Router();
  router
    .route('/legal/changes')
    .get(
      withPrincipal(ctx, 'read', 'changes.list', async (req, res) => {
        sendSuccess(res, await listChanges(ctx.db, parseChangesQuery(req.query as Record<string, unknown>)));
      }),
    )
    .all(methodNotAllowed(['GET']));
  return router;
}
