import { declareRoute, type RouteContract } from './route';
import { documentData, documentParams, documentQuery } from './v1/documents';

/*
 * Service-to-service routes (`/internal`): not in the public /v1 document, authenticated with a
 * short-lived token signed with INTERNAL_API_SECRET, never metered or scoped (their `scope` and
 * `operation` name the /v1 read they stand for). Their input is parsed as a /v1 route's is.
 */

/** GET /internal/legal/documents/{id}: the document read the x402 gateway sells (the /v1 read's input and answer). */
export const internalGetDocumentRoute = declareRoute({
  method: 'get',
  path: '/internal/legal/documents/{id}',
  operationId: 'internalGetDocument',
  summary: 'A document, as it stood on a date (for the x402 gateway)',
  tags: ['internal'],
  scope: 'read',
  operation: 'documents.get',
  params: documentParams,
  query: documentQuery,
  responses: { 200: { description: 'The document.', data: documentData } },
  errors: ['NotFound'],
});

/** The internal routes declared in code (never in the served OpenAPI document). */
export const INTERNAL_ROUTES: readonly RouteContract[] = [internalGetDocumentRoute];
