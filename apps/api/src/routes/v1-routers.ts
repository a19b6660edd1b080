import type { ApiContext } from '../context';
import { citationsRoutes } from './citations';
import { changesRoutes } from './changes';
import type { OpenRouteBinding, RouteBinding } from './define-route';
import { documentRoutes } from './legal-documents';
import { openApiRoutes } from './openapi';
import { searchRoutes } from './search';
import { usageRoutes } from './usage';
import { webhookRoutes } from './webhooks';

/** Every /v1 route declared in core's contract (packages/core/src/contract/v1), with its handler. */
export function declaredRoutes(ctx: ApiContext): (RouteBinding | OpenRouteBinding)[] {
  return [
    ...documentRoutes(ctx),
    ...openApiRoutes(ctx),
    ...usageRoutes(ctx),
    ...citationsRoutes(ctx),
    ...changesRoutes(ctx),
    ...webhookRoutes(ctx),
    ...searchRoutes(ctx),
  ];
}
