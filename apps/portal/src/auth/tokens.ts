import { newId } from '@dp/core';
import type { PrismaClient } from '@dp/db';
import { randomToken, sha256Hex } from './secure-random';

/** What a mailed token may be used for, and how long it lives. */
export const TOKEN_PURPOSES = {
  verify_email: { ttlMs: 24 * 60 * 60 * 1000 },
  reset_password: { ttlMs: 60 * 60 * 1000 },
} as const;
export type TokenPurpose = keyof typeof TOKEN_PURPOSES;

/**
 * Issues a single-use token: the raw value goes into the mail, only its sha256 is stored.
 * Earlier unused tokens of the same purpose are retired, so only the newest link works.
 */
export async function issueUserToken(prisma: PrismaClient, userId: string, purpose: TokenPurpose, now = new Date()): Promise<string> {
  const token = randomToken();
  await prisma.$transaction([
    prisma.userToken.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: now } }),
    prisma.userToken.create({
      data: {
        id: newId('att'),
        userId,
        purpose,
        tokenHash: sha256Hex(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + TOKEN_PURPOSES[purpose].ttlMs),
      },
    }),
  ]);
  return token;
}

/** Whether a token would be accepted now, without using it (to show the right page on GET). */
export async function peekUserToken(prisma: PrismaClient, token: string, purpose: TokenPurpose, now = new Date()): Promise<boolean> {
  if (!token) return false;
  const row = await prisma.userToken.findUnique({ where: { tokenHash: sha256Hex(token) } });
  return !!row && row.purpose === purpose && !row.usedAt && row.expiresAt > now;
}

/**
 * Uses a token: one conditional UPDATE marks it used only if it is unused and unexpired, so two
 * concurrent requests cannot both succeed. Returns the user id, or null.
 */
export async function consumeUserToken(
  prisma: PrismaClient,
  token: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<string | null> {
  if (!token) return null;
  const tokenHash = sha256Hex(token);
  const { count } = await prisma.userToken.updateMany({
    where: { tokenHash, purpose, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (count !== 1) return null;
  const row = await prisma.userToken.findUnique({ where: { tokenHash }, select: { userId: true } });
  return row?.userId ?? null;
}
