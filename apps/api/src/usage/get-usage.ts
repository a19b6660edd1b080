import { formatIsoDate, OPERATIONS, startOfMonthUtc, startOfNextMonthUtc } from '@dp/core';
import type { Database } from '@dp/db';

/** GET /v1/usage: the organization's plan, the current calendar month (UTC) and its usage. */
export async function getUsage(db: Database, orgId: string, now = new Date()) {
  const org = await db.prisma.organization.findUniqueOrThrow({ where: { id: orgId } });
  const from = startOfMonthUtc(now);
  const to = startOfNextMonthUtc(now);
  const rows = await db.query<{ day: Date | string; operation: string; requests: number; units: number }>(
    `SELECT day, operation, requests, units FROM usage_counter
     WHERE org_id = $1 AND day >= $2::date AND day < $3::date ORDER BY day, operation`,
    [orgId, formatIsoDate(from), formatIsoDate(to)],
  );
  const byOperation = new Map<string, { requests: number; units: number }>(OPERATIONS.map((op) => [op, { requests: 0, units: 0 }]));
  const byDay = new Map<string, { requests: number; units: number; operations: Record<string, { requests: number; units: number }> }>();
  let units = 0;
  let requests = 0;
  for (const r of rows) {
    const day = typeof r.day === 'string' ? r.day.slice(0, 10) : formatIsoDate(r.day);
    const n = { requests: Number(r.requests), units: Number(r.units) };
    units += n.units;
    requests += n.requests;
    const op = byOperation.get(r.operation) ?? { requests: 0, units: 0 };
    op.requests += n.requests;
    op.units += n.units;
    byOperation.set(r.operation, op);
    const d = byDay.get(day) ?? { requests: 0, units: 0, operations: {} };
    d.requests += n.requests;
    d.units += n.units;
    d.operations[r.operation] = n;
    byDay.set(day, d);
  }
  return {
    organization: { id: org.id, name: org.name },
    plan: { name: org.plan, requests_per_minute: org.requestsPerMinute, monthly_units: org.monthlyUnits },
    period: { start: from.toISOString(), end: to.toISOString() },
    units: { used: units, remaining: Math.max(0, org.monthlyUnits - units), limit: org.monthlyUnits },
    requests,
    by_operation: [...byOperation.entries()].map(([operation, v]) => ({ operation, ...v })),
    by_day: [...byDay.entries()].map(([day, v]) => ({ day, ...v })),
  };
}
