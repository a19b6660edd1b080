import { z } from 'zod';
import { componentRef, declareRoute, OPENAPI_PARAMETER, queryInt, queryString, requiredQueryString } from '../route';

/** GET /v1/legal/changes: the changes feed, 1 unit a page. */
export const listChangesRoute = declareRoute({
  method: 'get',
  path: '/v1/legal/changes',
  operationId: 'listChanges',
  summary: 'The changes feed',
  tags: ['search'],
  scope: 'read',
  operation: 'changes.list',
  query: z.object({
    since: requiredQueryString(200).meta({
      description:
        'An RFC 3339 timestamp (start at the first change at or after it), from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z once its offset is applied, or a `next_cursor`. Anything else is a 400 naming `since`.',
    }),
    // A JSON object in the query: its keys and values are checked by the feed (`changesRequest`).
    filters: queryString(2000).meta({
      [OPENAPI_PARAMETER]: {
        description: 'A JSON object (URL-encoded): `{"doc_type":["act"],"eff_status":["in_force"],"kinds":["document.created"]}`.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ChangeFilters' } } },
      },
    }),
    limit: queryInt(1, 500, 100),
  }),
  responses: {
    200: {
      description: 'One page of changes, oldest first.',
      data: z.object({
        changes: z.array(componentRef('Change')),
        next_cursor: z.string(),
        has_more: z.boolean().meta({
          description: 'Whether more changes can be read right now after this page; when false, poll later with `next_cursor`.',
        }),
      }),
    },
  },
});
