import { newId, PLAN_DEFAULTS, type Plan } from '@dp/core';
import type { PrismaClient } from '../generated/client';

export interface CreateOrganizationInput {
  name: string;
  plan?: Plan;
  /** Overrides of the plan's defaults (enterprise contracts, tests). */
  requestsPerMinute?: number;
  monthlyUnits?: number;
}

export async function createOrganization(prisma: PrismaClient, input: CreateOrganizationInput) {
  const plan = input.plan ?? 'free';
  const defaults = PLAN_DEFAULTS[plan];
  return prisma.organization.create({
    data: {
      id: newId('org'),
      name: input.name,
      plan,
      requestsPerMinute: input.requestsPerMinute ?? defaults.requestsPerMinute,
      monthlyUnits: input.monthlyUnits ?? defaults.monthlyUnits,
    },
  });
}
