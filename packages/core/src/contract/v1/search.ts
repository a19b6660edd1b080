import { z } from 'zod';
import { SEARCH_GRANULARITIES, SEARCH_MODES, SEARCH_SIGNALS, TEXT_SOURCES } from '../../vocab';
import { schemaRef, declareRoute, OPENAPI_PARAMETER, queryDate, queryEnum, queryInt, queryString, requiredQueryString } from '../route';
import { queryFilters, SEARCH_FILTER_KEYS } from '../filters';
import { DocTypeSchema, EffStatusSchema } from './shared';
import { TextStatusSchema } from './document-schemas';

export const SearchFiltersSchema = z.strictObject({
  doc_type: z.array(DocTypeSchema).min(1).optional(),
  eff_status: z.array(EffStatusSchema).min(1).optional(),
  published_from: z.string().meta({ format: 'date' }).optional(),
  published_to: z.string().meta({ format: 'date' }).optional(),
  is_amending_act: z.boolean().optional(),
});

export const SearchProvisionSchema = z.strictObject({
  id: z.string().meta({ description: 'Stable provision id, as the provisions endpoints use it (`par_52/odst_1/pism_g`).' }),
  label: z.string().meta({ description: 'As people cite it (`§ 52 odst. 1 písm. g)`).' }),
  heading: z.string().nullable().meta({ description: "The provision's heading, or its §'s for an odstavec or písmeno." }),
  text_status: TextStatusSchema.meta({
    description:
      "#35: the provision read's `text_status` on the day asked: `amended_not_in_source` when an amendment in force that day reaches the provision (or a unit holding or inside it) and the text lacks it.",
  }),
});

/** The act a hit is of: in a document hit its own fields, in a provision hit its `act`. */
const actFields = {
  id: z.string(),
  natural_key: z.string(),
  doc_number: z.string(),
  title: z.string(),
  doc_type: DocTypeSchema,
  status: EffStatusSchema,
};

export const SearchResultSchema = z.strictObject({
  ...actFields,
  score: z.number().meta({
    description: 'Relevance within this result list (fulltext: lexical score; hybrid: fused RRF score); not comparable across queries.',
  }),
  snippet: z.string().meta({ description: 'Text around the match; matched words wrapped in « and ». `…` marks a cut.' }),
  provision: z.union([z.null(), SearchProvisionSchema]).meta({
    description:
      'The provision the hit points at in the document\'s current text (#24), or null: the\nprovision the query cites with this act ("§ 52 zákoníku práce" → `par_52`), else the\n§ or article whose heading the query is ("krádež" → § 205 "Krádež"), else the\ndocument\'s provision the provision search (`granularity=provision`) ranks first for\nthe query, else the deepest provision holding the snippet\'s match. The snippet is then cut from that\nprovision (at its start for a cited, headed or ranked one, around the match otherwise, never\npast the § that holds it). Read it whole at\n`/v1/legal/documents/{id}/provisions/{provision.id}`.\n',
  }),
  text_current: z.boolean().meta({
    description:
      "#35: what the document read (`GET /v1/legal/documents/{id}`, with the same `at`) says on\nthe day asked: false when an amendment in force that day changed the document and the\ntext in view lacks it. The text searched and the snippet are then not that day's law\nwhere those amendments reach; `provision.text_status` says whether they reach the\nprovision the hit points at.\n",
  }),
  outstanding_amendments: z.int().min(0).meta({
    description:
      '#35: how many amending acts in force on the day asked the text in view lacks (0 when\n`text_current`); the document read lists them (`outstanding_amendments`), and\n`/v1/legal/documents/{id}/amendments?status=unapplied` gives their points.\n',
  }),
});

export const ProvisionSearchResultSchema = z
  .strictObject({
    act: z.strictObject(actFields),
    provision: z.strictObject({
      id: z
        .string()
        .meta({ description: 'Stable provision id (`par_35/odst_1`); read it whole at `/v1/legal/documents/{act.id}/provisions/{id}`.' }),
      label: z.string().meta({ description: 'As people cite it (`§ 35 odst. 1`).' }),
      heading: z.string().nullable().meta({ description: "The provision's heading, or its §'s for an odstavec." }),
      context: z.string().meta({
        description:
          'The headings of the část, hlava, díl and oddíl holding it, outermost first, and the group heading above its § last, ` › ` between them (empty: none).',
      }),
    }),
    score: z.number().meta({ description: 'Relevance within this result list; not comparable across queries.' }),
    snippet: z
      .string()
      .meta({ description: "The provision's text around the query's words (at most about 300 characters); `…` marks a cut." }),
    text: z.string().nullable().meta({
      description:
        "The provision's text on the day asked (Markdown marks removed), its first 1,500 characters; the whole at `/v1/legal/documents/{act.id}/provisions/{provision.id}`. Null when `text_status` is not `current`: the wording the collection holds is then older than the day's law and is given, dated, in `source_text` (as the provision read gives it).",
    }),
    source_text: z.union([z.null(), z.strictObject({ as_of: z.iso.date(), text: z.string() })]).meta({
      description:
        "Where `text_status` is not `current`: the wording the collection holds, of its own day (`as_of`, the text's date), which an amendment in force on the day asked has changed since (its first 1,500 characters, Markdown marks removed); null otherwise.",
    }),
    text_truncated: z.boolean().meta({ description: 'Whether `text` (or `source_text.text`) was cut.' }),
    text_status: TextStatusSchema,
    text_source: z.enum(TEXT_SOURCES).meta({
      description: "Whether the text searched is the source's own or a version the engine rebuilt from the amending acts (#36).",
    }),
  })
  .meta({
    description:
      "One provision that may answer the query (`granularity=provision`, #37): a unit of the act's\ncurrent text (a § or čl., one of its odstavce, a příloha), at most one per § of an act.\n",
  });

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
        content: { 'application/json': { schema: schemaRef('SearchFilters') } },
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
        results: z.array(z.union([SearchResultSchema, ProvisionSearchResultSchema])).meta({
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
