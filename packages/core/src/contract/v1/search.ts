import { z } from 'zod';
import { SEARCH_GRANULARITIES, SEARCH_MODES, SEARCH_SIGNALS } from '../../vocab';
import { componentRef, declareRoute, OPENAPI_PARAMETER, queryDate, queryEnum, queryInt, queryString, requiredQueryString } from '../route';
import { queryFilters, SEARCH_FILTER_KEYS } from '../filters';

/**
 * GET /v1/legal/search: 1 unit fulltext, 2 units hybrid (the mode decides the operation). The
 * `filters` JSON is parsed here with the other fields; the cursor, made for one q, mode, filters
 * and at, is checked by the search (apps/api `searchRequest`) once they parse.
 */
export const searchDocumentsRoute = declareRoute({
  method: 'get',
  path: '/v1/legal/search',
  operationId: 'searchDocuments',
  summary: 'Search legal documents (Czech-aware)',
  tags: ['search'],
  scope: 'read',
  // A query that does not parse is a 400 (no units): counted as fulltext.
  operation: (input) => (input?.query.mode === 'hybrid' ? 'search.hybrid' : 'search.fulltext'),
  query: z.object({
    q: requiredQueryString(500)
      .refine((q) => q.trim() !== '', 'must contain a search term')
      .meta({ description: 'The query, 1–500 characters.' }),
    mode: queryEnum(SEARCH_MODES, 'fulltext'),
    granularity: queryEnum(SEARCH_GRANULARITIES, 'document').meta({
      description:
        "`document` (the default): documents, each pointing at its best provision. `provision` (#37): the provisions that may answer the query, best first, at most one per § of an act, each with its act, heading, snippet and the day's `text_status` (results are `ProvisionSearchResult`). Ranked over the provisions of the acts' current texts (headings weigh more than text); in force on `at` first.",
    }),
    filters: queryFilters(SEARCH_FILTER_KEYS).meta({
      [OPENAPI_PARAMETER]: {
        description:
          'A JSON object (URL-encoded), every key optional:\n`{"doc_type":["act"],"eff_status":["in_force"],"published_from":"2000-01-01","published_to":"2010-12-31","is_amending_act":false}`.\nUnknown keys are rejected.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/SearchFilters' } } },
      },
    }),
    limit: queryInt(1, 100, 20),
    at: queryDate().meta({
      description:
        "A calendar date `YYYY-MM-DD` (default today). Where several generations of a law share a title (a repealed act and its successor), the one in force on this day ranks first among them, in both modes. It does not filter: `filters.eff_status` does (by the source's current status).",
    }),
    cursor: queryString(400).meta({
      description:
        "`next_cursor` of the previous page of the same search (same q, mode, filters, at). A search has one order of all its matches whatever `limit` is: following `next_cursor` returns every match exactly once, to the last (`next_cursor` null), however many there are. A cursor past the end of that order (forged, or from before the corpus changed) gets an empty last page (`next_cursor` null); one that is not this search's is a 400.",
    }),
  }),
  responses: {
    200: {
      description: 'One page of results, best first.',
      data: z.object({
        results: z.array(z.union([componentRef('SearchResult'), componentRef('ProvisionSearchResult')])).meta({
          description: '`SearchResult` items, or `ProvisionSearchResult` items with `granularity=provision`.',
        }),
        next_cursor: z.string().nullable(),
        has_more: z.boolean().meta({
          description: 'Whether `next_cursor` leads on (false on the last page; a page after `true` may still be empty).',
        }),
      }),
      meta: z.object({
        mode: z.enum(SEARCH_MODES),
        granularity: z.enum(SEARCH_GRANULARITIES),
        signals: z.array(z.enum(SEARCH_SIGNALS)).meta({
          description:
            'Rankings that contributed, e.g. ["lexical","trigram"]; "citation" when q cites a document. With `granularity=provision`: "lexical" (the query\'s words and lemmas) and, in hybrid, "related" when related terms of the query (the meaning signal) took part.',
        }),
      }),
    },
  },
});
