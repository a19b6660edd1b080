import type { Router } from 'express';
import type { ApiContext } from '../context';
import { citationsRoutes } from './citations';
import { changesRoutes } from './changes';
import type { RouteBinding } from './define-route';
import { usageRoutes } from './usage';
import { searchRouter } from './search';
import { webhookRoutes } from './webhooks';

/** Every /v1 route declared in core's contract (packages/core/src/contract/v1), with its handler. */
export function declaredRoutes(ctx: ApiContext): RouteBinding[] {
  return [...usageRoutes(ctx), ...citationsRoutes(ctx), ...changesRoutes(ctx), ...webhookRoutes(ctx)];
}

/** The /v1 route modules not yet declared in core's contract (search), still described in YAML. */
export function v1Routers(ctx: ApiContext): Router[] {
  return [searchRouter(ctx)];
}
