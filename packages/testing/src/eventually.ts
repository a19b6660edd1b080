import { availableParallelism, loadavg } from 'node:os';

export interface EventuallyOptions {
  /** What is awaited, for the error on timeout (a function when it should show the latest state). */
  what: string | (() => string);
  /** The bound on an idle machine; it stretches with the machine's load (`scaledBound`). */
  timeoutMs?: number;
  intervalMs?: number;
}

/** The most a bound stretches: a wait that needs more than this is a fault, not load. */
const MAX_LOAD_FACTOR = 8;

/**
 * How much slower than an idle machine this one runs now: the one-minute load average per core
 * (at least 1, at most MAX_LOAD_FACTOR), times `TEST_TIME_SCALE` when set (slow CI machines).
 */
export function loadFactor(): number {
  const perCore = loadavg()[0] / Math.max(1, availableParallelism());
  const manual = Number(process.env.TEST_TIME_SCALE);
  return Math.min(MAX_LOAD_FACTOR, Math.max(1, perCore)) * (Number.isFinite(manual) && manual > 0 ? manual : 1);
}

/**
 * A wait's bound for the machine as it is now: `idleMs` on an idle machine, stretched by its load,
 * so a test waits for an event as long as the load needs and no fixed figure times out under load.
 */
export function scaledBound(idleMs: number): number {
  return Math.round(idleMs * loadFactor());
}

/**
 * Calls `fn` until it returns something other than undefined, and returns that; throws once the
 * scaled bound of `timeoutMs` has passed (read again at each try, so a load that rises during the
 * wait stretches it). An error `fn` throws ends the wait at once (a process that exited early).
 */
export async function eventually<T>(fn: () => T | undefined | Promise<T | undefined>, options: EventuallyOptions): Promise<T> {
  const { timeoutMs = 15_000, intervalMs = 100 } = options;
  const started = Date.now();
  let bound = scaledBound(timeoutMs);
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    bound = Math.max(bound, scaledBound(timeoutMs));
    if (Date.now() - started > bound) {
      const what = typeof options.what === 'function' ? options.what() : options.what;
      throw new Error(`timed out after ${bound} ms (${timeoutMs} ms scaled by the machine's load) waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
