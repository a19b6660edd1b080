import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Upstream } from '../upstream';
import { renderAmendments } from '../render/amendments';
import { at, documentId, failure, READ_ONLY, success } from './shared';
import { listAmendmentsRoute } from '@dp/core/contract/v1/documents';
import { boundedInt, costOf, cursorArg, operationOf, queryIntBounds } from './contract';
import { AMENDMENT_STATUSES } from '@dp/core/vocab';

export const LEGAL_GET_AMENDMENTS = 'legal_get_amendments';
const TITLE = 'List the amendments of a Czech legal document, and which the collection has not applied';

const LIMIT = queryIntBounds(listAmendmentsRoute, 'limit');

const description = [
  "Every act of the collection known to amend a document, with its instruction points (what each changes, in which provisions, from when) and whether the collection's texts reflect it (GET /v1/legal/documents/{id}/amendments); " +
    `${costOf(operationOf(listAmendmentsRoute), 'page')}.`,
  'Use it before relying on a provision of an act the collection may hold only as enacted: "unapplied" and "partly_applied" amendments are in force but missing from the collection\'s text (read provisions then say text_status "amended_not_in_source"); "rebuilt" ones were applied by the consolidation engine (not an official consolidation); "applied" ones are in the source\'s own texts.',
  `\`status\`: keep only these statuses (${AMENDMENT_STATUSES.join(', ')}). \`at\` (YYYY-MM-DD, default today): the day statuses are of.`,
  `Paginated: \`limit\` (${LIMIT.minimum}–${LIMIT.maximum}, default ${LIMIT.default}) and \`cursor\` (next_cursor of the previous page).`,
].join('\n');

export function registerLegalGetAmendments(server: McpServer, client: Upstream): void {
  server.registerTool(
    LEGAL_GET_AMENDMENTS,
    {
      title: TITLE,
      description,
      inputSchema: {
        id: documentId,
        at: at.optional(),
        status: z.array(z.enum(AMENDMENT_STATUSES)).min(1).max(AMENDMENT_STATUSES.length).optional().describe('Statuses to keep.'),
        limit: boundedInt(listAmendmentsRoute, 'limit', 'Amending acts per page'),
        cursor: cursorArg(listAmendmentsRoute).optional().describe('next_cursor of the previous page (API parameter cursor).'),
      },
      outputSchema: {
        document: z.looseObject({ id: z.string(), natural_key: z.string(), doc_number: z.string() }),
        as_of: z.string(),
        source_text_as_of: z.string().nullable(),
        amendments: z.array(z.looseObject({ status: z.string(), amending_act: z.looseObject({ natural_key: z.string() }) })),
        total: z.number(),
        next_cursor: z.string().nullable(),
        has_more: z.boolean(),
        request_id: z.string().nullable(),
      },
      annotations: { ...READ_ONLY, title: TITLE },
    },
    async (args, extra) => {
      const res = await client.call(extra.signal, (sdk, init) =>
        sdk.GET('/v1/legal/documents/{id}/amendments', {
          params: {
            path: { id: args.id },
            query: {
              at: args.at,
              status: args.status?.length ? [...new Set(args.status)].join(',') : undefined,
              limit: args.limit,
              cursor: args.cursor,
            },
          },
          ...init,
        }),
      );
      if (!res.ok) return failure(res.failure);
      const d = res.data;
      return success(
        {
          document: d.document,
          as_of: d.as_of,
          source_text_as_of: d.source_text_as_of,
          amendments: d.amendments,
          total: d.total,
          next_cursor: d.next_cursor,
          has_more: d.has_more,
          request_id: res.requestId,
        },
        renderAmendments(d, res.requestId),
      );
    },
  );
}
