import type { Request, RequestHandler, Response } from 'express';
import { UNIT_COST, unitsFor, type Operation } from '@dp/core';
import type { Meter } from './meter';
import type { QuotaGuard } from './quota';

/**
 * Marks a route as a metered operation: checks the quota before the handler and records the
 * units when the status line is written (synchronously, so the next request already sees them).
 * `operationOf` lets one route map to several operations (search fulltext vs hybrid).
 */
export function metered(
  meter: Meter,
  quota: QuotaGuard,
  operationOf: Operation | ((req: Request) => Operation),
): RequestHandler {
  // Not async: with a fresh quota total (nearly every request) this runs without a promise.
  return (req, res, next) => {
    const principal = req.principal!;
    const operation = typeof operationOf === 'function' ? operationOf(req) : operationOf;
    const proceed = () => {
      onStatus(res, (status) => meter.record(principal.orgId, operation, unitsFor(operation, status)));
      next();
    };
    const checked = quota.check(principal.orgId, principal.monthlyUnits, UNIT_COST[operation]);
    if (checked) return checked.then(proceed);
    proceed();
  };
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
