import type { RequestHandler } from 'express';
import { ApiError } from '../errors';
import { sendError } from '../http/errors';
import { sendSuccess } from '../http/respond';
import type { Metrics } from './metrics';
import { OPERATIONS_PATHS } from './operations-paths';

/** One readiness check's answer: `down` makes the app not ready; `degraded` is reported, still ready. */
export interface CheckResult {
  status: 'ok' | 'degraded' | 'down';
  [detail: string]: unknown;
}

export type ReadinessCheck = () => Promise<CheckResult> | CheckResult;

export interface OperationsRoutesOptions {
  /** What readiness depends on, by name (`database`, `redis`, `upstream`…); none: up is ready. */
  checks?: Record<string, ReadinessCheck>;
  /** Serves `/metrics` when given. */
  metrics?: Metrics;
  /** A check that takes longer than this counts as down (a stuck dependency must not hang the probe). */
  checkTimeoutMs?: number;
}

async function runCheck(check: ReadinessCheck, timeoutMs: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve().then(check),
      new Promise<CheckResult>((resolve) => {
        timer = setTimeout(() => resolve({ status: 'down', reason: `no answer in ${timeoutMs} ms` }), timeoutMs);
      }),
    ]);
  } catch (err) {
    return { status: 'down', reason: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The operator's paths, the same on every app (docs/operations.md):
 * - `GET /livez`: the process serves requests (restart it when this fails). Never checks a dependency.
 * - `GET /readyz`: it can do its job (route traffic to it when this answers 200). 503 `unavailable`
 *   when a check is `down`; the checks and their details in both answers.
 * - `GET /metrics`: Prometheus text, on the app's own port only (the public proxy never routes it).
 */
export function operationsRoutes(options: OperationsRoutesOptions = {}): RequestHandler {
  const checks = Object.entries(options.checks ?? {});
  const timeoutMs = options.checkTimeoutMs ?? 3_000;
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = req.path;
    if (OPERATIONS_PATHS.has(path)) req.routeTemplate = path;
    if (path === '/livez') return sendSuccess(res, { status: 'ok' });
    if (path === '/readyz') {
      void Promise.all(checks.map(async ([name, check]) => [name, await runCheck(check, timeoutMs)] as const)).then((results) => {
        const byName = Object.fromEntries(results);
        const down = results.filter(([, r]) => r.status === 'down').map(([n]) => n);
        if (down.length) {
          sendError(res, new ApiError('unavailable', `Not ready: ${down.join(', ')}.`, { checks: byName }, { 'Retry-After': '5' }));
        } else {
          const degraded = results.some(([, r]) => r.status === 'degraded');
          sendSuccess(res, { status: degraded ? 'degraded' : 'ready', checks: byName });
        }
      }, next);
      return;
    }
    if (path === '/metrics' && options.metrics) {
      void options.metrics.scrape().then(({ contentType, body }) => {
        res.setHeader('Content-Type', contentType);
        res.setHeader('Cache-Control', 'no-store');
        res.end(body);
      }, next);
      return;
    }
    next();
  };
}

/**
 * `/readyz`'s Redis check: without REDIS_URL there is nothing to check; Redis down is `degraded`,
 * not down: every app goes on with in-process state (ARCHITECTURE.md).
 */
export function sharedStateCheck(state: { kind: string; health?: { status: string } }): ReadinessCheck {
  return () => {
    if (state.kind !== 'redis' || !state.health) return { status: 'ok', redis: 'not configured' };
    const redis = state.health.status;
    return redis === 'up' ? { status: 'ok', redis } : { status: 'degraded', redis, reason: 'using in-process state until Redis answers' };
  };
}
