import { Router, type RequestHandler, type Request, type Response } from 'express';
import {
  ApiError,
  isOpenRoute,
  parseRouteInput,
  sendSuccess,
  type Answer,
  type DeclaredRoute,
  type OpenRouteContract,
  type RouteContract,
  type RouteInput,
} from '@dp/core';
import type { Call, Pipeline, RouteHandler, RouteSpec } from '../pipeline';

/** A route's contract (packages/core/src/contract) with the handler that answers it. */
export interface RouteBinding {
  contract: RouteContract;
  handler: RouteHandler;
}

/** An open route's (no key): its handler has no caller (`Call`) to price for. */
export interface OpenRouteBinding {
  contract: OpenRouteContract;
  handler: (req: Request, res: Response) => Promise<void> | void;
}

/** Each request's parsed input, once: an operation chosen by the input is known before the handler runs. */
const parsedInputs = new WeakMap<Request, unknown>();

function inputOf<C extends DeclaredRoute>(contract: C, req: Request): RouteInput<C> {
  if (parsedInputs.has(req)) return parsedInputs.get(req) as RouteInput<C>;
  const input = parseRouteInput(contract, { params: req.params, query: req.query, body: req.body, headers: req.headers });
  parsedInputs.set(req, input);
  return input;
}

/** The route's operation, or per request the one its parsed input chooses (`undefined` for input that does not parse). */
function operationOf(contract: RouteContract): RouteSpec['operation'] {
  const choose = contract.operation;
  if (typeof choose === 'string') return choose;
  return (req) => {
    try {
      return choose(inputOf(contract, req));
    } catch (err) {
      // The handler parses it again and answers the 400.
      if (err instanceof ApiError) return choose(undefined);
      throw err;
    }
  };
}

/** What any declared route's handler answers (`Answer` of its route), as sent. */
type AnyAnswer = { status: number; data?: unknown; meta?: Record<string, unknown>; body?: unknown };

/** Sends a handler's answer: the envelope round `data`, a whole JSON body, or no body (204). */
function send(res: Response, answer: AnyAnswer): void {
  if ('data' in answer) sendSuccess(res, answer.data, answer.status, answer.meta);
  else if ('body' in answer) res.status(answer.status).json(answer.body);
  else res.status(answer.status).end();
}

/**
 * Binds a handler to a declared route: its input is parsed from the declaration's zod schemas
 * (one 400 naming every bad field) before the handler runs, so the handler gets typed values; it
 * returns its answer, typed by the declaration's response schemas (`Answer`), and this sends it.
 */
// `NoInfer`: the route is known from the contract alone, so the handler's answer is checked
// against it (its status a literal, not widened to a number).
export function defineRoute<C extends OpenRouteContract>(
  contract: C,
  handler: NoInfer<(input: RouteInput<C>, req: Request, res: Response) => Promise<Answer<C>> | Answer<C>>,
): OpenRouteBinding;
export function defineRoute<C extends RouteContract>(
  contract: C,
  handler: NoInfer<(input: RouteInput<C>, req: Request, res: Response, call: Call) => Promise<Answer<C>> | Answer<C>>,
): RouteBinding;
export function defineRoute(
  contract: RouteContract | OpenRouteContract,
  handler: (input: RouteInput<DeclaredRoute>, req: Request, res: Response, call: Call) => Promise<AnyAnswer> | AnyAnswer,
): RouteBinding | OpenRouteBinding {
  if (isOpenRoute(contract)) {
    // An open route's handler takes no `Call` (the first signature).
    const open = handler as (input: RouteInput<DeclaredRoute>, req: Request, res: Response) => Promise<AnyAnswer> | AnyAnswer;
    return { contract, handler: async (req: Request, res: Response) => send(res, await open(inputOf(contract, req), req, res)) };
  }
  return { contract, handler: async (req, res, call) => send(res, await handler(inputOf(contract, req), req, res, call)) };
}

const isOpenBinding = (binding: RouteBinding | OpenRouteBinding): binding is OpenRouteBinding => isOpenRoute(binding.contract);

/** Through the pipeline: every step, or those of an open route (no key). */
function piped(pipeline: Pipeline, binding: RouteBinding | OpenRouteBinding): RequestHandler {
  if (isOpenBinding(binding)) return pipeline.open(binding.handler, binding.contract.bodyLimit ?? false);
  const { contract, handler } = binding;
  // A route that declares no body reads none, as its OpenAPI operation says (no body, no 413 or 415).
  return pipeline.route({
    scope: contract.scope,
    operation: operationOf(contract),
    bodyLimit: contract.body ? contract.bodyLimit : false,
    handler,
  });
}

/** `/v1/webhooks/{id}` → `/webhooks/:id`, for the /v1 router. */
const expressPath = (template: string) => template.replace(/^\/v1/, '').replace(/\{(\w+)\}/g, ':$1');

/**
 * The router of declared routes: each through the pipeline (`pipeline.ts`) with its scope,
 * operation and body limit (an open one: no key, scope or units), and any other method of a
 * declared path a 405 listing the declared ones.
 */
export function declaredRouter(pipeline: Pipeline, routes: readonly (RouteBinding | OpenRouteBinding)[]): Router {
  const router = Router();
  const byPath = new Map<string, (RouteBinding | OpenRouteBinding)[]>();
  for (const route of routes) byPath.set(route.contract.path, [...(byPath.get(route.contract.path) ?? []), route]);
  for (const [path, bindings] of byPath) {
    const route = router.route(expressPath(path));
    for (const binding of bindings) route[binding.contract.method](piped(pipeline, binding));
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
