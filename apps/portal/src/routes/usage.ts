import { Router, type Request } from 'express';
import { formatIsoDate } from '@dp/core';
import { getUsageBreakdown, getUsageReport } from '@dp/db';
import type { PortalContext } from '../context';
import { requireSession } from '../auth/session-middleware';
import { usageCsv } from '../usage/usage-csv';
import { parseUsageRange, type UsageRangeInput } from '../usage/usage-range';
import { usagePage } from '../views/usage-page';
import { queryString } from './form-input';
import { pageChrome, sendPage } from './render';

const rangeInput = (req: Request): UsageRangeInput => ({
  range: queryString(req, 'range').slice(0, 20),
  from: queryString(req, 'from').slice(0, 20),
  to: queryString(req, 'to').slice(0, 20),
});

/**
 * Usage of the signed-in organization: this month's allowance (the same report as GET /v1/usage)
 * and a chosen range of days per day, key, status and operation, also as a CSV download.
 */
export function usageRouter(ctx: PortalContext): Router {
  const router = Router();
  router.use(['/usage', '/usage.csv'], requireSession);

  const renderErrors = async (
    req: Request,
    res: import('express').Response,
    parsed: Extract<ReturnType<typeof parseUsageRange>, { ok: false }>,
  ) => {
    const report = await getUsageReport(ctx.db, req.portalSession!.org.id);
    sendPage(res, usagePage({ ...pageChrome(req), report, input: rangeInput(req), choice: parsed.choice, errors: parsed.errors }), 400);
  };

  router.get('/usage', async (req, res) => {
    const input = rangeInput(req);
    const parsed = parseUsageRange(input);
    if (!parsed.ok) return renderErrors(req, res, parsed);
    const orgId = req.portalSession!.org.id;
    const [report, breakdown] = await Promise.all([getUsageReport(ctx.db, orgId), getUsageBreakdown(ctx.db, orgId, parsed.range)]);
    sendPage(res, usagePage({ ...pageChrome(req), report, input, choice: parsed.range.choice, range: parsed.range, breakdown }));
  });

  router.get('/usage.csv', async (req, res) => {
    const parsed = parseUsageRange(rangeInput(req));
    if (!parsed.ok) return renderErrors(req, res, parsed);
    const breakdown = await getUsageBreakdown(ctx.db, req.portalSession!.org.id, parsed.range);
    const name = `usage-${formatIsoDate(parsed.range.from)}-to-${formatIsoDate(parsed.range.to)}.csv`;
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8; header=present');
    res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    res.send(usageCsv(breakdown));
  });
  return router;
}
