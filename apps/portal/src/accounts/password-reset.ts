import type { PortalContext } from '../context';
import { hashPassword } from '../auth/passwords';
import { deleteUserSessions } from '../auth/sessions';
import { consumeUserToken, issueUserToken } from '../auth/tokens';
import { passwordResetMail } from '../mail/messages';
import type { MailMessage } from '../mail/mailer';
import { normalizeEmail, portalLink } from './links';

/**
 * Mails a reset link when the address has an account, and nothing otherwise. The request itself
 * does the same work either way — it queues one background task — and the lookup, the token and
 * the mail happen in that task, so neither the answer nor its timing tells whether the address
 * has an account.
 */
export function requestPasswordReset(ctx: Pick<PortalContext, 'db' | 'mail' | 'config'>, email: string): void {
  const address = normalizeEmail(email);
  ctx.mail.enqueueTask('reset_password', () => resetMailFor(ctx, address));
}

/** The background half: the reset mail for an address with an account, else nothing. */
async function resetMailFor(ctx: Pick<PortalContext, 'db' | 'config'>, address: string): Promise<MailMessage | undefined> {
  const user = await ctx.db.prisma.user.findUnique({ where: { email: address } });
  if (!user) return undefined;
  const token = await issueUserToken(ctx.db.prisma, user.id, 'reset_password');
  return passwordResetMail(address, portalLink(ctx.config, '/reset-password', { token }));
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
