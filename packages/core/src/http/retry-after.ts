/**
 * A `Retry-After` value (seconds, or an HTTP date, which some proxies send) as milliseconds from
 * `nowMs`; null when absent or unreadable. The one reading of the header, for every client we have.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs = Date.now()): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}
