import { Router } from 'express';
import { servedOpenApiDocument, type Config } from '@dp/core';

/** Serves the OpenAPI document (docs/openapi.yaml plus its fragments) as JSON, `servers` from PUBLIC_BASE_URL. */
export function openApiRouter(config: Config): Router {
  const router = Router();
  let doc: unknown;
  router.get('/openapi.json', (req, res) => {
    if (req.rateLimitError) throw req.rateLimitError;
    doc ??= servedOpenApiDocument(config.PUBLIC_BASE_URL);
    res.json(doc);
  });
  return router;
}
