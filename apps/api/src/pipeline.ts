import express, { type Request, type RequestHandler, type Response } from 'express';
import {
  API_METHODS,
  ApiError,
  declaredQueryParameters,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_METHODS,
  V1_ROUTES,
  methodNotAllowed,
  rejectUndeclaredQuery,
  rejectUnsafeInput,
  requireJsonBody,
  sendError,
  setRateLimitHeaders,
  toApiError,
  unitsFor,
  UNIT_COST,
  type Operation,
  type RateLimitDecision,
  type Scope,
} from '@dp/core';
import type { ApiKeyPrincipal } from '@dp/db';
import { keyVerifier, verdictError, type KeyVerdict } from './auth/verify-key';
import type { ApiContext } from './context';
import { runIdempotent } from './idempotency/idempotent';
import { consumeRateLimit, rateLimitedError } from './metering/rate-limit';

/**
 * The path of every /v1 request, in the order it runs. A route declares what it needs (scope,
 * operation, body limit) and its handler; everything else happens here, in sequence, with the
 * request's state in local variables:
 *
 *   1. the key's verdict (valid, revoked, unknown, malformed, missing)     `admit`
 *   2. the rate limit (headers on every answer; without a valid key, 429 at once)
 *   3. input every request must pass: path, query, JSON body            `readInput`
 *   4. a verdict that does not admit the request: 401 (counted for no one)
 *   5. from here the request is counted for the key's organization, whatever its outcome
 *   6. over the rate limit: 429
 *   7. the scope: 403
 *   8. the monthly quota: 429
 *   9. the handler, at most once per `Idempotency-Key` for POST, PATCH and DELETE
 *  10. the error envelope of anything 6–9 threw; the units of the answer are recorded as it
 *      ends (0 for a failure, a HEAD or a 304)
 *
 * What no route takes goes through 1–3 too (`preflight`, `methodNotAllowed`, `unrouted`), so every
 * /v1 answer carries the rate-limit fields.
 */

/** What a route's handler gets besides the request: the caller, and a way to price its answer. */
export interface Call {
  principal: ApiKeyPrincipal;
  /** Units for this answer instead of the operation's fixed cost (a citation check prices by citations found). */
  charge: (units: number) => void;
}

export type RouteHandler = (req: Request, res: Response, call: Call) => Promise<void> | void;

export interface RouteSpec {
  scope: Scope;
  /** One operation, or one per request (search: fulltext or hybrid). */
  operation: Operation | ((req: Request) => Operation);
  /** The largest JSON body the route takes; `false`: it reads none (no parser runs). */
  bodyLimit?: number | false;
  handler: RouteHandler;
}

interface Admission {
  verdict: KeyVerdict;
  limit: RateLimitDecision;
}

const DEFAULT_BODY_LIMIT = 64 * 1024;

/** What a browser may send: the key, a JSON body, its own request id, the conditional and idempotency fields. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'X-Request-Id', 'If-None-Match', IDEMPOTENCY_KEY_HEADER].join(', ');

export type Pipeline = ReturnType<typeof createPipeline>;

export function createPipeline(ctx: Pick<ApiContext, 'db' | 'state' | 'logger' | 'meter' | 'quota' | 'keyCache'>) {
  const verifyKey = keyVerifier(ctx.db, ctx.keyCache, ctx.logger);
  let rejectUndeclared: RequestHandler | undefined;
  const jsonParsers = new Map<string | number, RequestHandler>();

  /** Steps 1 and 2: who calls, and whether they may call now. */
  async function admit(req: Request, res: Response): Promise<Admission> {
    const verdict = await verifyKey(req.get('authorization'));
    const limit = await consumeRateLimit(ctx.state, verdict.status === 'valid' ? verdict.principal : undefined, req.ip);
    setRateLimitHeaders(res, limit);
    if (!limit.allowed && verdict.status !== 'valid') throw rateLimitedError(limit);
    return { verdict, limit };
  }

  /**
   * Step 3: a path that decodes and no control character anywhere; only the query parameters the
   * operation declares (checked once the caller is admitted and within its limit, so a 401 or 429
   * comes first); a JSON body within the route's limit.
   */
  function readInput(req: Request, res: Response, { verdict, limit }: Admission, bodyLimit: number | false): Promise<void> | undefined {
    throwIfRefused(rejectUnsafeInput, req, res);
    if (verdict.status === 'valid' && limit.allowed) {
      rejectUndeclared ??= rejectUndeclaredQuery(declaredQueryParameters(V1_ROUTES));
      throwIfRefused(rejectUndeclared, req, res);
    }
    // Without a body the checks are done, synchronously: a GET waits for no promise here.
    if (bodyLimit === false) return undefined;
    throwIfRefused(requireJsonBody, req, res);
    // A body declared larger than the limit is refused before a byte of it is read: the parser
    // would read (or wait for) all of it first. The connection closes after the answer, so the
    // unread rest is never awaited either.
    const declared = Number(req.get('content-length'));
    if (declared > bodyLimit) {
      res.setHeader('Connection', 'close');
      throw new ApiError('payload_too_large', `The request body is larger than this endpoint's limit of ${bodyLimit} bytes.`, {
        limit_bytes: bodyLimit,
        content_length: declared,
      });
    }
    let parse = jsonParsers.get(bodyLimit);
    if (!parse) jsonParsers.set(bodyLimit, (parse = express.json({ limit: bodyLimit })));
    return new Promise<void>((resolve, reject) =>
      parse(req, res, (err?: unknown) => (err ? reject(err instanceof Error ? err : new Error('body parser failed')) : resolve())),
    ).then(() => throwIfRefused(rejectUnsafeInput, req, res));
  }

  /** Steps 4–10 for a request a route declared. */
  async function run(spec: RouteSpec, req: Request, res: Response): Promise<void> {
    const admission = await admit(req, res);
    const reading = readInput(req, res, admission, spec.bodyLimit ?? DEFAULT_BODY_LIMIT);
    if (reading) await reading;
    const { verdict, limit } = admission;
    if (verdict.status !== 'valid') throw verdictError(verdict);
    const principal = verdict.principal;
    const operation = typeof spec.operation === 'function' ? spec.operation(req) : spec.operation;
    // For the request's log line and metrics only.
    req.operation = operation;
    let charged: number | undefined;
    // Counted as the answer's last bytes are handed to the socket, not once the handler returns: a
    // process killed between the two (kill -9) would have answered a request it never counted.
    let counted = false;
    const count = () => {
      if (counted) return;
      counted = true;
      ctx.meter.record(principal, operation, res.statusCode, unitsFor(operation, res.statusCode, req.method, charged));
    };
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      count();
      return end(...args);
    }) as Response['end'];
    try {
      if (!limit.allowed) throw rateLimitedError(limit);
      if (!principal.scopes.includes(spec.scope)) {
        throw new ApiError('insufficient_scope', `This endpoint needs an API key with the '${spec.scope}' scope.`, {
          required_scope: spec.scope,
          key_scopes: principal.scopes,
        });
      }
      // A HEAD costs nothing, so a used-up quota does not refuse it (the rate limit still applies).
      const quota = ctx.quota.check(principal.orgId, principal.monthlyUnits, req.method === 'HEAD' ? 0 : UNIT_COST[operation]);
      if (quota) await quota;
      const call: Call = { principal, charge: (units) => void (charged = units) };
      const handle = async () => spec.handler(req, res, call);
      await (IDEMPOTENT_METHODS.has(req.method) ? runIdempotent(ctx.db, ctx.logger, principal.orgId, req, res, handle) : handle());
    } catch (err) {
      if (res.headersSent) res.end();
      else sendError(res, toApiError(err, ctx.logger, req));
    }
    // A handler that returned without ending its answer is counted now (the next request sees it).
    count();
  }

  return {
    /** A /v1 route: every step. */
    route(spec: RouteSpec): RequestHandler {
      return (req, res, next) => void run(spec, req, res).catch(next);
    },

    /** A /v1 route that needs no key (the OpenAPI document): steps 1–3 and 6, then the handler. */
    open(handler: (req: Request, res: Response) => Promise<void> | void, bodyLimit: number | false = false): RequestHandler {
      return (req, res, next) =>
        void (async () => {
          const admission = await admit(req, res);
          await readInput(req, res, admission, bodyLimit);
          if (!admission.limit.allowed) throw rateLimitedError(admission.limit);
          await handler(req, res);
        })().catch(next);
    },

    /**
     * Every OPTIONS to /v1, after steps 1–2: a CORS preflight, or a plain OPTIONS (204 with `Allow`;
     * Express's router would answer it with a text/plain list instead).
     */
    preflight: ((req, res, next) => {
      if (req.method !== 'OPTIONS') return next();
      admit(req, res).then(() => {
        if (req.get('access-control-request-method')) {
          res.setHeader('Access-Control-Allow-Methods', API_METHODS);
          res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
          res.setHeader('Access-Control-Max-Age', '600');
        } else {
          res.setHeader('Allow', API_METHODS);
        }
        res.status(204).end();
      }, next);
    }) as RequestHandler,

    /** A path a route declares, with a method it does not: steps 1–3, then 405 (whoever asks). */
    methodNotAllowed: (allowed: string[], bodyLimit: number | false = DEFAULT_BODY_LIMIT): RequestHandler => {
      const refuse = methodNotAllowed(allowed);
      return (req, res, next) =>
        void (async () => {
          await readInput(req, res, await admit(req, res), bodyLimit);
          refuse(req, res, next);
        })().catch(next);
    },

    /**
     * A /v1 path no route declares: steps 1–3, then the 401 or 429 a route would have raised (routes
     * are not revealed to callers without a key), else on to the 404.
     */
    unrouted: ((req, res, next) =>
      void (async () => {
        const admission = await admit(req, res);
        await readInput(req, res, admission, DEFAULT_BODY_LIMIT);
        const { verdict, limit } = admission;
        const refused = verdict.status !== 'valid' ? verdictError(verdict) : limit.allowed ? undefined : rateLimitedError(limit);
        next(refused);
      })().catch(next)) as RequestHandler,
  };
}

/** Runs a synchronous check written as middleware, throwing what it refuses with. */
function throwIfRefused(check: RequestHandler, req: Request, res: Response): void {
  let refused: unknown;
  void check(req, res, (err?: unknown) => {
    refused = err;
  });
  if (refused) throw refused instanceof Error ? refused : new Error('input check failed');
}
