/** Thin typed wrapper over autocannon (it ships no types: see autocannon.d.ts). */
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(url: string, headers: Record<string, string>, seconds = 8, connections = 10): Promise<LoadResult> {
  const r = await autocannon({ url, headers, duration: seconds, connections });
  return { requestsPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

export interface Target {
  url: string;
  headers: Record<string, string>;
}

/**
 * Loads two targets in alternating rounds and averages each one's figures, so drift in what
 * else the machine is doing lands on both sides instead of on whichever ran second.
 */
export async function compareInRounds(a: Target, b: Target, seconds: number, rounds = 4): Promise<[LoadResult, LoadResult]> {
  const runs: [LoadResult[], LoadResult[]] = [[], []];
  const slice = Math.max(1, Math.round(seconds / rounds));
  for (let i = 0; i < rounds; i++) {
    runs[0].push(await load(a.url, a.headers, slice));
    runs[1].push(await load(b.url, b.headers, slice));
  }
  const mean = (rs: LoadResult[], f: (r: LoadResult) => number) => rs.reduce((s, r) => s + f(r), 0) / rs.length;
  const summarise = (rs: LoadResult[]): LoadResult => ({
    requestsPerSec: mean(rs, (r) => r.requestsPerSec),
    p50: mean(rs, (r) => r.p50),
    p99: mean(rs, (r) => r.p99),
    errors: rs.reduce((s, r) => s + r.errors, 0),
    non2xx: rs.reduce((s, r) => s + r.non2xx, 0),
  });
  return [summarise(runs[0]), summarise(runs[1])];
}
