import { Router } from 'express';
import {
  ApiError,
  INTERNAL_TOKEN_HEADER,
  internalGetDocumentRoute,
  parseRouteInput,
  pathMatcher,
  sendSuccess,
  spanningPrefix,
  verifyInternalToken,
  type ResponseData,
} from '@dp/core';
import type { ApiContext } from '../context';
import { wildcardSegments } from './define-route';
import { documentOf } from './legal-documents';

const MOUNT = '/internal';

/**
 * Service-to-service endpoints (the x402 gateway reads documents here). Not under /v1, not routed
 * by the public proxy, authenticated with a short-lived token signed with INTERNAL_API_SECRET,
 * and never metered.
 */
export function internalRouter(ctx: ApiContext): Router {
  const router = Router();
  const read = documentOf(ctx.db, ctx.documents, ctx.config.PUBLIC_BASE_URL);
  const prefix = spanningPrefix(internalGetDocumentRoute);
  if (!prefix?.startsWith(`${MOUNT}/`)) throw new Error(`${internalGetDocumentRoute.path}: its {id} must span segments under ${MOUNT}`);
  // {id} spans segments, as on /v1: the declaration's own template matches the path.
  const match = pathMatcher(prefix, [internalGetDocumentRoute]);
  router.use(async (req, _res, next) => {
    const token = req.get(INTERNAL_TOKEN_HEADER);
    if (!token || !(await verifyInternalToken(ctx.config.INTERNAL_API_SECRET, token))) {
      return next(new ApiError('not_found', `No route for ${req.method} ${req.path}.`));
    }
    next();
  });
  router.get(`${prefix.slice(MOUNT.length)}*ref`, async (req, res) => {
    const found = match(wildcardSegments(req));
    if (!found) throw new ApiError('not_found', `No route for ${req.method} ${req.path}.`);
    // Typed by this route's own declaration: the compiler holds the answer to what it declares.
    const data: ResponseData<typeof internalGetDocumentRoute> = await read(
      parseRouteInput(internalGetDocumentRoute, { params: found.params, query: req.query, body: undefined }),
    );
    sendSuccess(res, data);
  });
  return router;
}
