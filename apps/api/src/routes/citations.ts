import { checkCitationsRoute, citationCheckUnits, parseIsoDate, todayUtc } from '@dp/core';
import type { ApiContext } from '../context';
import { checkCitations } from '../legal/citations/check-citations';
import { defineRoute } from './define-route';

/** POST /v1/legal/citations (declared in core: `checkCitationsRoute`); units by citations found. */
export function citationsRoutes(ctx: ApiContext) {
  return [
    defineRoute(checkCitationsRoute, async ({ body }, _req, _res, { charge }) => {
      const at = body.at === undefined ? todayUtc() : parseIsoDate(body.at)!;
      const check = await checkCitations(ctx.db, body.text, at, ctx.config.PUBLIC_BASE_URL);
      charge(citationCheckUnits(check.citations.length));
      return { status: 200, data: check };
    }),
  ];
}
