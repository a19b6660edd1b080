import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { RELATION_DIRECTIONS, RELATION_TYPES } from '@dp/core/vocab';
import { z } from 'zod';
import type { Upstream } from '../upstream';
import { renderRelations } from '../render/relations';
import { CITATION_GUIDANCE, documentId, failure, READ_ONLY, success } from './shared';
import { getRelationsRoute } from '@dp/core/contract/v1/documents';
import { boundedInt, costOf, cursorArg, operationOf } from './contract';

export const LEGAL_GET_RELATIONS = 'legal_get_relations';
const TITLE = 'Get the relations of a legal document';

const description = [
  `Relations of a document to other documents (GET /v1/legal/documents/{id}/relations); ${costOf(operationOf(getRelationsRoute), 'page')}.`,
  'Use it to find what amends, repeals or cites a document and what it amends, repeals or cites.',
  `\`types\`: list of relation_type values: ${RELATION_TYPES.join(', ')}. Each stored edge is readable from both ends: A amends B appears on B as amended_by.`,
  `\`direction\`: ${RELATION_DIRECTIONS.join(' | ')} (default both).`,
  'Related documents outside the corpus are still listed, marked in_corpus: false.',
  'Paginated: `limit` and `cursor` map to the API parameters; pass next_cursor from the previous result as cursor to read on.',
  CITATION_GUIDANCE,
].join('\n');

export function registerLegalGetRelations(server: McpServer, client: Upstream): void {
  server.registerTool(
    LEGAL_GET_RELATIONS,
    {
      title: TITLE,
      description,
      inputSchema: {
        id: documentId,
        direction: z
          .enum(RELATION_DIRECTIONS)
          .optional()
          .describe('outgoing: edges stored on this document; incoming: edges pointing to it; both (default).'),
        types: z
          .array(z.enum(RELATION_TYPES))
          .min(1)
          .max(RELATION_TYPES.length)
          .optional()
          .describe(`Relation types to keep: ${RELATION_TYPES.join(', ')}.`),
        limit: boundedInt(getRelationsRoute, 'limit', 'Page size'),
        cursor: cursorArg(getRelationsRoute).optional().describe('next_cursor of the previous page (API parameter cursor).'),
      },
      outputSchema: {
        document: z.looseObject({ id: z.string(), natural_key: z.string(), doc_number: z.string() }),
        direction: z.string(),
        types: z.array(z.string()),
        relations: z.array(
          z.looseObject({
            type: z.string(),
            direction: z.string(),
            document: z.looseObject({ natural_key: z.string(), doc_number: z.string().nullable(), in_corpus: z.boolean() }),
          }),
        ),
        next_cursor: z.string().nullable(),
        has_more: z.boolean().describe('Whether another page follows (pass next_cursor as cursor).'),
        request_id: z.string().nullable(),
      },
      annotations: { ...READ_ONLY, title: TITLE },
    },
    async (args, extra) => {
      const res = await client.call(extra.signal, (sdk, init) =>
        sdk.GET('/v1/legal/documents/{id}/relations', {
          params: {
            path: { id: args.id },
            query: {
              direction: args.direction,
              types: args.types?.length ? [...new Set(args.types)].join(',') : undefined,
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
          direction: d.direction,
          types: d.types,
          relations: d.relations,
          next_cursor: d.next_cursor ?? null,
          has_more: d.has_more ?? d.next_cursor != null,
          request_id: res.requestId,
        },
        renderRelations(d.document, d.relations, d.next_cursor ?? null, res.requestId),
      );
    },
  );
}
