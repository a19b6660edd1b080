import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { parseIsoDate } from '@dp/core/dates';
import { CHANGE_KINDS, DOC_TYPES, EFF_STATUSES } from '@dp/core/vocab';
import { z } from 'zod';
import type { ApiFailure } from '../errors';

/**
 * Pieces every tool shares: argument schemas that reject bad input before a (metered) request is
 * made, the annotations, and the two result shapes.
 */

/** Every tool only reads; repeating a call changes nothing but the usage counter. */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: true };

/** Documents' text per call; the rest is paged with text_offset (keeps a host's context small). */
export const MAX_TEXT_CHARS = 20_000;

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((v) => parseIsoDate(v) !== null, 'must be a real calendar date (years 0001 to 9999)');

export const documentId = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .describe(
    'Document id (e.g. "SB-2012-89") or natural key (e.g. "sb/2012/89"), as returned by legal_search; its ELI ("/eli/cz/sb/2012/89") or doc number ("89/2012 Sb.") work too.',
  );

export const at = isoDate.describe('Date YYYY-MM-DD: show the document as it stood that day. Omit for today.');

const docTypeFilter = z
  .array(z.enum(DOC_TYPES))
  .min(1)
  .optional()
  .describe(`Document types: ${DOC_TYPES.join(', ')}.`);
const effStatusFilter = z
  .array(z.enum(EFF_STATUSES))
  .min(1)
  .optional()
  .describe(`Effectivity statuses: ${EFF_STATUSES.join(', ')}.`);

/** Filters of legal_search: the keys GET /v1/legal/search accepts (unknown keys would be a 400). */
export const searchFilters = z
  .strictObject({
    doc_type: docTypeFilter,
    eff_status: effStatusFilter,
    published_from: isoDate.optional().describe('Published on or after this date, YYYY-MM-DD.'),
    published_to: isoDate.optional().describe('Published on or before this date, YYYY-MM-DD.'),
    is_amending_act: z.boolean().optional().describe('true: only amending acts (novely); false: leave them out.'),
  })
  .refine((f) => !f.published_from || !f.published_to || f.published_from <= f.published_to, {
    message: 'published_from must not be after published_to',
    path: ['published_from'],
  })
  .describe(
    'JSON object narrowing the results, e.g. {"doc_type":["act"],"eff_status":["in_force"],"published_from":"2000-01-01","published_to":"2010-12-31"}.',
  );

/** Filters of legal_changes: the feed filters on the document and on the change kind. */
export const changeFilters = z
  .strictObject({
    doc_type: docTypeFilter,
    eff_status: effStatusFilter,
    kinds: z
      .array(z.enum(CHANGE_KINDS))
      .min(1)
      .optional()
      .describe(`Change kinds: ${CHANGE_KINDS.join(', ')}.`),
  })
  .describe('JSON object narrowing the feed, e.g. {"doc_type":["act"],"kinds":["document.version_added"]}.');

type Filters = z.infer<typeof searchFilters> | z.infer<typeof changeFilters>;

/** The API takes filters as one JSON value in the query string; an empty object is left out. */
export function encodeFilters(f: Filters | undefined): string | undefined {
  if (!f || Object.keys(f).length === 0) return undefined;
  return JSON.stringify(f);
}

export function success(structured: Record<string, unknown>, text: string): CallToolResult {
  return { structuredContent: structured, content: [{ type: 'text', text }] };
}

/**
 * isError results carry no structuredContent: clients validate it against the tool's
 * outputSchema. The facts a program may want are appended to the text as one JSON line.
 */
export function failure(f: ApiFailure): CallToolResult {
  const facts = Object.fromEntries(
    Object.entries({
      kind: f.kind,
      status: f.status,
      code: f.code,
      request_id: f.requestId ?? undefined,
      retry_after_seconds: f.retryAfterSeconds,
      resets_at: f.resetsAt,
      invalid: f.fields,
    }).filter(([, v]) => v !== undefined),
  );
  return { isError: true, content: [{ type: 'text', text: `${f.message}\n\nerror: ${JSON.stringify(facts)}` }] };
}

/** Citation guidance shared by the descriptions, so every tool says it the same way. */
export const CITATION_GUIDANCE =
  'Cite documents by doc_number and natural key (e.g. "89/2012 Sb. (sb/2012/89)"), state the version date ' +
  '(valid_from) when an `at` date was used, and give the document link (links.self).';
