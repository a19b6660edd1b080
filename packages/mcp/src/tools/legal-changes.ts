import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { parseRfc3339 } from '@dp/core/dates';
import { CHANGE_KINDS, DOC_TYPES, EFF_STATUSES } from '@dp/core/vocab';
import { z } from 'zod';
import type { Upstream } from '../upstream';
import { renderChanges } from '../render/changes';
import { changeFilters, encodeFilters, failure, READ_ONLY, success } from './shared';
import { listChangesRoute } from '@dp/core/contract/v1/changes';
import { boundedInt, boundedString, costOf, operationOf } from './contract';

export const LEGAL_CHANGES = 'legal_changes';
const TITLE = 'Changes to legal documents';

/**
 * An opaque cursor cannot be checked here, but something that starts like a date must be a full
 * RFC 3339 timestamp the API takes (core's parser, the API's own): "2024-01-01" alone, or
 * "0000-01-01T00:00:00Z", would only cost a 400 from the API.
 */
const since = boundedString(listChangesRoute, 'since')
  .trim()
  .refine((v) => !/^\d{4}-\d{2}-\d{2}/.test(v) || parseRfc3339(v) !== null, {
    message: 'must be an RFC 3339 timestamp such as 2024-01-01T00:00:00Z (years 0001 to 9999), or a next_cursor from an earlier page',
  })
  .describe('RFC 3339 timestamp (e.g. "2024-01-01T00:00:00Z") or the next_cursor of an earlier legal_changes result.');

const description = [
  `Feed of changes to the corpus (GET /v1/legal/changes); ${costOf(operationOf(listChangesRoute), 'page')}.`,
  'Use it to answer "what changed since …" or to keep a local copy up to date.',
  `Change kinds: ${CHANGE_KINDS.join(', ')}. Each change names the document (id, natural_key, doc_number), the time \`at\`, and the version or relation concerned.`,
  '`since`: an RFC 3339 timestamp or the next_cursor of an earlier page; pages never skip or repeat an entry, so keep following next_cursor. `limit` maps to the API parameter.',
  `\`filters\`: JSON object with any of doc_type (list of: ${DOC_TYPES.join(', ')}), eff_status (list of: ${EFF_STATUSES.join(', ')}; the status after the change), kinds (list of: ${CHANGE_KINDS.join(', ')}).`,
  'Cite changed documents by doc_number and natural key; read them with legal_get_document.',
].join('\n');

export function registerLegalChanges(server: McpServer, client: Upstream): void {
  server.registerTool(
    LEGAL_CHANGES,
    {
      title: TITLE,
      description,
      inputSchema: {
        since,
        filters: changeFilters.optional(),
        limit: boundedInt(listChangesRoute, 'limit', 'Changes per page'),
      },
      outputSchema: {
        changes: z.array(
          z.looseObject({
            id: z.string(),
            kind: z.string(),
            document: z.looseObject({ id: z.string(), natural_key: z.string(), doc_number: z.string() }),
            at: z.string(),
          }),
        ),
        next_cursor: z.string().nullable(),
        has_more: z.boolean().describe('Whether another page can be read now (follow next_cursor).'),
        request_id: z.string().nullable(),
      },
      annotations: { ...READ_ONLY, title: TITLE },
    },
    async (args, extra) => {
      const res = await client.call(extra.signal, (sdk, init) =>
        sdk.GET('/v1/legal/changes', {
          params: { query: { since: args.since, filters: encodeFilters(args.filters), limit: args.limit } },
          ...init,
        }),
      );
      if (!res.ok) return failure(res.failure);
      const next = res.data.next_cursor ?? null;
      return success(
        {
          ...res.data,
          changes: res.data.changes,
          next_cursor: next,
          has_more: res.data.has_more ?? next !== null,
          request_id: res.requestId,
        },
        renderChanges(args.since, res.data.changes, next, res.requestId),
      );
    },
  );
}
