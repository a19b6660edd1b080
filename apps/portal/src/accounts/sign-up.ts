import { newId } from '@dp/core';
import { createOrganization, isUniqueViolation, REQUEST_TRANSACTION } from '@dp/db';
import type { PortalContext } from '../context';
import { hashPassword } from '../auth/passwords';
import { issueUserToken } from '../auth/tokens';
import { alreadyRegisteredMail, verificationMail } from '../mail/messages';
import { normalizeEmail, portalLink } from './links';

export interface SignUpInput {
  email: string;
  password: string;
  organizationName: string;
}

/**
 * Creates organization + user (owner) and mails a verification link. When the address is taken,
 * the owner gets a "you already have an account" mail instead. Both paths hash the password and
 * queue exactly one mail, so neither the page nor its timing tells a visitor which case it was.
 */
export async function signUp(ctx: PortalContext, input: SignUpInput): Promise<void> {
  const email = normalizeEmail(input.email);
  const prisma = ctx.db.prisma;
  const passwordHash = await hashPassword(input.password);
  const existing = await prisma.user.findUnique({ where: { email } });
  if (existing) return notifyExisting(ctx, email, existing.id, existing.emailVerifiedAt !== null);

  const userId = newId('usr');
  try {
    await prisma.$transaction(async (tx) => {
      await tx.user.create({ data: { id: userId, email, passwordHash } });
      const org = await createOrganization(tx as unknown as typeof prisma, { name: input.organizationName.trim() });
      await tx.membership.create({ data: { userId, orgId: org.id, role: 'owner' } });
    }, REQUEST_TRANSACTION);
  } catch (err) {
    // A concurrent sign-up with the same address won the race: treat it as existing.
    if (!isUniqueViolation(err)) throw err;
    const winner = await prisma.user.findUnique({ where: { email } });
    if (winner) return notifyExisting(ctx, email, winner.id, winner.emailVerifiedAt !== null);
    throw err;
  }
  await sendVerificationMail(ctx, userId, email);
}

async function notifyExisting(ctx: PortalContext, email: string, userId: string, verified: boolean): Promise<void> {
  // An unverified owner most likely lost the first mail: a fresh verification link helps them.
  if (!verified) return sendVerificationMail(ctx, userId, email);
  ctx.mail.enqueue(
    alreadyRegisteredMail(email, portalLink(ctx.config, '/login'), portalLink(ctx.config, '/forgot-password')),
    'already_registered',
  );
}

export async function sendVerificationMail(ctx: PortalContext, userId: string, email: string): Promise<void> {
  const token = await issueUserToken(ctx.db.prisma, userId, 'verify_email');
  ctx.mail.enqueue(verificationMail(email, portalLink(ctx.config, '/verify-email', { token })), 'verify_email');
}
