import { getOpenApiRoute, servedOpenApiDocument } from '@dp/core';
import type { ApiContext } from '../context';
import { defineRoute } from './define-route';

/**
 * GET /v1/openapi.json (declared in core: `getOpenApiRoute`, open: no key): the OpenAPI document
 * (docs/openapi.yaml plus its fragments and the declared routes) as JSON, `servers` from PUBLIC_BASE_URL.
 */
export function openApiRoutes(ctx: Pick<ApiContext, 'config'>) {
  let doc: ReturnType<typeof servedOpenApiDocument> | undefined;
  return [
    defineRoute(getOpenApiRoute, (_input) => {
      doc ??= servedOpenApiDocument(ctx.config.PUBLIC_BASE_URL);
      return { status: 200, body: doc };
    }),
  ];
}
