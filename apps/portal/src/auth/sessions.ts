import type { PrismaClient } from '@dp/db';
import { randomToken, sha256Hex } from './secure-random';

/** Absolute lifetime: a stolen cookie stops working after this, whatever the activity. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface PortalSession {
  /** sha256 of the cookie value: the row id, and what CSRF tokens are bound to. */
  id: string;
  expiresAt: Date;
  user: { id: string; email: string; emailVerified: boolean };
  org: { id: string; name: string };
}

/** A new session with a fresh random cookie value; only its sha256 is stored. */
export async function createSession(
  prisma: PrismaClient,
  input: { userId: string; orgId: string },
  now = new Date(),
): Promise<{ cookieValue: string; id: string; expiresAt: Date }> {
  const cookieValue = randomToken();
  const id = sha256Hex(cookieValue);
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await prisma.session.create({ data: { id, userId: input.userId, orgId: input.orgId, expiresAt } });
  return { cookieValue, id, expiresAt };
}

/** The session a cookie value names, or null when unknown or expired (expired rows are removed). */
export async function findSession(prisma: PrismaClient, cookieValue: string, now = new Date()): Promise<PortalSession | null> {
  if (!cookieValue || cookieValue.length > 200) return null;
  const id = sha256Hex(cookieValue);
  const row = await prisma.session.findUnique({ where: { id }, include: { user: true } });
  if (!row) return null;
  if (row.expiresAt <= now) {
    await prisma.session.deleteMany({ where: { id } });
    return null;
  }
  const org = await prisma.organization.findUnique({ where: { id: row.orgId } });
  if (!org) return null;
  return {
    id,
    expiresAt: row.expiresAt,
    user: { id: row.user.id, email: row.user.email, emailVerified: row.user.emailVerifiedAt !== null },
    org: { id: org.id, name: org.name },
  };
}

export async function deleteSessionByCookie(prisma: PrismaClient, cookieValue: string): Promise<void> {
  if (!cookieValue) return;
  await prisma.session.deleteMany({ where: { id: sha256Hex(cookieValue) } });
}

/** After a password reset every existing session of the user ends. */
export async function deleteUserSessions(prisma: PrismaClient, userId: string): Promise<void> {
  await prisma.session.deleteMany({ where: { userId } });
}
