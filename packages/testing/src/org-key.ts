import { parseScopes } from '@dp/core';
import { createApiKey, createOrganization, type Database } from '@dp/db';

export interface OrgKeyOptions {
  name?: string;
  /** Comma-separated, as the CLI takes them (default `read,manage`). */
  scopes?: string;
  /** Plan limits, generous unless a test is about them. */
  requestsPerMinute?: number;
  monthlyUnits?: number;
}

export interface OrgKey {
  key: string;
  id: string;
  orgId: string;
}

/** A new organization with one API key, through the same domain functions the apps use. */
export async function createOrgWithKey(db: Pick<Database, 'prisma'>, options: OrgKeyOptions = {}): Promise<OrgKey> {
  const org = await createOrganization(db.prisma, {
    name: options.name ?? 'Test org',
    requestsPerMinute: options.requestsPerMinute ?? 10_000,
    monthlyUnits: options.monthlyUnits ?? 1_000_000,
  });
  const created = await createApiKey(db.prisma, { orgId: org.id, scopes: parseScopes(options.scopes ?? 'read,manage') });
  return { key: created.key, id: created.id, orgId: org.id };
}
