import { Router } from 'express';
import { servedOpenApiDocument } from '@dp/core';
import type { ApiContext } from '../context';

/** Serves the OpenAPI document (docs/openapi.yaml plus its fragments) as JSON, `servers` from PUBLIC_BASE_URL; no key needed. */
export function openApiRouter(ctx: Pick<ApiContext, 'config' | 'pipeline'>): Router {
  const router = Router();
  let doc: unknown;
  router.get(
    '/openapi.json',
    ctx.pipeline.open((_req, res) => {
      doc ??= servedOpenApiDocument(ctx.config.PUBLIC_BASE_URL);
      res.json(doc);
    }),
  );
  return router;
}
