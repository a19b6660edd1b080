import { Router } from 'express';
import { methodNotAllowed, sendSuccess, type Operation } from '@dp/core';
import type { ApiContext } from '../context';
import { createDocumentHandlers, documentSegments, splitDocumentPath } from '../legal/document-handlers';
import { withPrincipal } from '../metering/with-principal';

const OPERATION: Record<string, Operation> = {
  document: 'documents.get',
  effectivity: 'documents.effectivity',
  relations: 'documents.relations',
};

/** GET /v1/legal/documents/{id}[/effectivity|/relations]; {id} = id or natural key. */
export function legalDocumentsRouter(ctx: ApiContext): Router {
  const router = Router();
  const handlers = createDocumentHandlers(ctx.db, ctx.documents, ctx.config);
  router
    .route('/legal/documents/*ref')
    .get(
      withPrincipal(
        ctx,
        'read',
        (req) => OPERATION[splitDocumentPath(documentSegments(req)).sub],
        async (req, res) => {
          const { ref, sub } = splitDocumentPath(documentSegments(req));
          sendSuccess(res, await handlers[sub](req, ref));
        },
      ),
    )
    .all(methodNotAllowed(['GET']));
  return router;
}
