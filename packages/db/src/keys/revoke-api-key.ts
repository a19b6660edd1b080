import type { PrismaClient } from '../generated/client';

/** Channel on which revocations are announced, so every api instance drops its cached entry. */
export const KEY_REVOKED_CHANNEL = 'keys:revoked';

export interface RevokeResult {
  id: string;
  hash: string;
  revokedAt: Date;
  alreadyRevoked: boolean;
}

/**
 * Revokes a key in the database at once. Pass `publish` (SharedState.pubsub.publish) to tell
 * running api instances immediately; without it they notice within their cache TTL (≤ 60 s).
 * `orgId` restricts the revoke to keys of that organization (portal); returns null if not found.
 */
export async function revokeApiKey(
  prisma: PrismaClient,
  keyId: string,
  options: { orgId?: string; publish?: (channel: string, message: string) => Promise<void> } = {},
): Promise<RevokeResult | null> {
  const key = await prisma.apiKey.findFirst({ where: { id: keyId, ...(options.orgId ? { orgId: options.orgId } : {}) } });
  if (!key) return null;
  let revokedAt = key.revokedAt ?? new Date();
  const alreadyRevoked = key.status === 'revoked';
  if (!alreadyRevoked) {
    const updated = await prisma.apiKey.update({ where: { id: key.id }, data: { status: 'revoked', revokedAt } });
    revokedAt = updated.revokedAt!;
  }
  if (options.publish) {
    // Best effort: the cache TTL still bounds propagation if the bus is down.
    await options.publish(KEY_REVOKED_CHANNEL, key.hash).catch(() => {});
  }
  return { id: key.id, hash: key.hash, revokedAt, alreadyRevoked };
}
