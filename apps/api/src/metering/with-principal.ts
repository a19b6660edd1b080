import type { Request, RequestHandler, Response } from 'express';
import { ApiError, IDEMPOTENT_METHODS, type Operation, type Scope } from '@dp/core';
import type { ApiKeyPrincipal } from '@dp/db';
import type { ApiContext } from '../context';
import { runIdempotent } from '../idempotency/idempotent';
import { metered } from './metered';

export type PrincipalHandler = (req: Request, res: Response, principal: ApiKeyPrincipal) => Promise<void> | void;

/**
 * A /v1 route handler that receives the key's principal (as dub's `withWorkspace`): the parked
 * authentication error, the count of the request, the parked rate limit, the scope and the quota
 * are settled first, in that order, in one place (`metered`), so no route can run before them or
 * reach for `req.principal` itself. A POST, PATCH or DELETE with an `Idempotency-Key` then runs
 * at most once per key (`runIdempotent`): every mutating /v1 route gets it here.
 */
export function withPrincipal(
  ctx: Pick<ApiContext, 'meter' | 'quota' | 'db' | 'logger'>,
  scope: Scope,
  operation: Operation | ((req: Request) => Operation),
  handler: PrincipalHandler,
): RequestHandler {
  const guard = metered(ctx.meter, ctx.quota, scope, operation);
  return (req, res, next) => {
    guard(req, res, (err?: unknown) => {
      if (err) return next(err);
      const principal = req.principal;
      // `metered` lets only a request with a principal through; this makes the type say so.
      if (!principal) return next(new ApiError('missing_key', 'Send your API key as `Authorization: Bearer <API_KEY>`.'));
      const run = async () => handler(req, res, principal);
      (IDEMPOTENT_METHODS.has(req.method) ? runIdempotent(ctx.db, ctx.logger, principal.orgId, req, res, run) : run()).catch(next);
    });
  };
}
