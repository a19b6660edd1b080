import { z } from 'zod';
import { cursorKind, isBigintText } from '../../cursor';
import { parseRfc3339 } from '../../dates';
import { componentRef, declareRoute, OPENAPI_PARAMETER, queryInt, queryParam } from '../route';
import { queryFilters, CHANGE_FILTER_KEYS } from '../filters';

/** Position in the feed: the last (txid, seq) a client has seen. Strings: bigint-safe JSON. */
export interface FeedPosition {
  txid: string;
  seq: string;
}

const bigintText = z.string().refine(isBigintText);
const timestamp = z.string().refine((a) => parseRfc3339(a) !== null);

/**
 * The feed's cursor: a position, or (after an empty first page) the `since` time still to start
 * from. Feed consumers keep cursors for days: the shape issued before (`t`/`s`, `a`) still reads.
 */
export const FEED_CURSOR = cursorKind(
  z.union([z.strictObject({ txid: bigintText, seq: bigintText }), z.strictObject({ after: timestamp })]),
  z.union([
    z.object({ t: bigintText, s: bigintText }).transform(({ t, s }) => ({ txid: t, seq: s })),
    z.object({ a: timestamp }).transform(({ a }) => ({ after: a })),
  ]),
);
export type FeedCursor = NonNullable<ReturnType<typeof FEED_CURSOR.decode>>;

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
      const cursor = FEED_CURSOR.decode(raw);
      if (cursor && 'after' in cursor) return { since: parseRfc3339(cursor.after)! };
      if (cursor) return { txid: cursor.txid, seq: cursor.seq };
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
