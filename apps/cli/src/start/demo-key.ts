import { closeSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { hashApiKey } from '@dp/core';
import { createApiKey, createOrganization, type Database } from '@dp/db';

const DEMO_ORG = 'Demo';
const DEMO_KEY_NAME = 'demo (npm start)';

interface StoredDemoKey {
  id: string;
  key: string;
}

export function demoKeyFile(dataDir: string): string {
  return join(dataDir, 'demo-key.json');
}

function readStored(file: string): StoredDemoKey | undefined {
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as StoredDemoKey;
    return typeof stored.id === 'string' && typeof stored.key === 'string' ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** Written beside, then renamed: a crash never leaves half a key file; only the owner may read it. */
function writeStored(file: string, stored: StoredDemoKey): void {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, JSON.stringify(stored));
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

/**
 * The one demo key of a data directory: the stored key while the database still holds it as an
 * active key of the demo organization, else a new one (first start, revoked, or database reset).
 */
export async function ensureDemoKey(db: Database, dataDir: string): Promise<{ key: string; id: string; created: boolean }> {
  const file = demoKeyFile(dataDir);
  const stored = readStored(file);
  if (stored) {
    const row = await db.prisma.apiKey.findUnique({ where: { id: stored.id } });
    if (row && row.status === 'active' && row.hash === hashApiKey(stored.key)) return { ...stored, created: false };
  }
  const org =
    (await db.prisma.organization.findFirst({
      where: { name: DEMO_ORG, apiKeys: { some: { name: DEMO_KEY_NAME } } },
      orderBy: { createdAt: 'asc' },
    })) ?? (await createOrganization(db.prisma, { name: DEMO_ORG, plan: 'pro' }));
  // Keys an earlier start minted and no longer shows: one demo key with full access at a time.
  await db.prisma.apiKey.updateMany({
    where: { orgId: org.id, name: DEMO_KEY_NAME, status: 'active' },
    data: { status: 'revoked', revokedAt: new Date() },
  });
  const created = await createApiKey(db.prisma, { orgId: org.id, scopes: ['read', 'manage'], name: DEMO_KEY_NAME });
  writeStored(file, { id: created.id, key: created.key });
  return { id: created.id, key: created.key, created: true };
}
