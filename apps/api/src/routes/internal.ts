import { Router } from 'express';
import { ApiError, INTERNAL_TOKEN_HEADER, internalGetDocumentRoute, sendSuccess, verifyInternalToken } from '@dp/core';
import type { ApiContext } from '../context';
import { documentOf, documentRead, documentSegments, splitDocumentPath } from '../legal/document-handlers';

/**
 * Service-to-service endpoints (the x402 gateway reads documents here). Not under /v1, not routed
 * by the public proxy, authenticated with a short-lived token signed with INTERNAL_API_SECRET,
 * and never metered.
 */
export function internalRouter(ctx: ApiContext): Router {
  const router = Router();
  const read = documentRead(internalGetDocumentRoute, documentOf(ctx.db, ctx.documents, ctx.config));
  router.use(async (req, _res, next) => {
    const token = req.get(INTERNAL_TOKEN_HEADER);
    if (!token || !(await verifyInternalToken(ctx.config.INTERNAL_API_SECRET, token))) {
      return next(new ApiError('not_found', `No route for ${req.method} ${req.path}.`));
    }
    next();
  });
  router.get('/legal/documents/*ref', async (req, res) => {
    // {id} is the reference as the /v1 route reads it; what names a sub-resource of /v1 is no route here.
    const { ref, sub } = splitDocumentPath(documentSegments(req));
    if (sub !== 'document') throw new ApiError('not_found', `No route for ${req.method} ${req.path}.`);
    sendSuccess(res, await read.run({ ref }, req.query));
  });
  return router;
}
