import { formatIsoDate } from '@dp/core';
import type { Database } from '../client';
import type { TableRow } from '../typed-sql';
import type { DayUsage, OperationUsage } from './get-usage-report';

/** One line of usage: a day, key, operation and HTTP status. */
export interface UsageLine {
  day: string;
  /** null: counted before usage was recorded per key and status (usage_counter only). */
  key: { id: string; name: string; prefix: string } | null;
  operation: string;
  status: number | null;
  requests: number;
  units: number;
}

export interface KeyUsage {
  key: UsageLine['key'];
  requests: number;
  units: number;
}

export interface StatusUsage {
  status: number | null;
  requests: number;
  units: number;
}

export interface UsageBreakdown {
  /** Inclusive UTC days, `YYYY-MM-DD`. */
  range: { from: string; to: string };
  requests: number;
  units: number;
  by_day: DayUsage[];
  by_operation: OperationUsage[];
  by_key: KeyUsage[];
  by_status: StatusUsage[];
  /** Every line, ordered by day, key, operation and status (the CSV download). */
  lines: UsageLine[];
}

// Raw, typed from the tables: a UNION ALL of the detail and the counter's remainder (whose key and
// status are NULL), which the builder would only restate; each column is its table's.
type Row = Pick<TableRow<'usage_detail'>, 'day' | 'operation' | 'requests' | 'units'> & {
  key_id: TableRow<'usage_detail'>['key_id'] | null;
  status: TableRow<'usage_detail'>['status'] | null;
  key_name: TableRow<'api_key'>['name'] | null;
  key_prefix: TableRow<'api_key'>['prefix'] | null;
};

function add<K>(map: Map<K, { requests: number; units: number }>, key: K, line: UsageLine) {
  const cur = map.get(key) ?? { requests: 0, units: 0 };
  cur.requests += line.requests;
  cur.units += line.units;
  map.set(key, cur);
}

/**
 * An organization's usage over a range of UTC days, per day, operation, key and status. Lines
 * come from usage_detail; whatever usage_counter holds beyond them (counted before usage was
 * recorded per key) is one line per day and operation without key and status, so the totals
 * always equal the counter's, which the quota and GET /v1/usage read.
 */
export async function getUsageBreakdown(db: Database, orgId: string, range: { from: Date; to: Date }): Promise<UsageBreakdown> {
  const from = formatIsoDate(range.from);
  const to = formatIsoDate(range.to);
  const rows = await db.query<Row>(
    `WITH detail AS (
       SELECT d.day, d.key_id, k.name AS key_name, k.prefix AS key_prefix, d.operation, d.status::int AS status, d.requests, d.units
       FROM usage_detail d LEFT JOIN api_key k ON k.id = d.key_id
       WHERE d.org_id = $1 AND d.day BETWEEN $2::date AND $3::date
     ),
     rest AS (
       SELECT c.day, NULL::text AS key_id, NULL::text AS key_name, NULL::text AS key_prefix, c.operation, NULL::int AS status,
              c.requests - coalesce(s.requests, 0) AS requests, c.units - coalesce(s.units, 0) AS units
       FROM usage_counter c
       LEFT JOIN (SELECT day, operation, sum(requests)::int AS requests, sum(units)::int AS units FROM detail GROUP BY day, operation) s
         USING (day, operation)
       WHERE c.org_id = $1 AND c.day BETWEEN $2::date AND $3::date AND c.requests > coalesce(s.requests, 0)
     )
     SELECT * FROM detail UNION ALL SELECT * FROM rest
     ORDER BY day, key_id NULLS LAST, operation, status NULLS LAST`,
    [orgId, from, to],
  );
  const lines: UsageLine[] = rows.map((r) => ({
    day: formatIsoDate(r.day),
    key: r.key_id ? { id: r.key_id, name: r.key_name ?? '', prefix: r.key_prefix ?? '' } : null,
    operation: r.operation,
    status: r.status === null ? null : Number(r.status),
    requests: Number(r.requests),
    units: Number(r.units),
  }));
  const byDay = new Map<string, Omit<DayUsage, 'day'>>();
  const byOperation = new Map<string, { requests: number; units: number }>();
  const byKey = new Map<string | null, { requests: number; units: number }>();
  const keys = new Map<string | null, UsageLine['key']>();
  const byStatus = new Map<number | null, { requests: number; units: number }>();
  let requests = 0;
  let units = 0;
  for (const line of lines) {
    requests += line.requests;
    units += line.units;
    const d = byDay.get(line.day) ?? { requests: 0, units: 0, operations: {} };
    d.requests += line.requests;
    d.units += line.units;
    const op = (d.operations[line.operation] ??= { requests: 0, units: 0 });
    op.requests += line.requests;
    op.units += line.units;
    byDay.set(line.day, d);
    add(byOperation, line.operation, line);
    add(byKey, line.key?.id ?? null, line);
    keys.set(line.key?.id ?? null, line.key);
    add(byStatus, line.status, line);
  }
  const busiest = (a: { requests: number }, b: { requests: number }) => b.requests - a.requests;
  return {
    range: { from, to },
    requests,
    units,
    by_day: [...byDay.entries()].map(([day, v]) => ({ day, ...v })),
    by_operation: [...byOperation.entries()].map(([operation, v]) => ({ operation, ...v })).sort(busiest),
    by_key: [...byKey.entries()].map(([id, v]) => ({ key: keys.get(id) ?? null, ...v })).sort(busiest),
    by_status: [...byStatus.entries()].map(([status, v]) => ({ status, ...v })).sort((a, b) => (a.status ?? 1000) - (b.status ?? 1000)),
    lines,
  };
}
