import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Upstream } from '../upstream';
import { renderDiff, renderProvision, renderProvisionHistory, renderToc } from '../render/provisions';
import { at, documentId, failure, isoDate, MAX_TEXT_CHARS, READ_ONLY, success } from './shared';
import {
  diffDocumentRoute,
  getProvisionHistoryRoute,
  getProvisionRoute,
  listProvisionsRoute,
  MAX_PROVISION_ID,
} from '@dp/core/contract/v1/documents';
import { TextStatusSchema } from '@dp/core/contract/v1/document-schemas';
import { TEXT_SOURCES } from '@dp/core/vocab';
import { boundedInt, costOf, cursorArg, operationOf, pageSize } from './contract';

export const LEGAL_TABLE_OF_CONTENTS = 'legal_table_of_contents';
export const LEGAL_GET_PROVISION = 'legal_get_provision';
export const LEGAL_PROVISION_HISTORY = 'legal_provision_history';
export const LEGAL_COMPARE_VERSIONS = 'legal_compare_versions';

/** Table-of-contents entries per call: a page a host's context holds comfortably. */
const TOC_PAGE = pageSize(listProvisionsRoute, 'limit', 100);
/** Changed provisions (with their word runs) per call, for the same reason. */
const DIFF_PAGE = pageSize(diffDocumentRoute, 'limit', 50);

/** How to cite what these tools return; e-Sbírka's links need no key, so they can go to a user. */
export const PROVISION_CITATION_GUIDANCE =
  'Cite a provision with its label, the act and the day of the wording, e.g. "§ 52 písm. g) zákona č. 262/2006 Sb., ve znění účinném ke dni 1. 6. 2015" ' +
  '(the result gives this line as "Cite as"); give the e-Sbírka link (links.e_sbirka) to a person: it opens without a key. ' +
  "If the result says the source holds no text for that day (text_available false), say so and give the e-Sbírka link; never quote another day's wording instead.";

export const provisionId = z
  .string()
  .trim()
  .min(1)
  .max(MAX_PROVISION_ID)
  .regex(/^[a-z0-9_.~/-]+$/i, 'must be a provision id such as par_52, par_52/odst_1/pism_g, cl_1 or priloha_1')
  .describe(
    'Provision id: "par_52" (§ 52), "par_55/odst_1" (§ 55 odst. 1), "par_52/pism_g" (§ 52 písm. g)), "par_55/odst_1/pism_a", "cl_1" (čl. 1), "priloha_1" (příloha č. 1), "cast_1/hlava_2"; ids come from legal_table_of_contents.',
  );

const brief = z.looseObject({ id: z.string(), kind: z.string(), label: z.string(), heading: z.string().nullable() });
const day = {
  document: z.looseObject({ id: z.string(), natural_key: z.string(), doc_number: z.string() }),
  as_of: z.string(),
  version: z.looseObject({ version: z.number(), valid_from: z.string() }).nullable(),
  text_available: z.boolean(),
  text_unavailable: z.looseObject({ reason: z.string(), message: z.string(), source_url: z.string().nullable() }).nullable(),
};

export function registerLegalProvisions(server: McpServer, client: Upstream): void {
  server.registerTool(
    LEGAL_TABLE_OF_CONTENTS,
    {
      title: 'Table of contents of a legal document',
      description: [
        'The structure of a document on a day: its parts, §§ / články with their odstavce, písmena and body, with ids (GET /v1/legal/documents/{id}/provisions); ' +
          `${costOf(operationOf(listProvisionsRoute))}.`,
        `Use it to find the provision to read with legal_get_provision. \`depth\` limits the nesting (1: parts and top-level §§; 2 adds odstavce; …); ${TOC_PAGE} entries per call, follow \`cursor\`.`,
        '`at` (YYYY-MM-DD) is the day; default today.',
        PROVISION_CITATION_GUIDANCE,
      ].join('\n'),
      inputSchema: {
        id: documentId,
        at: at.optional(),
        depth: boundedInt(listProvisionsRoute, 'depth', 'Deepest level to list (default: all)'),
        cursor: cursorArg(listProvisionsRoute).optional().describe('next_cursor of the previous call.'),
      },
      outputSchema: {
        ...day,
        provisions: z.array(z.looseObject({ id: z.string(), label: z.string(), depth: z.number() })),
        total: z.number(),
        has_more: z.boolean(),
        next_cursor: z.string().nullable(),
        parse: z.looseObject({ unparsed_count: z.number() }).nullable(),
        links: z.looseObject({ e_sbirka: z.string().nullable().optional() }),
        request_id: z.string().nullable(),
      },
      annotations: { ...READ_ONLY, title: 'Table of contents of a legal document' },
    },
    async (args, extra) => {
      const res = await client.call(extra.signal, (sdk, init) =>
        sdk.GET('/v1/legal/documents/{id}/provisions', {
          params: { path: { id: args.id }, query: { at: args.at, depth: args.depth, cursor: args.cursor, limit: TOC_PAGE } },
          ...init,
        }),
      );
      if (!res.ok) return failure(res.failure);
      return success({ ...res.data, request_id: res.requestId }, renderToc(res.data, res.requestId));
    },
  );

  server.registerTool(
    LEGAL_GET_PROVISION,
    {
      title: 'Get one provision of a legal document',
      description: [
        'One provision (§, odstavec, písmeno, čl., příloha, část …) as it stood on a day, with its text, containers and neighbours (GET /v1/legal/documents/{id}/provisions/{provision}); ' +
          `${costOf(operationOf(getProvisionRoute))}.`,
        'Use it instead of reading a whole act: e.g. id "sb/2006/262", provision "par_52/pism_g" for § 52 písm. g) zákoníku práce. An unknown provision is an error naming the nearest existing ones.',
        'text_status says whether the wording is the law of that day: "current" (no known amendment in force changed it since), "amended_not_in_source" (an amendment in force changed it and the collection lacks the new wording: text is null, the old wording is in source_text, outstanding_effects says what changed; quote it as outdated and point to the e-Sbírka link), "not_in_source" (the collection lacks the provision, which an amendment in force makes). provision.text_source "rebuilt": wording rebuilt from the amending acts by the consolidation engine, not an official consolidation.',
        `Text comes in pages of at most ${MAX_TEXT_CHARS} characters (text_offset).`,
        PROVISION_CITATION_GUIDANCE,
      ].join('\n'),
      inputSchema: {
        id: documentId,
        provision: provisionId,
        at: at.optional(),
        text_offset: z.number().int().min(0).optional().describe('Character offset within the provision text.'),
      },
      outputSchema: {
        ...day,
        provision: z
          .looseObject({
            id: z.string(),
            label: z.string(),
            text: z
              .string()
              .nullable()
              .describe("Null when text_status is amended_not_in_source: the source's older wording is in source_text."),
            source_text: z.looseObject({ as_of: z.string(), text: z.string() }).nullable(),
            text_source: z.enum(TEXT_SOURCES),
            containers: z.array(brief),
            prev: brief.nullable(),
            next: brief.nullable(),
          })
          .nullable(),
        text_status: z.enum(TextStatusSchema.options),
        outstanding_effects: z.array(z.looseObject({ point: z.string().nullable(), effective_from: z.string().nullable() })),
        unlocated_effects: z.number(),
        links: z.looseObject({ e_sbirka: z.string().nullable().optional() }),
        request_id: z.string().nullable(),
      },
      annotations: { ...READ_ONLY, title: 'Get one provision of a legal document' },
    },
    async (args, extra) => {
      const res = await client.call(extra.signal, (sdk, init) =>
        sdk.GET('/v1/legal/documents/{id}/provisions/{provision}', {
          params: {
            path: { id: args.id, provision: args.provision },
            query: { at: args.at, text_offset: args.text_offset, text_limit: MAX_TEXT_CHARS },
          },
          ...init,
        }),
      );
      if (!res.ok) return failure(res.failure);
      return success({ ...res.data, request_id: res.requestId }, renderProvision(res.data, res.requestId));
    },
  );

  server.registerTool(
    LEGAL_PROVISION_HISTORY,
    {
      title: 'History of a provision',
      description: [
        'Every version of a document in which one provision was added, changed, repealed or removed, with dates and the amending act (GET /v1/legal/documents/{id}/provisions/{provision}/history); ' +
          `${costOf(operationOf(getProvisionHistoryRoute))}.`,
        'Use it to answer "when did § X change, and by which act?"; then legal_compare_versions shows what exactly changed.',
        PROVISION_CITATION_GUIDANCE,
      ].join('\n'),
      inputSchema: { id: documentId, provision: provisionId },
      outputSchema: {
        document: day.document,
        provision: z.looseObject({ id: z.string() }),
        history: z.array(z.looseObject({ version: z.number(), valid_from: z.string(), change: z.string() })),
        versions_without_text: z.array(z.number()),
        links: z.looseObject({}),
        request_id: z.string().nullable(),
      },
      annotations: { ...READ_ONLY, title: 'History of a provision' },
    },
    async (args, extra) => {
      const res = await client.call(extra.signal, (sdk, init) =>
        sdk.GET('/v1/legal/documents/{id}/provisions/{provision}/history', {
          params: { path: { id: args.id, provision: args.provision } },
          ...init,
        }),
      );
      if (!res.ok) return failure(res.failure);
      return success({ ...res.data, request_id: res.requestId }, renderProvisionHistory(res.data, res.requestId));
    },
  );

  server.registerTool(
    LEGAL_COMPARE_VERSIONS,
    {
      title: 'Compare a document on two days',
      description: [
        'What changed between the versions in force on two days: provisions added, removed, repealed and changed, each change as inserted and deleted words (GET /v1/legal/documents/{id}/diff); ' +
          `${costOf(operationOf(diffDocumentRoute))}.`,
        'Give `provision` to compare one provision (and what lies inside it) only. Follow `cursor` when has_more.',
        PROVISION_CITATION_GUIDANCE,
      ].join('\n'),
      inputSchema: {
        id: documentId,
        from: isoDate.describe('The earlier day, YYYY-MM-DD.'),
        to: isoDate.describe('The later day, YYYY-MM-DD.'),
        provision: provisionId.optional(),
        cursor: cursorArg(diffDocumentRoute).optional().describe('next_cursor of the previous call.'),
      },
      outputSchema: {
        document: day.document,
        from: z.looseObject({ day: z.string(), text_available: z.boolean() }),
        to: z.looseObject({ day: z.string(), text_available: z.boolean() }),
        provision: z.string().nullable(),
        summary: z.looseObject({ added: z.number(), removed: z.number(), changed: z.number() }).nullable(),
        added: z.array(brief),
        removed: z.array(brief),
        repealed: z.array(brief),
        changed: z.array(brief),
        has_more: z.boolean(),
        links: z.looseObject({}),
        next_cursor: z.string().nullable(),
        request_id: z.string().nullable(),
      },
      annotations: { ...READ_ONLY, title: 'Compare a document on two days' },
    },
    async (args, extra) => {
      const res = await client.call(extra.signal, (sdk, init) =>
        sdk.GET('/v1/legal/documents/{id}/diff', {
          params: {
            path: { id: args.id },
            query: { from: args.from, to: args.to, provision: args.provision, cursor: args.cursor, limit: DIFF_PAGE },
          },
          ...init,
        }),
      );
      if (!res.ok) return failure(res.failure);
      return success({ ...res.data, request_id: res.requestId }, renderDiff(res.data, res.requestId));
    },
  );
}
