// autocannon ships no types: the part of its API the benches use.
declare module 'autocannon' {
  function autocannon(opts: Record<string, unknown>): Promise<{
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  }>;
  export = autocannon;
}
