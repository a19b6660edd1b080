import { Router } from 'express';
import { methodNotAllowed, sendSuccess } from '@dp/core';
import type { ApiContext } from '../context';
import { withPrincipal } from '../metering/with-principal';
import { getUsage } from '../usage/get-usage';

export function usageRouter(ctx: ApiContext): Router {
  const router = Router();
  router
    .route('/usage')
    .get(
      withPrincipal(ctx, 'manage', 'usage.get', async (_req, res, principal) => {
        // This instance's latest counts first, so a client sees its own requests at once.
        await ctx.meter.flush();
        ctx.quota.invalidate(principal.orgId);
        sendSuccess(res, await getUsage(ctx.db, principal.orgId));
      }),
    )
    .all(methodNotAllowed(['GET']));
  return router;
}
