import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null | undefined;

/** Characters of text (and the garbage made from them) between two forced collections. */
export const GC_EVERY_CHARS = 48_000_000;

/**
 * Runs a full garbage collection, where the runtime allows it. A sync passes gigabytes of
 * version texts through short-lived strings and buffers; V8 would let that garbage grow the
 * process far beyond what is alive before collecting it, so the sync asks for a collection after
 * every few dozen MB of text to stay within its memory budget. A no-op if it cannot be had.
 */
export function collectGarbage(): void {
  if (gc === undefined) {
    try {
      // Exposes V8's gc() to a fresh context without a command-line flag; scoped to this call.
      setFlagsFromString('--expose_gc');
      const fn: unknown = runInNewContext('gc');
      gc = typeof fn === 'function' ? (fn as () => void) : null;
    } catch {
      gc = null;
    }
  }
  gc?.();
}
