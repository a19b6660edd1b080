import { listChangesRoute } from '@dp/core';
import type { ApiContext } from '../context';
import { listChanges } from '../legal/changes/feed';
import { defineRoute } from './define-route';

/** GET /v1/legal/changes (declared in core: `listChangesRoute`), 1 unit a page. */
export function changesRoutes(ctx: ApiContext) {
  return [
    defineRoute(listChangesRoute, async ({ query }) => {
      // `since` and `filters` are parsed by the declaration (one 400 names every bad field).
      return { status: 200, data: await listChanges(ctx.db, { after: query.since, filters: query.filters, limit: query.limit }) };
    }),
  ];
}
