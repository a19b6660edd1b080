import type { PrismaClient } from '../generated/client';

/** Channel on which revocations are announced, so every api instance drops its cached entry. */
export const KEY_REVOKED_CHANNEL = 'keys:revoked';

/**
 * The same announcement over PostgreSQL (NOTIFY), for deployments without Redis. Channels are
 * database-wide, so the payload is `<schema>:<key hash>` and listeners keep their own schema's.
 */
export const KEY_REVOKED_PG_CHANNEL = 'dp_keys_revoked';

export function parseKeyRevokedNotification(payload: string, schema: string): string | undefined {
  const at = payload.lastIndexOf(':');
  return at > 0 && payload.slice(0, at) === schema ? payload.slice(at + 1) : undefined;
}

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
    prisma.$executeRaw`SELECT pg_notify(${KEY_REVOKED_PG_CHANNEL}, current_schema() || ':' || ${key.hash})`,
  ]);
  revokedAt = updated.revokedAt ?? revokedAt;
  if (options.publish) {
    // Best effort: the cache TTL still bounds propagation if the bus is down.
    await options.publish(KEY_REVOKED_CHANNEL, key.hash).catch((err: unknown) => options.onPublishError?.(err));
  }
  return { id: key.id, hash: key.hash, revokedAt, alreadyRevoked };
}
