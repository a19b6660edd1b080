// Retry schedules with jitter: webhook deliveries (apps/webhook-worker) and portal mail (apps/portal).

/** Longest wait a receiver can ask for with Retry-After; longer asks are capped. */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;
/** Shortest wait a Retry-After can set: a receiver asking for 0 is not retried in a tight loop. */
export const MIN_RETRY_AFTER_MS = 1_000;

export interface RetryPolicy {
  scheduleMs: number[];
  /** Fraction of the delay added or removed at random, so a fleet of retries spreads out. */
  jitter: number;
}

/** Attempts a delivery gets: the first plus one per scheduled delay. */
export function maxAttempts(policy: RetryPolicy): number {
  return policy.scheduleMs.length + 1;
}

/**
 * Delay before the attempt after `attemptNo` (1-based), or null when the schedule is used up.
 * A Retry-After from the receiver replaces the scheduled delay, between MIN_RETRY_AFTER_MS and
 * MAX_RETRY_AFTER_MS.
 */
export function nextDelayMs(policy: RetryPolicy, attemptNo: number, retryAfterMs: number | null, random = Math.random): number | null {
  if (attemptNo >= maxAttempts(policy)) return null;
  if (retryAfterMs !== null) return Math.min(Math.max(retryAfterMs, MIN_RETRY_AFTER_MS), MAX_RETRY_AFTER_MS);
  const base = policy.scheduleMs[attemptNo - 1];
  const spread = base * policy.jitter;
  return Math.max(0, Math.round(base - spread + random() * 2 * spread));
}
