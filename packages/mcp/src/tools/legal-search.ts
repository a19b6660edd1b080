import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { DOC_TYPES, EFF_STATUSES, SEARCH_GRANULARITIES, SEARCH_MODES } from '@dp/core/vocab';
import { formatIsoDate, todayUtc } from '@dp/core/dates';
import { z } from 'zod';
import type { Upstream } from '../upstream';
import { renderProvisionSearch, renderSearch, type ProvisionHit, type SearchHit } from '../render/search';
import { searchDocumentsRoute } from '@dp/core/contract/v1/search';
import { boundedInt, cursorArg, queryIntBounds, queryStringMax, unitsOf } from './contract';
import { CITATION_GUIDANCE, encodeFilters, failure, isoDate, READ_ONLY, searchFilters, success } from './shared';

export const LEGAL_SEARCH = 'legal_search';
const TITLE = 'Search legal documents';

const Q_MAX = queryStringMax(searchDocumentsRoute, 'q');
const LIMIT = queryIntBounds(searchDocumentsRoute, 'limit');
const FULLTEXT = unitsOf('search.fulltext');
const HYBRID = unitsOf('search.hybrid');

const description = [
  "Search the corpus of Czech legal documents (GET /v1/legal/search). Start here when you do not know a document's id.",
  `\`mode\`: ${SEARCH_MODES.join(' | ')}. "fulltext" (default, ${FULLTEXT}) ranks by words; "hybrid" (${HYBRID}) adds fuzzy/semantic matching — use it when fulltext finds nothing or the wording is uncertain.`,
  `\`q\`: 1–${Q_MAX} characters. Czech with or without diacritics and inflected forms match. A citation such as "89/2012", "89/2012 Sb." or "zákon č. 89/2012 Sb." puts that document first.`,
  `\`filters\`: JSON object with any of doc_type (list of: ${DOC_TYPES.join(', ')}), eff_status (list of: ${EFF_STATUSES.join(', ')}), published_from and published_to (YYYY-MM-DD), is_amending_act (true/false).`,
  '`at` (YYYY-MM-DD, default today): of the generations of one law (a repealed act and its successor of the same title), the one in force that day ranks first; ask with a past date about a past case.',
  `Paginated: \`limit\` (${LIMIT.minimum}–${LIMIT.maximum}, default ${LIMIT.default}) and \`cursor\` map to the API parameters; pass next_cursor from the previous result as cursor (with the same q, mode, filters and at) for more.`,
  '`granularity`: "document" (default) lists documents; "provision" answers a question ("Kolik dní dovolené mi patří?"): the provisions that answer it with their text, each cited ("§ 35 odst. 1 zákona č. 262/2006 Sb.") and with its text_status on the day (current, amended_not_in_source, not_in_source). Use "provision" for a person\'s question, "document" to find an act.',
  'Results (documents) give id, natural_key, doc_number, title, doc_type, status, score, a snippet, the provision the hit points at (the one the query cites, whose heading it is, or where the words match) with its text_status, and text_current / outstanding_amendments (false / the count when the text of the act lacks amendments in force on the day: its wording is not the law of that day where they reach); read a result with legal_get_document, or its provision with legal_get_provision.',
  CITATION_GUIDANCE,
].join('\n');

export function registerLegalSearch(server: McpServer, client: Upstream): void {
  server.registerTool(
    LEGAL_SEARCH,
    {
      title: TITLE,
      description,
      inputSchema: {
        q: z.string().trim().min(1).max(Q_MAX).describe('Search words or a citation (e.g. "ochrana osobních údajů", "89/2012 Sb.").'),
        mode: z.enum(SEARCH_MODES).optional().describe(`fulltext (default, ${FULLTEXT}) or hybrid (${HYBRID}).`),
        granularity: z
          .enum(SEARCH_GRANULARITIES)
          .optional()
          .describe('document (default) or provision: the provisions that answer a question, with their text, citation and status.'),
        filters: searchFilters.optional(),
        at: isoDate
          .optional()
          .describe('Day whose law in force ranks first among generations of one title (API parameter at), default today.'),
        limit: boundedInt(searchDocumentsRoute, 'limit', 'Results per page'),
        cursor: cursorArg(searchDocumentsRoute).optional().describe('next_cursor of the previous page (API parameter cursor).'),
      },
      outputSchema: {
        results: z.array(
          z.union([
            z.looseObject({ id: z.string(), natural_key: z.string(), doc_number: z.string(), text_current: z.boolean() }),
            z.looseObject({
              act: z.looseObject({ id: z.string(), natural_key: z.string() }),
              provision: z.looseObject({ id: z.string() }),
            }),
          ]),
        ),
        next_cursor: z.string().nullable(),
        has_more: z.boolean().describe('Whether another page can be read now (follow next_cursor).'),
        mode: z.enum(SEARCH_MODES),
        granularity: z.enum(SEARCH_GRANULARITIES),
        request_id: z.string().nullable(),
      },
      annotations: { ...READ_ONLY, title: TITLE },
    },
    async (args, extra) => {
      const res = await client.call(extra.signal, (sdk, init) =>
        sdk.GET('/v1/legal/search', {
          params: {
            query: {
              q: args.q,
              mode: args.mode,
              granularity: args.granularity,
              filters: encodeFilters(args.filters),
              at: args.at,
              limit: args.limit,
              cursor: args.cursor,
            },
          },
          ...init,
        }),
      );
      if (!res.ok) return failure(res.failure);
      const mode = args.mode ?? 'fulltext';
      const granularity = args.granularity ?? 'document';
      const results = res.data.results ?? [];
      const next = res.data.next_cursor ?? null;
      // The API answers the granularity asked for: every item is of its shape.
      const text =
        granularity === 'provision'
          ? renderProvisionSearch(args.q, mode, args.at ?? formatIsoDate(todayUtc()), results as ProvisionHit[], next, res.requestId)
          : renderSearch(args.q, mode, results as SearchHit[], next, res.requestId);
      return success(
        {
          ...res.data,
          results,
          next_cursor: next,
          has_more: res.data.has_more ?? next !== null,
          mode,
          granularity,
          request_id: res.requestId,
        },
        text,
      );
    },
  );
}
