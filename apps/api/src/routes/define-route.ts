import { Router, type Request, type Response } from 'express';
import { parseRouteInput, type RouteContract, type RouteInput } from '@dp/core';
import type { Call, Pipeline, RouteHandler } from '../pipeline';

/** A route's contract (packages/core/src/contract) with the handler that answers it. */
export interface RouteBinding {
  contract: RouteContract;
  handler: RouteHandler;
}

/**
 * Binds a handler to a declared route: its input is parsed from the declaration's zod schemas
 * (one 400 naming every bad field) before the handler runs, so the handler gets typed values.
 */
export function defineRoute<C extends RouteContract>(
  contract: C,
  handler: (input: RouteInput<C>, req: Request, res: Response, call: Call) => Promise<void> | void,
): RouteBinding {
  return {
    contract,
    handler: (req, res, call) =>
      handler(parseRouteInput(contract, { params: req.params, query: req.query, body: req.body, headers: req.headers }), req, res, call),
  };
}

/** `/v1/webhooks/{id}` → `/webhooks/:id`, for the /v1 router. */
const expressPath = (template: string) => template.replace(/^\/v1/, '').replace(/\{(\w+)\}/g, ':$1');

/**
 * The router of declared routes: each through the pipeline (`pipeline.ts`) with its scope,
 * operation and body limit, and any other method of a declared path a 405 listing the declared ones.
 */
export function declaredRouter(pipeline: Pipeline, routes: readonly RouteBinding[]): Router {
  const router = Router();
  const byPath = new Map<string, RouteBinding[]>();
  for (const route of routes) byPath.set(route.contract.path, [...(byPath.get(route.contract.path) ?? []), route]);
  for (const [path, bindings] of byPath) {
    const route = router.route(expressPath(path));
    for (const { contract, handler } of bindings) {
      route[contract.method](
        pipeline.route({ scope: contract.scope, operation: contract.operation, bodyLimit: contract.bodyLimit, handler }),
      );
    }
    const bodyLimit = bindings.find((b) => b.contract.bodyLimit !== undefined)?.contract.bodyLimit;
    route.all(
      pipeline.methodNotAllowed(
        bindings.map((b) => b.contract.method.toUpperCase()),
        bodyLimit,
      ),
    );
  }
  return router;
}
