import type { Router } from 'express';
import type { ApiContext } from '../context';
import { changesRouter } from './changes';
import { citationsRouter } from './citations';
import { searchRouter } from './search';
import { webhooksRouter } from './webhooks';

/**
 * Further /v1 route modules (search, changes, webhooks, citations) register here, so app.ts stays the
 * same as areas are added.
 */
export function v1Routers(ctx: ApiContext): Router[] {
  return [searchRouter(ctx), changesRouter(ctx), webhooksRouter(ctx), citationsRouter(ctx)];
}
