import { getUsageRoute } from '@dp/core';
import type { ApiContext } from '../context';
import { getUsage } from '../usage/get-usage';
import { defineRoute } from './define-route';

/** GET /v1/usage (declared in core: `getUsageRoute`). */
export function usageRoutes(ctx: ApiContext) {
  return [
    defineRoute(getUsageRoute, async (_input, _req, _res, { principal }) => {
      // This instance's latest counts first, so a client sees its own requests at once.
      await ctx.meter.flush();
      ctx.quota.invalidate(principal.orgId);
      return { status: 200, data: await getUsage(ctx.db, principal.orgId) };
    }),
  ];
}
