import type { V1Schemas } from '@dp/core';
import { capped, lines, requestLine } from './common';

export type UsageView = V1Schemas['Usage'];

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
