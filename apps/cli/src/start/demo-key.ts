import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createApiKey, createOrganization, type Database } from '@dp/db';

const DEMO_ORG = 'Demo';
const DEMO_KEY_NAME = 'demo (npm start)';

/** Where earlier versions kept the demo key in plaintext: removed on sight. */
export function legacyDemoKeyFile(dataDir: string): string {
  return join(dataDir, 'demo-key.json');
}

export type DemoKey = { id: string; created: true; key: string } | { id: string; created: false };

/**
 * The one demo key of a database, kept like any key (only its hash is stored): the active one when
 * there is one, unless `renew`; otherwise a new one (first start, revoked, database reset, or
 * asked for), whose plaintext the caller shows once. A new key revokes the ones before it, so one
 * demo key with full access exists at a time.
 */
export async function ensureDemoKey(db: Database, dataDir: string, options: { renew?: boolean } = {}): Promise<DemoKey> {
  // The plaintext copy earlier versions kept; the key itself stays valid for whoever noted it.
  rmSync(legacyDemoKeyFile(dataDir), { force: true });
  const active = await db.prisma.apiKey.findFirst({
    where: { name: DEMO_KEY_NAME, status: 'active', org: { name: DEMO_ORG } },
    orderBy: { createdAt: 'desc' },
  });
  if (active && !options.renew) return { id: active.id, created: false };
  const org =
    (await db.prisma.organization.findFirst({
      where: { name: DEMO_ORG, apiKeys: { some: { name: DEMO_KEY_NAME } } },
      orderBy: { createdAt: 'asc' },
    })) ?? (await createOrganization(db.prisma, { name: DEMO_ORG, plan: 'pro' }));
  // Before any app runs: no key cache holds the revoked ones yet.
  await db.prisma.apiKey.updateMany({
    where: { name: DEMO_KEY_NAME, status: 'active', org: { name: DEMO_ORG } },
    data: { status: 'revoked', revokedAt: new Date() },
  });
  const created = await createApiKey(db.prisma, { orgId: org.id, scopes: ['read', 'manage'], name: DEMO_KEY_NAME });
  return { id: created.id, key: created.key, created: true };
}
