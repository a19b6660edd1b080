import { Router } from 'express';
import { getUsageReport } from '@dp/db';
import type { PortalContext } from '../context';
import { requireSession } from '../auth/session-middleware';
import { usagePage } from '../views/usage-page';
import { sendPage } from './render';

/** The current period's usage: the same report as GET /v1/usage, drawn as a chart. */
export function usageRouter(ctx: PortalContext): Router {
  const router = Router();
  router.get('/usage', requireSession, async (req, res) => {
    const report = await getUsageReport(ctx.db, req.portalSession!.org.id);
    sendPage(res, usagePage({ csrfToken: req.csrfToken, session: req.portalSession, report }));
  });
  return router;
}
