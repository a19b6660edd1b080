import type { Router } from 'express';
import type { ApiContext } from '../context';

/**
 * Further /v1 route modules (search, changes, webhooks) register here, so app.ts stays the
 * same as areas are added.
 */
export function v1Routers(_ctx: ApiContext): Router[] {
  return [];
}
