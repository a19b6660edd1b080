/** Thin typed wrapper over autocannon (it ships no types). */
export interface LoadResult {
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<{
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}>;

export async function load(url: string, headers: Record<string, string>, seconds = 8, connections = 10): Promise<LoadResult> {
  const r = await autocannon({ url, headers, duration: seconds, connections });
  return { requestsPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}
