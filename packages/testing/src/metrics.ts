/**
 * The value of one sample in a Prometheus text exposition: the line of `name` whose labels
 * include all of `labels` (others may be there too); undefined when there is none.
 */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = new Map<string, string>();
    for (const pair of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) found.set(pair[1], pair[2]);
    if (Object.entries(labels).every(([k, v]) => found.get(k) === v)) return Number(m[3]);
  }
  return undefined;
}
