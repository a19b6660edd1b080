import type { DeclaredRoute } from '../route';
import { listChangesRoute } from './changes';
import { checkCitationsRoute } from './citations';
import { DOCUMENT_ROUTES } from './documents';
import { getOpenApiRoute } from './openapi-document';
import { searchDocumentsRoute } from './search';
import { getUsageRoute } from './usage';
import { WEBHOOK_ROUTES } from './webhooks';

export * from './changes';
export * from './citations';
export * from './document-schemas';
export * from './documents';
export * from './provision-schemas';
export * from './shared';
export * from './openapi-document';
export * from './search';
export * from './usage';
export * from './webhooks';

/** Every /v1 route: their OpenAPI operations are generated from these declarations. */
export const V1_ROUTES: readonly DeclaredRoute[] = [
  ...Object.values(DOCUMENT_ROUTES),
  getUsageRoute,
  checkCitationsRoute,
  listChangesRoute,
  ...WEBHOOK_ROUTES,
  searchDocumentsRoute,
  getOpenApiRoute,
];
