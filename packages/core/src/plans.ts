export const PLANS = ['free', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export interface PlanLimits {
  requestsPerMinute: number;
  monthlyUnits: number;
}

/** Defaults copied onto an organization when it is created; stored per organization after that. */
export const PLAN_DEFAULTS: Record<Plan, PlanLimits> = {
  free: { requestsPerMinute: 60, monthlyUnits: 10_000 },
  pro: { requestsPerMinute: 600, monthlyUnits: 1_000_000 },
  enterprise: { requestsPerMinute: 3_000, monthlyUnits: 50_000_000 },
};

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}
