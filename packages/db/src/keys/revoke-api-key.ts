import type { PrismaClient } from '../generated/client';
import { KEYS_REVOKED } from '../notify/announcements';

export interface RevokeResult {
  id: string;
  hash: string;
  revokedAt: Date;
  alreadyRevoked: boolean;
}

/**
 * Revokes a key in the database at once and tells running api instances: NOTIFY in the same
 * transaction (delivered at commit, reaches instances without Redis), and `publish`
 * (SharedState.pubsub.publish) for instances that listen over Redis. Without either, they
 * notice within their cache TTL (≤ 60 s).
 * `orgId` restricts the revoke to keys of that organization (portal); returns null if not found.
 */
export async function revokeApiKey(
  prisma: PrismaClient,
  keyId: string,
  options: {
    orgId?: string;
    publish?: (channel: string, message: string) => Promise<void>;
    /** Told when `publish` fails (the caller logs it); the revocation itself stands. */
    onPublishError?: (err: unknown) => void;
  } = {},
): Promise<RevokeResult | null> {
  const key = await prisma.apiKey.findFirst({ where: { id: keyId, ...(options.orgId ? { orgId: options.orgId } : {}) } });
  if (!key) return null;
  let revokedAt = key.revokedAt ?? new Date();
  const alreadyRevoked = key.status === 'revoked';
  // Announced again when already revoked: an instance that missed it drops the key now.
  const [updated] = await prisma.$transaction([
    alreadyRevoked
      ? prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } })
      : prisma.apiKey.update({ where: { id: key.id }, data: { status: 'revoked', revokedAt } }),
    prisma.$executeRaw`SELECT pg_notify(${KEYS_REVOKED.pgChannel}, current_schema() || ':' || ${key.hash})`,
  ]);
  revokedAt = updated.revokedAt ?? revokedAt;
  if (options.publish) {
    // Best effort: the cache TTL still bounds propagation if the bus is down.
    await options.publish(KEYS_REVOKED.channel, key.hash).catch((err: unknown) => options.onPublishError?.(err));
  }
  return { id: key.id, hash: key.hash, revokedAt, alreadyRevoked };
}
