import type { Scope } from '@dp/core';
import type { PrismaClient } from '../generated/client';

export interface ApiKeyPrincipal {
  keyId: string;
  orgId: string;
  scopes: Scope[];
  status: 'active' | 'revoked';
  plan: string;
  requestsPerMinute: number;
  monthlyUnits: number;
}

/** One query: the key by its hash joined with its organization's plan and limits. */
export async function findApiKeyByHash(prisma: PrismaClient, hash: string): Promise<ApiKeyPrincipal | null> {
  const key = await prisma.apiKey.findUnique({ where: { hash }, include: { org: true } });
  if (!key) return null;
  return {
    keyId: key.id,
    orgId: key.orgId,
    scopes: key.scopes as Scope[],
    status: key.status === 'revoked' ? 'revoked' : 'active',
    plan: key.org.plan,
    requestsPerMinute: key.org.requestsPerMinute,
    monthlyUnits: key.org.monthlyUnits,
  };
}

/** last_used_at is informational: written at most once a minute per key to spare the database. */
export async function touchApiKeyLastUsed(prisma: PrismaClient, keyId: string, at = new Date()): Promise<void> {
  await prisma.apiKey.updateMany({
    where: { id: keyId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(at.getTime() - 60_000) } }] },
    data: { lastUsedAt: at },
  });
}
