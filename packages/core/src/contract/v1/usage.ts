import { z } from 'zod';
import { PLANS } from '../../plans';
import { declareRoute } from '../route';

export const UsageSchema = z.object({
  organization: z.object({ id: z.string(), name: z.string() }),
  plan: z.object({ name: z.enum(PLANS), requests_per_minute: z.int(), monthly_units: z.int() }),
  period: z.object({ start: z.string().meta({ format: 'date-time' }), end: z.string().meta({ format: 'date-time' }) }),
  units: z.object({ used: z.int(), remaining: z.int(), limit: z.int() }),
  requests: z.int(),
  by_operation: z.array(z.object({ operation: z.string(), requests: z.int(), units: z.int() })),
  by_day: z.array(
    z.object({
      day: z.string().meta({ format: 'date' }),
      requests: z.int(),
      units: z.int(),
      operations: z.record(z.string(), z.unknown()),
    }),
  ),
});

/** GET /v1/usage: the organization's usage this month. */
export const getUsageRoute = declareRoute({
  method: 'get',
  path: '/v1/usage',
  operationId: 'getUsage',
  summary: 'Usage of the organization in the current period',
  tags: ['account'],
  scope: 'manage',
  operation: 'usage.get',
  responses: { 200: { description: 'Usage.', data: UsageSchema } },
  // Every route's input is checked for undeclared query parameters: a 400 is possible here too.
  errors: ['InvalidRequest'],
});
