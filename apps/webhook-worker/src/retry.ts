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

export { MAX_RETRY_AFTER_MS, maxAttempts, nextDelayMs, type RetryPolicy } from '@dp/core';
