import { capped, lines, requestLine } from './common';

export interface UsageView {
  organization: { id: string; name: string };
  plan: { name: string; requests_per_minute: number; monthly_units: number };
  period: { start: string; end: string };
  units: { used: number; remaining: number; limit: number };
  requests: number;
  by_operation: { operation: string; requests: number; units: number }[];
}

export function renderUsage(u: UsageView, requestId: string | null): string {
  return lines(
    `# Usage of ${u.organization.name} (${u.organization.id})`,
    `Plan: ${u.plan.name} — ${u.plan.requests_per_minute} requests/min, ${u.plan.monthly_units} units/month`,
    `Period: ${u.period.start} → ${u.period.end}`,
    `Units: ${u.units.used} used, ${u.units.remaining} remaining of ${u.units.limit}; ${u.requests} requests`,
    u.by_operation.length
      ? ['By operation:', ...capped(u.by_operation, (o) => `- ${o.operation}: ${o.requests} requests, ${o.units} units`, 'operations')]
      : null,
    requestLine(requestId),
  );
}
