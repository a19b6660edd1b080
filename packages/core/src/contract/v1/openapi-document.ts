import { z } from 'zod';
import { declareRoute } from '../route';

/** GET /v1/openapi.json: this document, open (no key, nothing metered). */
export const getOpenApiRoute = declareRoute({
  method: 'get',
  path: '/v1/openapi.json',
  operationId: 'getOpenApi',
  summary: 'This document',
  tags: ['account'],
  open: true,
  responses: {
    200: {
      description: 'The OpenAPI document.',
      body: z.looseObject({
        openapi: z.string(),
        servers: z.array(z.looseObject({ url: z.string() })).optional(),
        paths: z.record(z.string(), z.looseObject({})),
      }),
    },
  },
  // Every route's input is checked for undeclared query parameters: a 400 is possible here too.
  errors: ['InvalidRequest'],
});
