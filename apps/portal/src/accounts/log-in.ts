import type { PrismaClient } from '@dp/db';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '../auth/passwords';
import { normalizeEmail } from './links';

export interface LoginResult {
  userId: string;
  orgId: string;
}

/**
 * Checks email + password. Unknown addresses cost the same scrypt work as known ones, and every
 * failure is the same null, so neither message nor timing tells whether an account exists.
 */
export async function checkCredentials(prisma: PrismaClient, email: string, password: string): Promise<LoginResult | null> {
  const user = await prisma.user.findUnique({
    where: { email: normalizeEmail(email) },
    include: { memberships: { orderBy: { createdAt: 'asc' }, take: 1 } },
  });
  if (!user) {
    await burnPasswordCheck(password);
    return null;
  }
  if (!(await verifyPassword(password, user.passwordHash))) return null;
  const membership = user.memberships[0];
  if (!membership) return null;
  // Hashes made with older, cheaper parameters are upgraded while the password is at hand.
  if (needsRehash(user.passwordHash)) {
    await prisma.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password) } });
  }
  return { userId: user.id, orgId: membership.orgId };
}
