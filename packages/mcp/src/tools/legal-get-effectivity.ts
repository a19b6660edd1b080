import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { EFF_STATUSES } from '@dp/core/vocab';
import { z } from 'zod';
import type { Upstream } from '../upstream';
import { renderEffectivity } from '../render/effectivity';
import { at, CITATION_GUIDANCE, documentId, failure, READ_ONLY, success } from './shared';
import { getEffectivityRoute } from '@dp/core/contract/v1/documents';
import { costOf, operationOf } from './contract';

export const LEGAL_GET_EFFECTIVITY = 'legal_get_effectivity';
const TITLE = 'Get the effectivity of a legal document';

const description = [
  `Whether a document is in force on a date, and why (GET /v1/legal/documents/{id}/effectivity); ${costOf(operationOf(getEffectivityRoute))}.`,
  'Use it to answer "is this law valid (on date X)?": it returns the status, effective_from / effective_to (stated or inferred), the documents that repealed it, the version in force and the next scheduled change.',
  '`at` is a date YYYY-MM-DD (default: today, UTC).',
  `status (eff_status) values: ${EFF_STATUSES.join(', ')}.`,
  CITATION_GUIDANCE,
].join('\n');

export function registerLegalGetEffectivity(server: McpServer, client: Upstream): void {
  server.registerTool(
    LEGAL_GET_EFFECTIVITY,
    {
      title: TITLE,
      description,
      inputSchema: { id: documentId, at: at.optional() },
      outputSchema: {
        document: z.looseObject({ id: z.string(), natural_key: z.string(), doc_number: z.string() }),
        effectivity: z.looseObject({
          at: z.string(),
          status: z.string(),
          effective_from: z.string().nullable(),
          effective_to: z.string().nullable(),
          repealed_by: z.array(z.looseObject({ natural_key: z.string() })),
          version_in_force: z.looseObject({ version: z.number(), valid_from: z.string() }).nullable(),
          next_change: z.looseObject({ date: z.string(), kind: z.string() }).nullable(),
        }),
        request_id: z.string().nullable(),
      },
      annotations: { ...READ_ONLY, title: TITLE },
    },
    async (args, extra) => {
      const res = await client.call(extra.signal, (sdk, init) =>
        sdk.GET('/v1/legal/documents/{id}/effectivity', { params: { path: { id: args.id }, query: { at: args.at } }, ...init }),
      );
      if (!res.ok) return failure(res.failure);
      const { document, effectivity } = res.data;
      return success({ document, effectivity, request_id: res.requestId }, renderEffectivity(document, effectivity, res.requestId));
    },
  );
}
