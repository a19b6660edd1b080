import { componentRef, declareRoute } from '../route';

/** GET /v1/usage: the organization's usage this month. */
export const getUsageRoute = declareRoute({
  method: 'get',
  path: '/v1/usage',
  operationId: 'getUsage',
  summary: 'Usage of the organization in the current period',
  tags: ['account'],
  scope: 'manage',
  operation: 'usage.get',
  responses: { 200: { description: 'Usage.', data: componentRef('Usage') } },
  // Every route's input is checked for undeclared query parameters: a 400 is possible here too.
  errors: ['InvalidRequest'],
});
