import type { PrismaClient } from '@dp/db';
import { consumeUserToken } from '../auth/tokens';

/** Uses a verification token; true when it was valid (the address is verified from then on). */
export async function verifyEmail(prisma: PrismaClient, token: string, now = new Date()): Promise<boolean> {
  const userId = await consumeUserToken(prisma, token, 'verify_email', now);
  if (!userId) return false;
  await prisma.user.updateMany({ where: { id: userId, emailVerifiedAt: null }, data: { emailVerifiedAt: now } });
  return true;
}
