import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Request } from 'express';
import type { PortalContext } from '../context';
import { readCookie } from './cookies';

/** What a POST leaves for the page its redirect lands on (post/redirect/get). */
export type Flash =
  | { kind: 'key_created'; keyId: string; prefix: string; name: string; key: string }
  | { kind: 'key_revoked'; keyId: string; prefix: string; name: string };

/** Long enough to follow a redirect on a slow connection; a flash nobody fetched then lapses. */
const FLASH_TTL_MS = 5 * 60 * 1000;

/**
 * AES-256-GCM under a key derived from the session's cookie value (and SESSION_SECRET): the
 * database holds only the cookie's sha256, so a flash (a new API key) is unreadable at rest and
 * only the browser holding the cookie can have it read back.
 */
function flashKey(ctx: PortalContext, cookieValue: string): Buffer {
  return Buffer.from(hkdfSync('sha256', cookieValue, ctx.config.SESSION_SECRET, 'dp portal flash v1', 32));
}

function sessionCookie(ctx: PortalContext, req: Request): string | undefined {
  return req.portalSession ? readCookie(req, ctx.cookies.sessionName) : undefined;
}

/** Leaves one flash for the session's next page; a newer flash replaces an unread one. */
export async function setFlash(ctx: PortalContext, req: Request, flash: Flash): Promise<void> {
  const cookie = sessionCookie(ctx, req);
  if (!cookie || !req.portalSession) throw new Error('setFlash needs a signed-in session');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', flashKey(ctx, cookie), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(flash), 'utf8'), cipher.final()]);
  const payload = Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  const expiresAt = new Date(Date.now() + FLASH_TTL_MS);
  await ctx.db.prisma.portalFlash.upsert({
    where: { sessionId: req.portalSession.id },
    create: { sessionId: req.portalSession.id, payload, expiresAt },
    update: { payload, expiresAt },
  });
}

/**
 * The session's flash, deleted in the same statement that reads it: shown once, even when two
 * requests race (a reload, a second tab).
 */
export async function takeFlash(ctx: PortalContext, req: Request): Promise<Flash | null> {
  const cookie = sessionCookie(ctx, req);
  if (!cookie || !req.portalSession) return null;
  const rows = await ctx.db.query<{ payload: string; expires_at: Date }>(
    'DELETE FROM portal_flash WHERE session_id = $1 RETURNING payload, expires_at',
    [req.portalSession.id],
  );
  const row = rows[0];
  if (!row || new Date(row.expires_at).getTime() <= Date.now()) return null;
  try {
    const raw = Buffer.from(row.payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', flashKey(ctx, cookie), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as Flash;
  } catch {
    // Sealed for another cookie value or SESSION_SECRET: nothing to show.
    return null;
  }
}
