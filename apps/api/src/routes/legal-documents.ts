import { Router, type RequestHandler } from 'express';
import { methodNotAllowed, sendSuccess, type Operation } from '@dp/core';
import type { ApiContext } from '../context';
import { createDocumentHandlers, documentSegments, splitDocumentPath } from '../legal/document-handlers';
import { withPrincipal } from '../metering/with-principal';

const OPERATION: Record<string, Operation> = {
  document: 'documents.get',
  effectivity: 'documents.effectivity',
  relations: 'documents.relations',
};

/** Where the document reads are: {id} is an id or a natural key (with its slashes). */
export const DOCUMENT_PATH = '/legal/documents/*ref';

/** GET /v1/legal/documents/{id}[/effectivity|/relations]. */
export function readDocument(ctx: ApiContext): RequestHandler {
  const handlers = createDocumentHandlers(ctx.db, ctx.documents, ctx.config);
  return withPrincipal(
    ctx,
    'read',
    (req) => OPERATION[splitDocumentPath(documentSegments(req)).sub],
    async (req, res) => {
      const { ref, sub } = splitDocumentPath(documentSegments(req));
      sendSuccess(res, await handlers[sub](req, ref));
    },
  );
}

/** The document paths' other methods (the GET is routed by app.ts, see there). */
export function legalDocumentsRouter(): Router {
  const router = Router();
  router.all(DOCUMENT_PATH, methodNotAllowed(['GET']));
  return router;
}
