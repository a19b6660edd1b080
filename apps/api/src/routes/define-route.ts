import { Router, type RequestHandler, type Request, type Response } from 'express';
import {
  ApiError,
  decodedSegments,
  isOpenRoute,
  parseRouteInput,
  pathMatcher,
  sendCacheable,
  sendSuccess,
  spanningPrefix,
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
  const parse = () => parseRouteInput(contract, { params: req.params, query: req.query, body: req.body, headers: req.headers });
  // Only an operation chosen by the input reads it before the handler; the others parse it once anyway.
  if (!('operation' in contract) || typeof contract.operation === 'string') return parse();
  if (parsedInputs.has(req)) return parsedInputs.get(req) as RouteInput<C>;
  const input = parse();
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
type AnyAnswer = { status: number; data?: unknown; meta?: Record<string, unknown>; body?: unknown; text?: string };

/**
 * Sends a handler's answer: the envelope round `data` (a cacheable route's with its ETag, or a 304:
 * `sendCacheable`), a whole JSON body, plain text (a declared `text` alternative), or no body (204).
 */
function send(contract: DeclaredRoute, req: Request, res: Response, answer: AnyAnswer): void {
  if ('data' in answer) {
    if (contract.cacheable) sendCacheable(req, res, answer.data, { extraMeta: answer.meta });
    else sendSuccess(res, answer.data, answer.status, answer.meta);
  } else if ('text' in answer && answer.text !== undefined) {
    res.statusCode = answer.status;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(answer.text));
    res.end(answer.text);
  } else if ('body' in answer) res.status(answer.status).json(answer.body);
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
    return {
      contract,
      handler: async (req: Request, res: Response) => send(contract, req, res, await open(inputOf(contract, req), req, res)),
    };
  }
  return { contract, handler: async (req, res, call) => send(contract, req, res, await handler(inputOf(contract, req), req, res, call)) };
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

/** The 405 of a declared path: steps 1–3 of the pipeline, then the methods its routes declare. */
function notAllowed(pipeline: Pipeline, bindings: readonly (RouteBinding | OpenRouteBinding)[], bodyLimit: number | false | undefined) {
  return pipeline.methodNotAllowed(
    bindings.map((b) => b.contract.method.toUpperCase()),
    bodyLimit,
  );
}

/**
 * Declared routes whose templates have a parameter spanning segments (core `spansSegments`: the
 * document reads' `{id}` and `{provision}`), under one prefix. Express cannot tell where such a
 * parameter ends, so the prefix is one wildcard path (`/legal/documents/*ref`) and core's
 * `pathMatcher` picks the route from the declarations by the words after the prefix.
 */
export interface SpanningRoutes {
  /** The path as written before its segments (`/v1/legal/documents/`), for `declaredFirst`. */
  prefix: string;
  /** The wildcard path under the /v1 router (`/legal/documents/*ref`). */
  path: string;
  /** Its template in /metrics (`/v1/legal/documents/*ref`), as Express records it. */
  template: string;
  /**
   * Answers a request whose `req.params.ref` holds the decoded segments after the prefix, with the
   * route its path matches (its parameters as `req.params`), a 405 for another method, or passes it on.
   */
  handle: RequestHandler;
}

/** The segments of a wildcard path's `*ref`, as the router (or `declaredFirst`) decoded them. */
export function wildcardSegments(req: Request): string[] {
  const raw = (req.params as Record<string, string | string[]>).ref;
  return (Array.isArray(raw) ? raw : [raw]).filter((s) => s !== '');
}

function spanningRoutes(pipeline: Pipeline, bindings: readonly (RouteBinding | OpenRouteBinding)[]): SpanningRoutes[] {
  const byPrefix = new Map<string, (RouteBinding | OpenRouteBinding)[]>();
  for (const binding of bindings) {
    const prefix = spanningPrefix(binding.contract);
    if (prefix !== undefined) byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), binding]);
  }
  return [...byPrefix].map(([prefix, group]) => {
    if (!prefix.startsWith('/v1/') || !prefix.endsWith('/') || prefix.includes('{'))
      throw new Error(`${prefix}: a parameter spanning segments must follow a literal /v1 prefix`);
    const match = pathMatcher(
      prefix,
      group.map((b) => b.contract),
    );
    // A GET reads no body: the 405 of a path whose routes read none reads none either.
    const bodyLimit = group.some((b) => b.contract.body)
      ? group.find((b) => b.contract.bodyLimit !== undefined)?.contract.bodyLimit
      : false;
    const refused = new Map(
      [...new Set(group.map((b) => b.contract.path))].map((path) => [
        path,
        notAllowed(
          pipeline,
          group.filter((b) => b.contract.path === path),
          bodyLimit,
        ),
      ]),
    );
    const handlers = new Map(group.map((binding) => [binding.contract as DeclaredRoute, piped(pipeline, binding)]));
    const path = `${prefix.slice('/v1'.length)}*ref`;
    return {
      prefix,
      path,
      template: `/v1${path}`,
      handle: (req, res, next) => {
        const found = match(wildcardSegments(req));
        if (!found) return next();
        const method = req.method === 'HEAD' ? 'get' : req.method.toLowerCase();
        const route = found.routes.find((r) => r.method === method);
        req.params = found.params;
        return route ? handlers.get(route)!(req, res, next) : refused.get(found.routes[0].path)!(req, res, next);
      },
    };
  });
}

/**
 * The router of declared routes: each through the pipeline (`pipeline.ts`) with its scope,
 * operation and body limit (an open one: no key, scope or units), and any other method of a
 * declared path a 405 listing the declared ones. Routes with a parameter spanning segments are
 * matched by core's `pathMatcher` under one wildcard path per prefix (`spanning`, which
 * `declaredFirst` also answers before the router).
 */
export function declaredRouter(
  pipeline: Pipeline,
  routes: readonly (RouteBinding | OpenRouteBinding)[],
): { router: Router; spanning: SpanningRoutes[] } {
  const router = Router();
  const spanning = spanningRoutes(pipeline, routes);
  for (const group of spanning) router.all(group.path, group.handle);
  const byPath = new Map<string, (RouteBinding | OpenRouteBinding)[]>();
  for (const route of routes) {
    if (spanningPrefix(route.contract) === undefined) byPath.set(route.contract.path, [...(byPath.get(route.contract.path) ?? []), route]);
  }
  for (const [path, bindings] of byPath) {
    const route = router.route(expressPath(path));
    for (const binding of bindings) route[binding.contract.method](piped(pipeline, binding));
    const bodyLimit = bindings.find((b) => b.contract.bodyLimit !== undefined)?.contract.bodyLimit;
    route.all(notAllowed(pipeline, bindings, bodyLimit));
  }
  return { router, spanning };
}

/**
 * Reads of routes with spanning parameters (the document reads: most of the traffic) taken before
 * Express's router is entered (`createJsonApiApp`'s `first`), which costs each request its
 * set-up, a walk over its layers, a path match and a route dispatch. Only what the router would
 * read the same way is taken here (GET or HEAD, the prefix as written, segments that decode), its
 * segments given as the router gives `*ref`, after `before` (the /v1 headers); anything else
 * (another case, a malformed escape, a path no template matches) goes on to the router.
 */
export function declaredFirst(spanning: readonly SpanningRoutes[], before: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const group = spanning.find((g) => req.url.startsWith(g.prefix));
    if (!group) return next();
    const query = req.url.indexOf('?');
    const segments = decodedSegments(req.url.slice(group.prefix.length, query === -1 ? undefined : query));
    if (!segments?.length) return next();
    req.params = { ref: segments };
    req.routeTemplate = group.template;
    before(req, res, (err?: unknown) => (err === undefined || err === null ? group.handle(req, res, next) : next(err)));
  };
}
