import type { Request, RequestHandler, Response } from 'express';
import { UNIT_COST, unitsFor, type Operation, type Scope } from '@dp/core';
import { requireScope } from '../auth/authenticate';
import type { Meter } from './meter';
import type { QuotaGuard } from './quota';

/**
 * Marks a route as a metered operation of an organization. Every request whose key is known is
 * counted, whatever its outcome (failures with 0 units): a parked 429 rate_limited, a 403, a 429
 * quota_exceeded and a 5xx of a storage outage too. Then the rate limit, the scope and the quota
 * are checked, in that order. Units are recorded when the status line is written
 * (synchronously, so the next request already sees them). Requests without a usable key (401)
 * belong to no organization and are not counted.
 * `operationOf` lets one route map to several operations (search fulltext vs hybrid).
 */
export function metered(
  meter: Meter,
  quota: QuotaGuard,
  scope: Scope,
  operationOf: Operation | ((req: Request) => Operation),
): RequestHandler {
  const checkScope = requireScope(scope);
  // Not async: with a fresh quota total (nearly every request) this runs without a promise.
  return (req, res, next) => {
    const principal = req.principal;
    if (!principal || req.authError) return checkScope(req, res, next);
    const operation = typeof operationOf === 'function' ? operationOf(req) : operationOf;
    req.operation = operation;
    onStatus(res, (status) => meter.record(principal, operation, status, unitsFor(operation, status, req.method, counted.get(res))));
    if (req.rateLimitError) return next(req.rateLimitError);
    checkScope(req, res, (err?: unknown) => {
      if (err) return next(err);
      // A HEAD costs nothing, so a used-up quota does not refuse it (the rate limit still applies).
      const checked = quota.check(principal.orgId, principal.monthlyUnits, req.method === 'HEAD' ? 0 : UNIT_COST[operation]);
      if (checked) return void checked.then(() => next(), next);
      next();
    });
  };
}

/** Units a route worked out from its answer, for the response about to be written. */
const counted = new WeakMap<Response, number>();

/** Charges `units` for this response instead of the operation's fixed cost (a citation check). */
export function chargeUnits(res: Response, units: number): void {
  counted.set(res, units);
}

function onStatus(res: Response, fn: (status: number) => void): void {
  const writeHead = res.writeHead.bind(res);
  let done = false;
  res.writeHead = function patched(this: Response, ...args: Parameters<Response['writeHead']>) {
    if (!done) {
      done = true;
      fn(typeof args[0] === 'number' ? args[0] : this.statusCode);
    }
    return writeHead(...args);
  } as Response['writeHead'];
}
