import { apiKeyDisplayPrefix, generateApiKey, hashApiKey, newId, type Scope } from '@dp/core';
import type { PrismaClient } from '../generated/client';

export interface CreatedApiKey {
  id: string;
  /** The full key: returned here once and never again. */
  key: string;
  prefix: string;
  scopes: Scope[];
  orgId: string;
  createdAt: Date;
}

/** Only the sha256 of the key and a short display prefix are stored. */
export async function createApiKey(
  prisma: PrismaClient,
  input: { orgId: string; scopes: Scope[]; name?: string; createdByUserId?: string },
): Promise<CreatedApiKey> {
  const key = generateApiKey();
  const row = await prisma.apiKey.create({
    data: {
      id: newId('key'),
      orgId: input.orgId,
      name: input.name ?? '',
      prefix: apiKeyDisplayPrefix(key),
      hash: hashApiKey(key),
      scopes: input.scopes,
      createdByUserId: input.createdByUserId,
    },
  });
  return { id: row.id, key, prefix: row.prefix, scopes: row.scopes as Scope[], orgId: row.orgId, createdAt: row.createdAt };
}
