import { z } from 'zod';
import { decodeCursor, isBigintText } from '../../cursor';
import { parseRfc3339 } from '../../dates';
import { componentRef, declareRoute, OPENAPI_PARAMETER, queryInt, queryParam } from '../route';
import { queryFilters, CHANGE_FILTER_KEYS } from '../filters';

/** Position in the feed: the last (txid, seq) a client has seen. Strings: bigint-safe JSON. */
export interface FeedPosition {
  t: string;
  s: string;
}

/** A cursor is a position, or (after an empty first page) the `since` time still to start from. */
export type FeedCursor = FeedPosition | { a: string };

const isPosition = (v: unknown): v is FeedPosition =>
  typeof v === 'object' && v !== null && isBigintText((v as FeedPosition).t) && isBigintText((v as FeedPosition).s);

const isCursor = (v: unknown): v is FeedCursor =>
  isPosition(v) ||
  (typeof v === 'object' && v !== null && typeof (v as { a?: unknown }).a === 'string' && parseRfc3339((v as { a: string }).a) !== null);

const MAX_SINCE_CHARS = 200;

/**
 * `since`, read as where the page starts: a timestamp if it parses as RFC 3339 (the first change
 * at or after it), else a cursor of this feed (after its position, or at its time).
 */
function querySince(): z.ZodType<FeedPosition | { since: Date }> {
  return queryParam(
    (raw, fail) => {
      if (raw === undefined) return fail('is required');
      if (raw.length > MAX_SINCE_CHARS) return fail(`must be at most ${MAX_SINCE_CHARS} characters`);
      const at = /^\d{4}-/.test(raw) ? parseRfc3339(raw) : null;
      if (at) return { since: at };
      const cursor = decodeCursor(raw, isCursor);
      if (cursor && 'a' in cursor) return { since: parseRfc3339(cursor.a)! };
      if (cursor) return { t: cursor.t, s: cursor.s };
      return fail('must be an RFC 3339 timestamp from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z, or a next_cursor from this feed');
    },
    { type: 'string', maxLength: MAX_SINCE_CHARS },
  );
}

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
    since: querySince().meta({
      description:
        'An RFC 3339 timestamp (start at the first change at or after it), from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z once its offset is applied, or a `next_cursor`. Anything else is a 400 naming `since`.',
    }),
    filters: queryFilters(CHANGE_FILTER_KEYS).meta({
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
