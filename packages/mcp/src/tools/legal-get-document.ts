import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { DOC_TYPES, EFF_STATUSES, type DocumentInclude } from '@dp/core/vocab';
import { z } from 'zod';
import type { Upstream } from '../upstream';
import { nextTextHint, renderDocument } from '../render/document';
import { at, CITATION_GUIDANCE, documentId, failure, MAX_TEXT_CHARS, READ_ONLY, success } from './shared';
import { getDocumentRoute } from '@dp/core/contract/v1/documents';
import { costOf, operationOf } from './contract';

export const LEGAL_GET_DOCUMENT = 'legal_get_document';
const TITLE = 'Get a legal document';

/** Every include but the whole list of section headings, which legal_table_of_contents pages instead. */
const MCP_DOCUMENT_INCLUDES = ['text', 'versions', 'relations', 'effectivity'] as const satisfies readonly DocumentInclude[];

const description = [
  `Read one legal document (GET /v1/legal/documents/{id}); ${costOf(operationOf(getDocumentRoute))}.`,
  'Use it after legal_search (or with a known natural key such as "sb/2012/89") to read metadata, the text, versions, relations or effectivity of a document.',
  '`at` (YYYY-MM-DD) shows the document as it stood that day: the version with valid_from <= at < valid_to. A date before the first version is an error "not yet published".',
  `\`include\` is a list of: ${MCP_DOCUMENT_INCLUDES.join(', ')}; the default is metadata only. Ask for "text" only when you need the wording of a whole act; for one provision use legal_get_provision, and for the structure legal_table_of_contents (paged; this tool no longer dumps every section heading).`,
  `Text is returned in pages of at most ${MAX_TEXT_CHARS} characters: \`text_offset\` (default 0) and \`text_limit\` (1–${MAX_TEXT_CHARS}) map to the API's own paging parameters; when the text is cut, the result says exactly which text_offset to pass next. Use legal_table_of_contents first to find the part you need.`,
  `doc_type values: ${DOC_TYPES.join(', ')}. status (eff_status) values: ${EFF_STATUSES.join(', ')}.`,
  CITATION_GUIDANCE,
].join('\n');

const version = z.looseObject({ version: z.number(), valid_from: z.string(), valid_to: z.string().nullable() });

export const documentOutput = {
  document: z.looseObject({
    id: z.string(),
    natural_key: z.string(),
    doc_number: z.string(),
    title: z.string(),
    doc_type: z.string(),
    status: z.string(),
    as_of: z.string(),
    version: version.nullable(),
    links: z.looseObject({ self: z.string(), effectivity: z.string(), relations: z.string() }),
    text: z.string().nullable().optional(),
    text_page: z
      .looseObject({
        offset: z.number(),
        limit: z.number(),
        returned_chars: z.number(),
        total_chars: z.number(),
        next_offset: z.number().nullable(),
      })
      .optional(),
  }),
  next_text_offset: z.number().nullable().describe('Pass as text_offset to read on; null when the text is complete or not requested.'),
  request_id: z.string().nullable(),
};

export function registerLegalGetDocument(server: McpServer, client: Upstream): void {
  server.registerTool(
    LEGAL_GET_DOCUMENT,
    {
      title: TITLE,
      description,
      inputSchema: {
        id: documentId,
        at: at.optional(),
        include: z
          .array(z.enum(MCP_DOCUMENT_INCLUDES))
          .max(MCP_DOCUMENT_INCLUDES.length)
          .optional()
          .describe(`Parts to add: ${MCP_DOCUMENT_INCLUDES.join(', ')}.`),
        text_offset: z.number().int().min(0).optional().describe('Character offset of the text page (API parameter text_offset).'),
        text_limit: z
          .number()
          .int()
          .min(1)
          .max(MAX_TEXT_CHARS)
          .optional()
          .describe(`Characters of text to return, at most ${MAX_TEXT_CHARS} (API parameter text_limit).`),
      },
      outputSchema: documentOutput,
      annotations: { ...READ_ONLY, title: TITLE },
    },
    async (args, extra) => {
      const include = args.include ? [...new Set(args.include)] : undefined;
      const wantsText = include?.includes('text') ?? false;
      const res = await client.call(extra.signal, (sdk, init) =>
        sdk.GET('/v1/legal/documents/{id}', {
          params: {
            path: { id: args.id },
            query: {
              at: args.at,
              include: include?.length ? include.join(',') : undefined,
              // The cap is enforced here, not left to the API default (100,000 characters).
              text_offset: wantsText ? args.text_offset : undefined,
              text_limit: wantsText ? Math.min(args.text_limit ?? MAX_TEXT_CHARS, MAX_TEXT_CHARS) : undefined,
            },
          },
          ...init,
        }),
      );
      if (!res.ok) return failure(res.failure);
      const doc = res.data.document;
      const hint = nextTextHint(doc, { id: args.id, at: args.at, include });
      return success(
        { document: doc, next_text_offset: doc.text_page?.next_offset ?? null, request_id: res.requestId },
        renderDocument(doc, res.requestId, hint),
      );
    },
  );
}
