import type { RouteContract } from '../route';
import { listChangesRoute } from './changes';
import { checkCitationsRoute } from './citations';
import { DOCUMENT_ROUTES } from './documents';
import { getUsageRoute } from './usage';
import { WEBHOOK_ROUTES } from './webhooks';

export * from './changes';
export * from './citations';
export * from './documents';
export * from './usage';
export * from './webhooks';

/**
 * The /v1 routes declared in code (their OpenAPI operations are generated from these); the rest are
 * still written in docs/openapi*.yaml until they move.
 */
export const V1_ROUTES: readonly RouteContract[] = [
  ...Object.values(DOCUMENT_ROUTES),
  getUsageRoute,
  checkCitationsRoute,
  listChangesRoute,
  ...WEBHOOK_ROUTES,
];
