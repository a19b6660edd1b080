/**
 * When to try again. Delays after attempt 1, 2, …: about 27 hours in all, then the delivery is
 * given up (status failed). The same schedule Svix documents for Standard Webhooks.
 */
export const DEFAULT_RETRY_SCHEDULE_MS = [
  5_000, // 5 s
  5 * 60_000, // 5 min
  30 * 60_000, // 30 min
  2 * 3_600_000, // 2 h
  5 * 3_600_000, // 5 h
  10 * 3_600_000, // 10 h
  10 * 3_600_000, // 10 h
];

/** Longest wait a receiver can ask for with Retry-After; longer asks are capped. */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

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
 * A Retry-After from the receiver replaces the scheduled delay (capped; never below 1 s).
 */
export function nextDelayMs(policy: RetryPolicy, attemptNo: number, retryAfterMs: number | null, random = Math.random): number | null {
  if (attemptNo >= maxAttempts(policy)) return null;
  if (retryAfterMs !== null) return Math.min(Math.max(retryAfterMs, 1_000), MAX_RETRY_AFTER_MS);
  const base = policy.scheduleMs[attemptNo - 1];
  const spread = base * policy.jitter;
  return Math.max(0, Math.round(base - spread + random() * 2 * spread));
}
