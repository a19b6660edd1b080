import { z } from 'zod';
import { AMENDMENT_STATUSES, DOCUMENT_INCLUDES, RELATION_DIRECTIONS, RELATION_TYPES } from '../../vocab';
import { spansSegments } from '../path-match';
import { declareRoute, OPENAPI_SCHEMA, queryDate, queryEnum, queryInt, queryList, queryString, requiredQueryDate } from '../route';
import {
  AmendmentEffectSchema,
  AmendmentSchema,
  DocumentSchema,
  EffectivitySchema,
  RelationSchema,
  TextStatusSchema,
} from './document-schemas';
import {
  ProvisionDaySchema,
  ProvisionDiffSchema,
  ProvisionEntrySchema,
  ProvisionHistoryEntrySchema,
  ProvisionLinksSchema,
  ProvisionParseSchema,
  ProvisionSchema,
} from './provision-schemas';
import { DocumentRefSchema, RelationTypeSchema } from './shared';

/*
 * The document reads: /v1/legal/documents/{id} and its sub-resources, the read scope, 1 unit each.
 * `{id}` and `{provision}` may hold slashes (a natural key, a provision id): they span segments
 * (`spansSegments`), and the words of these templates (`provisions`, `history`, …) say where they
 * end (`pathMatcher`: no reference or provision id has such a segment); each answer
 * is fixed by the document's versions and the query, hence cacheable (a strong ETag, 304).
 */

export const DEFAULT_TEXT_LIMIT = 100_000;
export const MAX_TEXT_LIMIT = 2_000_000;
export const DEFAULT_TOC_LIMIT = 200;
export const MAX_TOC_LIMIT = 1000;
export const DEFAULT_DIFF_LIMIT = 100;
export const MAX_DIFF_LIMIT = 500;
/** Longest provision id accepted (the deepest real ones are under 60 characters). */
export const MAX_PROVISION_ID = 300;
/** Longest cursor accepted (those issued are far shorter). */
const MAX_CURSOR = 1000;

// Both span segments (`spansSegments`): the words of the templates after them say where they end.
const documentId = spansSegments(
  z.string().meta({
    description:
      'Document id (`SB-2012-89`, matched exactly), natural key (`sb/2012/89`), ELI (`/eli/cz/sb/2012/89`) or doc number (`89/2012 Sb.`); the last three in any case.',
  }),
);
const provisionId = spansSegments(
  z.string().meta({
    description:
      'A provision id (`par_52`, `par_52/odst_1/pism_g`, `cl_1`, `priloha_1`, `cast_1/hlava_2`, `par_5~2` for a second § 5); its slashes as they are or as `%2F`.',
  }),
);
export const documentParams = z.object({ id: documentId });
const provisionParams = z.object({ id: documentId, provision: provisionId });

const at = queryDate().meta({ description: 'A calendar date `YYYY-MM-DD`.' });
const textOffset = queryInt(0, Number.MAX_SAFE_INTEGER, 0).meta({
  description:
    'Where the text page starts, in UTF-16 code units (JavaScript string indices). An offset inside a surrogate pair starts at the pair; `text_page.offset` says where the page starts.',
});
const textLimit = queryInt(1, MAX_TEXT_LIMIT, DEFAULT_TEXT_LIMIT).meta({
  description:
    'Most code units in the page. A page never ends inside a surrogate pair: it ends one unit early (one late when it would otherwise be empty), so every page is well-formed text and the pages, followed by `text_page.next_offset`, concatenate to the exact text.',
});
const cursor = (description: string) => queryString(MAX_CURSOR).meta({ description });

/** Which texts a read shows (#36): the default, the source's only, or the engine's rebuild. */
export const TEXT_SOURCE_CHOICES = ['best', 'source', 'rebuilt'] as const;
export type TextSourceChoice = (typeof TEXT_SOURCE_CHOICES)[number];
const textSource = queryEnum(TEXT_SOURCE_CHOICES, 'best').meta({
  description:
    "`best` (default): the source's texts, and where the source lacks amendments in force, the versions the consolidation engine rebuilt from them (`text_source: rebuilt`). `source`: only the source's own texts (rebuilt versions left out). `rebuilt`: the engine's rebuild of the version in view from the previous version's text and its amending act, even where the source holds its own text, to check the engine against the source.",
});

/** The document read's query, the same on /v1 and on the gateway's internal read. */
export const documentQuery = z.object({
  at,
  include: queryList(DOCUMENT_INCLUDES, []).meta({
    description: `Comma list of ${DOCUMENT_INCLUDES.map((i) => `\`${i}\``).join(', ')}. Default metadata only.`,
    examples: ['text,versions'],
  }),
  text_offset: textOffset,
  text_limit: textLimit,
  text_source: textSource,
});
export const documentData = z.object({ document: DocumentSchema });

const common = { method: 'get', scope: 'read', cacheable: true, errors: ['NotFound'] } as const;

export const getDocumentRoute = declareRoute({
  ...common,
  path: '/v1/legal/documents/{id}',
  operationId: 'getDocument',
  summary: 'A document, as it stood on a date',
  tags: ['documents'],
  operation: 'documents.get',
  params: documentParams,
  query: documentQuery,
  responses: { 200: { description: 'The document.', data: documentData } },
});

export const getEffectivityRoute = declareRoute({
  ...common,
  path: '/v1/legal/documents/{id}/effectivity',
  operationId: 'getEffectivity',
  summary: 'Whether a document is in force on a date, and why',
  tags: ['documents'],
  operation: 'documents.effectivity',
  params: documentParams,
  query: z.object({ at: queryDate().meta({ description: 'A calendar date `YYYY-MM-DD` (default: today, UTC).' }) }),
  responses: {
    200: {
      description: 'Effectivity of the document.',
      data: z.object({ document: DocumentRefSchema, effectivity: EffectivitySchema }),
    },
  },
});

export const getRelationsRoute = declareRoute({
  ...common,
  path: '/v1/legal/documents/{id}/relations',
  operationId: 'getRelations',
  summary: 'Relations of a document, from both ends',
  tags: ['documents'],
  operation: 'documents.relations',
  params: documentParams,
  query: z.object({
    direction: queryEnum(RELATION_DIRECTIONS, 'both'),
    types: queryList(RELATION_TYPES, RELATION_TYPES).meta({
      description: `Comma list of relation types (${RELATION_TYPES.join(', ')}). Default all.`,
    }),
    limit: queryInt(1, 200, 50),
    cursor: cursor('`next_cursor` of the previous page.'),
  }),
  responses: {
    200: {
      description: 'A page of relations.',
      data: z.object({
        document: DocumentRefSchema,
        direction: z.enum(RELATION_DIRECTIONS),
        types: z.array(RelationTypeSchema),
        relations: z.array(RelationSchema),
        next_cursor: z.string().nullable(),
        has_more: z.boolean().meta({ description: 'Whether another page follows (`next_cursor` is then not null).' }),
      }),
    },
  },
});

/** An integer of an answer (zod's own conversion would state the safe-integer bounds). */
const integer = () =>
  z
    .number()
    .int()
    .meta({ [OPENAPI_SCHEMA]: { type: 'integer' } });

/** A provision answer: the day's fields (`ProvisionDay`) and its own. */
const onProvisionDay = <T extends z.ZodRawShape>(shape: T) => z.intersection(ProvisionDaySchema, z.looseObject(shape));

export const listProvisionsRoute = declareRoute({
  ...common,
  path: '/v1/legal/documents/{id}/provisions',
  operationId: 'listProvisions',
  summary: 'The table of contents of a document on a day',
  tags: ['provisions'],
  operation: 'documents.provisions',
  params: documentParams,
  query: z.object({
    at,
    depth: queryInt(1, 20).meta({
      description: 'Only nodes this deep (1 = the top level; a § in a část is at depth 2). Default all.',
    }),
    limit: queryInt(1, MAX_TOC_LIMIT, DEFAULT_TOC_LIMIT),
    cursor: cursor('`next_cursor` of the previous page (same document, day and depth).'),
    text_source: textSource,
  }),
  responses: {
    200: {
      description: 'A page of the table of contents.',
      data: onProvisionDay({
        provisions: z.array(ProvisionEntrySchema),
        total: integer().meta({ description: 'Nodes in the list at this depth (all pages).' }),
        has_more: z.boolean(),
        next_cursor: z.string().nullable(),
        parse: ProvisionParseSchema.nullable(),
        links: ProvisionLinksSchema,
      }),
    },
  },
});

export const getProvisionRoute = declareRoute({
  ...common,
  path: '/v1/legal/documents/{id}/provisions/{provision}',
  operationId: 'getProvision',
  summary: 'One provision on a day, with its text',
  tags: ['provisions'],
  operation: 'documents.provision',
  params: provisionParams,
  query: z.object({ at, text_offset: textOffset, text_limit: textLimit, text_source: textSource }),
  responses: {
    200: {
      description: 'The provision.',
      data: onProvisionDay({
        provision: ProvisionSchema.nullable(),
        text_status: TextStatusSchema,
        outstanding_effects: z.array(AmendmentEffectSchema).meta({
          description:
            'The instruction points in force on the day asked that change this provision (or a unit around or inside it) and that the text shown lacks (docs/amendments.md).',
        }),
        unlocated_effects: integer().meta({
          description:
            "Outstanding instruction points of this document's amending acts whose targets could not be read: they may change this provision too.",
        }),
        links: ProvisionLinksSchema,
      }),
    },
  },
});

export const getProvisionHistoryRoute = declareRoute({
  ...common,
  path: '/v1/legal/documents/{id}/provisions/{provision}/history',
  operationId: 'getProvisionHistory',
  summary: 'Every version that added, changed, repealed or removed a provision',
  tags: ['provisions'],
  operation: 'documents.provision_history',
  params: provisionParams,
  query: z.object({}),
  responses: {
    200: {
      description: "The provision's history.",
      data: z.object({
        document: DocumentRefSchema,
        provision: z.looseObject({
          id: z.string(),
          kind: z.string().nullable(),
          label: z.string().nullable(),
          heading: z.string().nullable(),
        }),
        history: z.array(ProvisionHistoryEntrySchema),
        versions_without_text: z.array(integer()),
        links: ProvisionLinksSchema,
      }),
    },
  },
});

export const diffDocumentRoute = declareRoute({
  ...common,
  path: '/v1/legal/documents/{id}/diff',
  operationId: 'diffDocument',
  summary: 'What changed between the versions in force on two days',
  tags: ['provisions'],
  operation: 'documents.diff',
  params: documentParams,
  query: z.object({
    from: requiredQueryDate().meta({ description: 'A day `YYYY-MM-DD`; the version in force then is the old side.' }),
    to: requiredQueryDate().meta({ description: 'A day `YYYY-MM-DD`; the version in force then is the new side.' }),
    provision: queryString(MAX_PROVISION_ID).meta({ description: 'Only this provision (any depth, e.g. `par_52/odst_1`).' }),
    format: queryEnum(['json', 'unified'], 'json').meta({
      description: '`unified` answers `text/plain`: a unified diff per provision.',
    }),
    limit: queryInt(1, MAX_DIFF_LIMIT, DEFAULT_DIFF_LIMIT).meta({ description: 'Changed provisions (with their word runs) per page.' }),
    cursor: cursor('`next_cursor` of the previous page.'),
  }),
  responses: {
    200: {
      description: 'The difference.',
      data: ProvisionDiffSchema,
      text: { description: 'With `format=unified`: a unified diff per provision (no `ETag`).' },
    },
  },
});

export const DEFAULT_AMENDMENTS_LIMIT = 20;
export const MAX_AMENDMENTS_LIMIT = 100;

export const listAmendmentsRoute = declareRoute({
  ...common,
  path: '/v1/legal/documents/{id}/amendments',
  operationId: 'listAmendments',
  summary: 'Every act known to amend a document, with its effects and whether the source applied them',
  tags: ['amendments'],
  operation: 'documents.amendments',
  params: documentParams,
  query: z.object({
    at: queryDate().meta({ description: 'The day the statuses are of (default: today, UTC): an act taking effect later is `scheduled`.' }),
    status: queryList(AMENDMENT_STATUSES, []).meta({
      description: 'Comma list: only amendments with these statuses. Default all.',
    }),
    limit: queryInt(1, MAX_AMENDMENTS_LIMIT, DEFAULT_AMENDMENTS_LIMIT).meta({ description: 'Amending acts per page.' }),
    cursor: cursor('`next_cursor` of the previous page (same document, day and statuses).'),
  }),
  responses: {
    200: {
      description: 'A page of the amending acts, oldest effect first.',
      data: z.object({
        document: DocumentRefSchema,
        as_of: z.iso.date(),
        source_text_as_of: z.iso.date().nullable().meta({
          description: "The day the source's newest text of the document represents, which the statuses compare with (null: no text).",
        }),
        amendments: z.array(AmendmentSchema),
        total: integer().meta({ description: 'Amending acts matching the statuses (all pages).' }),
        has_more: z.boolean(),
        next_cursor: z.string().nullable(),
        links: z.object({ document: z.string(), amendments: z.string() }),
      }),
    },
  },
});

/** The document routes, by the sub-resource that follows the reference in the path. */
export const DOCUMENT_ROUTES = {
  document: getDocumentRoute,
  effectivity: getEffectivityRoute,
  relations: getRelationsRoute,
  provisions: listProvisionsRoute,
  provision: getProvisionRoute,
  provision_history: getProvisionHistoryRoute,
  diff: diffDocumentRoute,
  amendments: listAmendmentsRoute,
} as const;
