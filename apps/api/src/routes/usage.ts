import { Router } from 'express';
import { methodNotAllowed, sendSuccess } from '@dp/core';
import type { ApiContext } from '../context';
import { metered } from '../metering/metered';
import { getUsage } from '../usage/get-usage';

export function usageRouter(ctx: ApiContext): Router {
  const router = Router();
  router
    .route('/usage')
    .get(metered(ctx.meter, ctx.quota, 'manage', 'usage.get'), async (req, res) => {
      // This instance's latest counts first, so a client sees its own requests at once.
      await ctx.meter.flush();
      ctx.quota.invalidate(req.principal!.orgId);
      sendSuccess(res, await getUsage(ctx.db, req.principal!.orgId));
    })
    .all(methodNotAllowed(['GET']));
  return router;
}
