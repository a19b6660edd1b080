import { z } from 'zod';
import { CHANGE_KINDS, STORED_RELATION_TYPES } from '../../vocab';
import { cursorKind, isBigintText } from '../../cursor';
import { parseRfc3339 } from '../../dates';
import { schemaRef, declareRoute, OPENAPI_PARAMETER, queryInt, queryParam } from '../route';
import { queryFilters, CHANGE_FILTER_KEYS } from '../filters';
import { DocTypeSchema, EffStatusSchema } from './shared';

export const ChangeKindSchema = z.enum(CHANGE_KINDS);

export const ChangeFiltersSchema = z.strictObject({
  doc_type: z.array(DocTypeSchema).min(1).optional(),
  eff_status: z.array(EffStatusSchema).min(1).optional(),
  kinds: z.array(ChangeKindSchema).min(1).optional(),
});

export const ChangeSchema = z.strictObject({
  id: z.string(),
  kind: ChangeKindSchema,
  document: z.strictObject({ id: z.string(), natural_key: z.string(), doc_number: z.string() }),
  at: z.string().meta({ format: 'date-time' }),
  version: z
    .object({
      version: z.int(),
      valid_from: z.string().meta({ format: 'date' }),
      valid_to: z.string().meta({ format: 'date' }).nullable(),
      kind: z.string().meta({ description: "`bootstrap` or `reform` (the source's), `rebuilt` (#36)." }),
      amended_by: z.object({ natural_key: z.string().optional(), doc_number: z.string().nullable().optional() }).nullable(),
      text_source: z
        .enum(['rebuilt'])
        .meta({
          description:
            "Present on a version the consolidation engine rebuilt from the amending acts' instructions (docs/amendments.md); absent for the source's own.",
        })
        .optional(),
      provisions: z
        .object({
          compared_with: z.int(),
          added: z.array(z.string()),
          changed: z.array(z.string()),
          repealed: z.array(z.string()),
          removed: z.array(z.string()),
          counts: z.object({ added: z.int(), changed: z.int(), repealed: z.int(), removed: z.int() }),
          truncated: z.boolean(),
        })
        .meta({
          description:
            "#24: the provisions this version added, changed, repealed or removed against the\nprevious version with a text (`compared_with`), as provision ids (`par_52`,\n`par_52/odst_1/pism_g`; containers left out). Absent for a document's first version\nwith a text, a version without one, and entries written before provisions were stored.\nEach list holds at most 200 ids; `counts` has the full numbers.\n",
        })
        .optional(),
    })
    .meta({ description: 'For document.version_added.' })
    .optional(),
  amendment: z
    .object({
      amending_act: z.object({ natural_key: z.string(), doc_number: z.string().nullable() }),
      points: z.int(),
      effective_from: z.array(z.string().meta({ format: 'date' })),
      applied: z.boolean(),
    })
    .meta({
      description:
        "For document.amendment_known (#35): an amending act's text shows it amends this document\n(its points for this document and their dates), and whether a source text of the\ndocument already reflects them (`applied`). Amendments the source has not applied are\nlisted by GET /v1/legal/documents/{id}/amendments and flagged on every read.\n",
    })
    .optional(),
  fields: z
    .record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }))
    .meta({
      description:
        'For document.updated: each metadata field that changed, with its value before and after\n(`title`, `citation`, `doc_number`, `eli`, `doc_type`, `is_amending_act`, `published`,\n`effective_from`, `effective_to`, `gazette`; `text` as the sha256 of the text before and\nafter, where a text changed without a new version).\n',
    })
    .optional(),
  relation: z
    .object({
      type: z.enum(STORED_RELATION_TYPES),
      target: z.object({ natural_key: z.string(), doc_number: z.string().nullable() }),
    })
    .meta({ description: 'For relation.created.' })
    .optional(),
});

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
        content: { 'application/json': { schema: schemaRef('ChangeFilters') } },
      },
    }),
    limit: queryInt(1, 500, 100),
  }),
  responses: {
    200: {
      description: 'One page of changes, oldest first.',
      data: z.object({
        changes: z.array(ChangeSchema),
        next_cursor: z.string(),
        has_more: z.boolean().meta({
          description: 'Whether more changes can be read right now after this page; when false, poll later with `next_cursor`.',
        }),
      }),
    },
  },
});
