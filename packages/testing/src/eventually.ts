export interface EventuallyOptions {
  /** What is awaited, for the error on timeout (a function when it should show the latest state). */
  what: string | (() => string);
  timeoutMs?: number;
  intervalMs?: number;
}

/**
 * Calls `fn` until it returns something other than undefined, and returns that; throws once
 * `timeoutMs` has passed. An error `fn` throws ends the wait at once (a process that exited early).
 */
export async function eventually<T>(fn: () => T | undefined | Promise<T | undefined>, options: EventuallyOptions): Promise<T> {
  const { timeoutMs = 15_000, intervalMs = 100 } = options;
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > end) {
      const what = typeof options.what === 'function' ? options.what() : options.what;
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
