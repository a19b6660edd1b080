import { Router, type Request } from 'express';
import { ApiError, SCOPES, type Scope } from '@dp/core';
import { createApiKey, revokeApiKey } from '@dp/db';
import type { PortalContext } from '../context';
import { isKeyFlash, setFlash, takeFlash } from '../auth/flash';
import { requireSession } from '../auth/session-middleware';
import type { FieldError } from '../views/forms';
import { keysPage, type KeyRow } from '../views/keys-page';
import { formList, formString, queryString } from './form-input';
import { sendPage } from './render';

const NOTICES: Record<string, string> = {
  verification_sent: 'We have sent a new confirmation link. Check your email.',
};

/**
 * What a revocation does in this deployment. The database refuses the key at once; api instances
 * cache keys (≤ 60 s) and drop a revoked one when it is announced: over Redis pub/sub when the
 * shared state is Redis, else PostgreSQL NOTIFY (revokeApiKey always sends it, in its transaction).
 */
export function revocationEffect(ctx: PortalContext): string {
  const bus = ctx.state.kind === 'redis' ? 'Redis pub/sub' : 'PostgreSQL NOTIFY';
  return `Requests with it are refused by the API within about a second: every API instance is told over ${bus}. If that channel is down, instances stop accepting it within 60 seconds at most.`;
}

async function listKeys(ctx: PortalContext, orgId: string): Promise<KeyRow[]> {
  return ctx.db.prisma.apiKey.findMany({
    where: { orgId },
    orderBy: [{ status: 'asc' }, { createdAt: 'desc' }],
    select: { id: true, name: true, prefix: true, scopes: true, status: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
}

/** API keys of the signed-in organization: list, create (email verified only), revoke. */
export function keysRouter(ctx: PortalContext): Router {
  const router = Router();
  router.use('/keys', requireSession);

  const base = (req: Request) => ({
    csrfToken: req.csrfToken,
    session: req.portalSession,
    baseUrl: ctx.config.PUBLIC_BASE_URL,
    revocationEffect: revocationEffect(ctx),
  });

  router.get('/keys', async (req, res) => {
    // Read and deleted in one statement: a reload shows neither the message nor a new key again.
    const flash = await takeFlash(ctx, req, isKeyFlash);
    const keys = await listKeys(ctx, req.portalSession!.org.id);
    sendPage(res, keysPage({ ...base(req), keys, flash, message: NOTICES[queryString(req, 'notice')] }));
  });

  router.post('/keys', async (req, res) => {
    const s = req.portalSession!;
    // Spec 5.3: a key can be created only after the account's email is verified.
    if (!s.user.emailVerified) {
      throw new ApiError(
        'forbidden',
        'Confirm your email address before creating API keys. You can ask for a new confirmation link on the API keys page.',
        {
          reason: 'email_not_verified',
        },
      );
    }
    const name = formString(req, 'name', 200).trim();
    const requested = formList(req, 'scopes');
    const errors: FieldError[] = [];
    if (name.length > 100) errors.push({ field: 'key-name', message: 'Name must be at most 100 characters' });
    const scopes = requested.filter((v): v is Scope => (SCOPES as readonly string[]).includes(v));
    if (!scopes.length || scopes.length !== requested.length)
      errors.push({ field: 'scopes', message: 'Choose at least one scope: read, manage or both' });
    if (errors.length) {
      const keys = await listKeys(ctx, s.org.id);
      return sendPage(res, keysPage({ ...base(req), keys, errors, values: { name, scopes } }), 400);
    }
    const created = await createApiKey(ctx.db.prisma, { orgId: s.org.id, scopes: [...new Set(scopes)], name, createdByUserId: s.user.id });
    ctx.logger.info({ keyId: created.id, orgId: s.org.id, requestId: req.requestId }, 'api key created in the portal');
    // Post/redirect/get: the key waits in the session's one-time flash (encrypted under the
    // session cookie, never in a URL), so reloading the page it lands on creates nothing and
    // shows the key no more. Cache-Control: no-store keeps it out of the browser cache.
    await setFlash(ctx, req, { kind: 'key_created', keyId: created.id, prefix: created.prefix, name, key: created.key });
    res.redirect(303, '/portal/keys#result');
  });

  router.post('/keys/:id/revoke', async (req, res) => {
    const s = req.portalSession!;
    const result = await revokeApiKey(ctx.db.prisma, String(req.params.id), {
      orgId: s.org.id,
      // Announced on KEY_REVOKED_CHANNEL, so every api instance drops its cached entry at once.
      publish: (channel, message) => ctx.state.pubsub.publish(channel, message),
      onPublishError: (err) =>
        ctx.logger.warn(
          { requestId: req.requestId, reason: err instanceof Error ? err.message : String(err) },
          'key revocation not announced over Redis (PostgreSQL NOTIFY and the cache window still apply)',
        ),
    });
    if (!result) throw new ApiError('not_found', 'There is no such key in your organization.');
    ctx.logger.info({ keyId: result.id, orgId: s.org.id, requestId: req.requestId }, 'api key revoked in the portal');
    const key = await ctx.db.prisma.apiKey.findUniqueOrThrow({ where: { id: result.id }, select: { prefix: true, name: true } });
    await setFlash(ctx, req, { kind: 'key_revoked', keyId: result.id, ...key });
    res.redirect(303, '/portal/keys#result');
  });

  return router;
}
