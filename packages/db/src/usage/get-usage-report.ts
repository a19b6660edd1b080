import { formatIsoDate, OPERATIONS, startOfMonthUtc, startOfNextMonthUtc, type Plan } from '@dp/core';
import { sql } from 'kysely';
import type { Database } from '../client';

export interface OperationUsage {
  operation: string;
  requests: number;
  units: number;
}

export interface DayUsage {
  day: string;
  requests: number;
  units: number;
  operations: Record<string, { requests: number; units: number }>;
}

export interface UsageReport {
  organization: { id: string; name: string };
  plan: { name: Plan; requests_per_minute: number; monthly_units: number };
  period: { start: string; end: string };
  units: { used: number; remaining: number; limit: number };
  requests: number;
  by_operation: OperationUsage[];
  by_day: DayUsage[];
}

/**
 * The organization's plan, the current calendar month (UTC) and its usage. One function for the
 * api's GET /v1/usage and the portal's usage page, so both always show the same numbers.
 */
export async function getUsageReport(db: Database, orgId: string, now = new Date()): Promise<UsageReport> {
  const org = await db.prisma.organization.findUniqueOrThrow({ where: { id: orgId } });
  const from = startOfMonthUtc(now);
  const to = startOfNextMonthUtc(now);
  const rows = await db.kysely
    .selectFrom('usage_counter')
    .select(['day', 'operation', 'requests', 'units'])
    .where('org_id', '=', orgId)
    // Days as dates (a Date parameter would be sent in the process's time zone).
    .where('day', '>=', sql<Date>`${formatIsoDate(from)}::date`)
    .where('day', '<', sql<Date>`${formatIsoDate(to)}::date`)
    .orderBy('day')
    .orderBy('operation')
    .execute();
  const byOperation = new Map<string, { requests: number; units: number }>(OPERATIONS.map((op) => [op, { requests: 0, units: 0 }]));
  const byDay = new Map<string, Omit<DayUsage, 'day'>>();
  let units = 0;
  let requests = 0;
  for (const r of rows) {
    const day = formatIsoDate(r.day);
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
    // Written only as one of PLANS (`isPlan` checks it where it is set).
    plan: { name: org.plan as Plan, requests_per_minute: org.requestsPerMinute, monthly_units: org.monthlyUnits },
    period: { start: from.toISOString(), end: to.toISOString() },
    units: { used: units, remaining: Math.max(0, org.monthlyUnits - units), limit: org.monthlyUnits },
    requests,
    by_operation: [...byOperation.entries()].map(([operation, v]) => ({ operation, ...v })),
    by_day: [...byDay.entries()].map(([day, v]) => ({ day, ...v })),
  };
}
