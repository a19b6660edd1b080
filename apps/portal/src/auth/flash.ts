import type { Request } from 'express';
import type { PortalContext } from '../context';
import { readCookie } from './cookies';
import { derivedKey, seal, unseal } from './seal';

/** What a POST leaves for the page its redirect lands on (post/redirect/get). */
export type Flash =
  | { kind: 'key_created'; keyId: string; prefix: string; name: string; key: string }
  | { kind: 'key_revoked'; keyId: string; prefix: string; name: string }
  | { kind: 'webhook_created'; webhookId: string; url: string; secret: string }
  | { kind: 'webhook_secret_rotated'; webhookId: string; secret: string };
export type KeyFlash = Extract<Flash, { kind: 'key_created' | 'key_revoked' }>;
export const isKeyFlash = (f: Flash): f is KeyFlash => f.kind === 'key_created' || f.kind === 'key_revoked';

/** Long enough to follow a redirect on a slow connection; a flash nobody fetched then lapses. */
const FLASH_TTL_MS = 5 * 60 * 1000;

/**
 * AES-256-GCM under a key derived from the session's cookie value (and SESSION_SECRET): the
 * database holds only the cookie's sha256, so a flash (a new API key) is unreadable at rest and
 * only the browser holding the cookie can have it read back.
 */
function flashKey(ctx: PortalContext, cookieValue: string): Buffer {
  return derivedKey(cookieValue, ctx.config.SESSION_SECRET, 'dp portal flash v1');
}

function sessionCookie(ctx: PortalContext, req: Request): string | undefined {
  return req.portalSession ? readCookie(req, ctx.cookies.sessionName) : undefined;
}

/** Leaves one flash for the session's next page; a newer flash replaces an unread one. */
export async function setFlash(ctx: PortalContext, req: Request, flash: Flash): Promise<void> {
  const cookie = sessionCookie(ctx, req);
  if (!cookie || !req.portalSession) throw new Error('setFlash needs a signed-in session');
  const payload = seal(flashKey(ctx, cookie), JSON.stringify(flash));
  const expiresAt = new Date(Date.now() + FLASH_TTL_MS);
  await ctx.db.prisma.portalFlash.upsert({
    where: { sessionId: req.portalSession.id },
    create: { sessionId: req.portalSession.id, payload, expiresAt },
    update: { payload, expiresAt },
  });
}

function openFlash(ctx: PortalContext, cookie: string, payload: string): Flash | null {
  // Sealed for another cookie value or SESSION_SECRET: nothing to show.
  const text = unseal(flashKey(ctx, cookie), payload);
  return text === null ? null : (JSON.parse(text) as Flash);
}

/**
 * The session's flash if `accept` takes it (each page takes only the outcomes it shows, so a page
 * opened in another tab meanwhile cannot swallow a new key or secret meant for another page).
 * It is deleted by a statement that names the very payload read: shown once, even when two
 * requests race (a reload, a second tab); the loser gets nothing.
 */
export async function takeFlash<F extends Flash>(
  ctx: PortalContext,
  req: Request,
  accept: (flash: Flash) => flash is F,
): Promise<F | null> {
  const cookie = sessionCookie(ctx, req);
  if (!cookie || !req.portalSession) return null;
  const row = await ctx.db.kysely
    .selectFrom('portal_flash')
    .select(['payload', 'expires_at'])
    .where('session_id', '=', req.portalSession.id)
    .executeTakeFirst();
  if (!row) return null;
  if (new Date(row.expires_at).getTime() <= Date.now()) {
    await ctx.db.query('DELETE FROM portal_flash WHERE session_id = $1 AND payload = $2', [req.portalSession.id, row.payload]);
    return null;
  }
  const flash = openFlash(ctx, cookie, row.payload);
  if (flash && !accept(flash)) return null;
  const taken = await ctx.db.query('DELETE FROM portal_flash WHERE session_id = $1 AND payload = $2 RETURNING 1', [
    req.portalSession.id,
    row.payload,
  ]);
  return taken.length ? flash : null;
}
