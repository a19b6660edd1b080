import { parseRetryAfter } from '@dp/core';
import { DEFAULT_RETRY_SCHEDULE_MS, MAX_RETRY_AFTER_MS, maxAttempts, nextDelayMs } from '../src/retry';

describe('retry schedule', () => {
  const policy = { scheduleMs: DEFAULT_RETRY_SCHEDULE_MS, jitter: 0.2 };

  it('spans about a day in 8 attempts', () => {
    expect(maxAttempts(policy)).toBe(8);
    const total = DEFAULT_RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeGreaterThan(24);
    expect(total / 3_600_000).toBeLessThan(30);
  });

  it('grows exponentially-ish with ±20 % jitter, then gives up', () => {
    expect(nextDelayMs(policy, 1, null, () => 0.5)).toBe(5_000);
    expect(nextDelayMs(policy, 1, null, () => 0)).toBe(4_000);
    expect(nextDelayMs(policy, 1, null, () => 1)).toBe(6_000);
    expect(nextDelayMs(policy, 2, null, () => 0.5)).toBe(300_000);
    expect(nextDelayMs(policy, 7, null, () => 0.5)).toBe(36_000_000);
    expect(nextDelayMs(policy, 8, null)).toBeNull();
  });

  it('lets Retry-After replace the scheduled delay, within bounds', () => {
    expect(nextDelayMs(policy, 1, 120_000)).toBe(120_000);
    expect(nextDelayMs(policy, 1, 0)).toBe(1_000);
    expect(nextDelayMs(policy, 1, 10 * MAX_RETRY_AFTER_MS)).toBe(MAX_RETRY_AFTER_MS);
    expect(nextDelayMs(policy, 8, 120_000)).toBeNull(); // the schedule still ends
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:05:00 GMT', now)).toBe(300_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});
