import { Router } from 'express';
import { loadOpenApiDocument } from '@dp/core';

/** Serves the OpenAPI document (docs/openapi.yaml plus its fragments) as JSON. */
export function openApiRouter(): Router {
  const router = Router();
  let doc: unknown;
  router.get('/openapi.json', (req, res) => {
    if (req.rateLimitError) throw req.rateLimitError;
    doc ??= loadOpenApiDocument();
    res.json(doc);
  });
  return router;
}
