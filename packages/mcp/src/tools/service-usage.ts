import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Upstream } from '../upstream';
import { renderUsage } from '../render/usage';
import { failure, READ_ONLY, success } from './shared';
import { getUsageRoute } from '@dp/core/contract/v1/usage';
import { costOf, operationOf } from './contract';

export const SERVICE_USAGE = 'service_usage';
const TITLE = 'Usage of the API key’s organization';

const description = [
  `The organization's usage in the current period (GET /v1/usage); ${costOf(operationOf(getUsageRoute))} but needs a key with the manage scope.`,
  'Use it when the user asks how many units or requests are used or left, or after a quota_exceeded error.',
  'Unit costs: legal_search 1 (mode fulltext) or 2 (mode hybrid); legal_get_document, legal_get_effectivity, legal_get_relations, legal_changes 1 each; service_usage 0; failed calls 0.',
].join('\n');

export function registerServiceUsage(server: McpServer, client: Upstream): void {
  server.registerTool(
    SERVICE_USAGE,
    {
      title: TITLE,
      description,
      inputSchema: {},
      outputSchema: {
        organization: z.looseObject({ id: z.string(), name: z.string() }),
        plan: z.looseObject({ name: z.string(), requests_per_minute: z.number(), monthly_units: z.number() }),
        period: z.looseObject({ start: z.string(), end: z.string() }),
        units: z.looseObject({ used: z.number(), remaining: z.number(), limit: z.number() }),
        requests: z.number(),
        by_operation: z.array(z.looseObject({ operation: z.string(), requests: z.number(), units: z.number() })),
        by_day: z.array(z.looseObject({ day: z.string(), requests: z.number(), units: z.number() })),
        request_id: z.string().nullable(),
      },
      annotations: { ...READ_ONLY, title: TITLE },
    },
    async (_args, extra) => {
      const res = await client.call(extra.signal, (sdk, init) => sdk.GET('/v1/usage', { ...init }));
      if (!res.ok) return failure(res.failure);
      return success({ ...res.data, request_id: res.requestId }, renderUsage(res.data, res.requestId));
    },
  );
}
