import type { PortalContext } from '../context';
import { hashPassword } from '../auth/passwords';
import { deleteUserSessions } from '../auth/sessions';
import { consumeUserToken, issueUserToken } from '../auth/tokens';
import { passwordResetMail } from '../mail/messages';
import { normalizeEmail, portalLink } from './links';

/**
 * Mails a reset link when the address has an account, and does nothing visible otherwise. The
 * mail is queued (not awaited), so the response looks and takes the same either way.
 */
export async function requestPasswordReset(ctx: PortalContext, email: string): Promise<void> {
  const address = normalizeEmail(email);
  const user = await ctx.db.prisma.user.findUnique({ where: { email: address } });
  if (!user) return;
  const token = await issueUserToken(ctx.db.prisma, user.id, 'reset_password');
  ctx.mail.enqueue(passwordResetMail(address, portalLink(ctx.config, '/reset-password', { token })), 'reset_password');
}

/**
 * Sets a new password with a reset token (single use, 1 hour). Every session of the user ends,
 * so whoever knew the old password is signed out. Receiving the mail proves the address, so an
 * unverified address becomes verified. Returns false when the token is not valid.
 */
export async function resetPassword(ctx: PortalContext, token: string, newPassword: string, now = new Date()): Promise<boolean> {
  const prisma = ctx.db.prisma;
  const passwordHash = await hashPassword(newPassword);
  const userId = await consumeUserToken(prisma, token, 'reset_password', now);
  if (!userId) return false;
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId } });
  await prisma.user.update({
    where: { id: userId },
    data: { passwordHash, ...(user.emailVerifiedAt ? {} : { emailVerifiedAt: now }) },
  });
  await deleteUserSessions(prisma, userId);
  return true;
}
