import { Router, type Request, type Response } from 'express';
import { ApiError, type FieldProblem } from '@dp/core';
import {
  createWebhook,
  deleteWebhook,
  getDelivery,
  getWebhook,
  listDeliveries,
  listWebhooks,
  replayDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
  type WebhookView,
} from '@dp/db';
import type { PortalContext } from '../context';
import { setFlash, takeFlash, type Flash } from '../auth/flash';
import { requireSession } from '../auth/session-middleware';
import { deliveryPage } from '../views/delivery-page';
import type { FieldError } from '../views/forms';
import { html } from '../views/html';
import { webhookDetailPage, type WebhookDetailModel } from '../views/webhook-detail-page';
import { deliveryPath, webhookPath, webhooksPage } from '../views/webhooks-page';
import { formList, formString, queryString } from './form-input';
import { sendPage } from './render';

const NOTICES: Record<string, string> = {
  webhook_deleted: 'The webhook has been deleted.',
  webhook_updated: 'Your changes have been saved.',
  webhook_enabled: 'The webhook is active again. Its waiting deliveries are being sent now, in order.',
  webhook_disabled: 'The webhook is disabled. Nothing is sent until you re-enable it; events wait.',
  replayed: 'Replay queued: this is the new delivery. It is sent shortly, like any other.',
};
const FIELD_LABELS: Record<string, string> = { url: 'Endpoint URL', events: 'Events', description: 'Description' };
const noSuchWebhook = () => new ApiError('not_found', 'There is no such webhook in your organization.');

/** The domain function's field problems, as messages next to the form's fields. */
function toFieldErrors(problems: FieldProblem[]): FieldError[] {
  return problems.map((p) => ({
    field: p.field in FIELD_LABELS ? p.field : 'url',
    message: `${FIELD_LABELS[p.field] ?? p.field} ${p.problem}`,
  }));
}

/** Field errors of an invalid_request; anything else is rethrown to the error page. */
function formErrors(err: unknown): FieldError[] {
  if (!(err instanceof ApiError) || err.code !== 'invalid_request') throw err;
  return toFieldErrors((err.details.errors as FieldProblem[] | undefined) ?? [{ field: 'url', problem: err.message }]);
}

function formValues(req: Request) {
  return {
    url: formString(req, 'url', 2100).trim(),
    description: formString(req, 'description', 600),
    events: formList(req, 'events'),
  };
}

/**
 * Webhooks of the signed-in organization: list, create (confirmed email only; secret shown once),
 * and per webhook a detail page with edit, test event, secret rotation (shown once), disable and
 * re-enable, the delivery log, a delivery's detail and its replay. Every operation is the @dp/db
 * function the API uses. Every action redirects (post/redirect/get) to a page whose status message
 * takes the focus, so reloading that page repeats nothing. A new secret (creation, rotation)
 * waits for that page in the session's encrypted one-time flash, as a new API key does: shown
 * once, never in a URL.
 */
export function webhooksRouter(ctx: PortalContext): Router {
  const router = Router();
  router.use('/webhooks', requireSession);
  const allowPrivateTargets = ctx.config.WEBHOOK_ALLOW_PRIVATE_TARGETS;
  const policy = { allowPrivateTargets };
  const base = (req: Request) => ({ csrfToken: req.csrfToken, session: req.portalSession, allowPrivateTargets });
  const org = (req: Request) => req.portalSession!.org.id;
  const id = (req: Request) => String(req.params.id);

  async function found(req: Request): Promise<WebhookView> {
    const webhook = await getWebhook(ctx.db.prisma, org(req), id(req));
    if (!webhook) throw noSuchWebhook();
    return webhook;
  }

  async function renderDetail(req: Request, res: Response, extra: Partial<WebhookDetailModel>, status = 200): Promise<void> {
    const webhook = await found(req);
    const cursor = queryString(req, 'cursor') || undefined;
    const page = await listDeliveries(ctx.db.prisma, org(req), webhook.id, { limit: 25, cursor });
    sendPage(res, webhookDetailPage({ ...base(req), webhook, ...page, ...extra }), status);
  }

  router.get('/webhooks', async (req, res) => {
    // Read and deleted at once: a reload shows the new secret no more (and creates nothing).
    const flash = await takeFlash(ctx, req, (f): f is Extract<Flash, { kind: 'webhook_created' }> => f.kind === 'webhook_created');
    const webhooks = await listWebhooks(ctx.db.prisma, org(req));
    const created = flash ? { url: flash.url, secret: flash.secret } : undefined;
    sendPage(res, webhooksPage({ ...base(req), webhooks, created, message: NOTICES[queryString(req, 'notice')] }));
  });

  router.post('/webhooks', async (req, res) => {
    // As for API keys (spec 5.3): only an account with a confirmed email address adds webhooks.
    if (!req.portalSession!.user.emailVerified) {
      throw new ApiError(
        'forbidden',
        'Confirm your email address before adding webhooks. You can ask for a new confirmation link on the webhooks page.',
        {
          reason: 'email_not_verified',
        },
      );
    }
    const values = formValues(req);
    try {
      const created = await createWebhook(
        ctx.db.prisma,
        { orgId: org(req), ...values, description: values.description || undefined },
        policy,
      );
      ctx.logger.info({ webhookId: created.webhook.id, orgId: org(req), requestId: req.requestId }, 'webhook created in the portal');
      // Post/redirect/get, as for a new key: the secret waits in the session's one-time flash.
      await setFlash(ctx, req, {
        kind: 'webhook_created',
        webhookId: created.webhook.id,
        url: created.webhook.url,
        secret: created.secret,
      });
      res.redirect(303, '/portal/webhooks#flash');
    } catch (err) {
      const errors = formErrors(err);
      const webhooks = await listWebhooks(ctx.db.prisma, org(req));
      sendPage(res, webhooksPage({ ...base(req), webhooks, errors, values }), 400);
    }
  });

  router.post('/webhooks/:id/delete', async (req, res) => {
    if (!(await deleteWebhook(ctx.db.prisma, org(req), id(req)))) throw noSuchWebhook();
    res.redirect(303, '/portal/webhooks?notice=webhook_deleted');
  });

  router.get('/webhooks/:id', async (req, res) => {
    // A rotation of this webhook (the flash names it): its new secret, this once.
    const rotated = await takeFlash(
      ctx,
      req,
      (f): f is Extract<Flash, { kind: 'webhook_secret_rotated' }> => f.kind === 'webhook_secret_rotated' && f.webhookId === id(req),
    );
    if (rotated) return renderDetail(req, res, { rotatedSecret: rotated.secret });
    const notice = queryString(req, 'notice');
    const testDelivery = /^msg_[A-Za-z0-9]{1,40}$/.exec(queryString(req, 'delivery'))?.[0];
    const message =
      notice === 'test_sent' && testDelivery
        ? html`Test event queued. <a href="${deliveryPath(id(req), testDelivery)}">See its delivery</a>; it is sent shortly and shows in the log below.`
        : NOTICES[notice];
    await renderDetail(req, res, { message });
  });

  router.post('/webhooks/:id/edit', async (req, res) => {
    const values = formValues(req);
    try {
      const updated = await updateWebhook(ctx.db.prisma, org(req), id(req), { ...values, description: values.description }, policy);
      if (!updated) throw noSuchWebhook();
      res.redirect(303, `${webhookPath(updated.id)}?notice=webhook_updated`);
    } catch (err) {
      await renderDetail(req, res, { errors: formErrors(err), values }, 400);
    }
  });

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    router.post(`/webhooks/:id/${action}`, async (req, res) => {
      const updated = await updateWebhook(ctx.db.prisma, org(req), id(req), { enabled }, policy);
      if (!updated) throw noSuchWebhook();
      res.redirect(303, `${webhookPath(updated.id)}?notice=webhook_${action}d`);
    });
  }

  router.post('/webhooks/:id/test', async (req, res) => {
    const delivery = await sendTestEvent(ctx.db.prisma, org(req), id(req));
    if (!delivery) throw noSuchWebhook();
    res.redirect(303, `${webhookPath(id(req))}?notice=test_sent&delivery=${encodeURIComponent(delivery.id)}`);
  });

  router.post('/webhooks/:id/rotate', async (req, res) => {
    const rotated = await rotateWebhookSecret(ctx.db.prisma, org(req), id(req));
    if (!rotated) throw noSuchWebhook();
    ctx.logger.info({ webhookId: rotated.webhook.id, orgId: org(req), requestId: req.requestId }, 'webhook secret rotated in the portal');
    // Post/redirect/get: the new secret waits in the session's one-time flash, never in a URL, so
    // reloading the page shows it no more and rotates nothing (a second rotation would retire the
    // previous secret at once).
    await setFlash(ctx, req, { kind: 'webhook_secret_rotated', webhookId: rotated.webhook.id, secret: rotated.secret });
    res.redirect(303, `${webhookPath(rotated.webhook.id)}#flash`);
  });

  router.get('/webhooks/:id/deliveries/:deliveryId', async (req, res) => {
    const webhook = await found(req);
    const delivery = await getDelivery(ctx.db.prisma, org(req), webhook.id, String(req.params.deliveryId));
    if (!delivery) throw new ApiError('not_found', 'There is no such delivery for this webhook.');
    sendPage(res, deliveryPage({ ...base(req), webhook, delivery, message: NOTICES[queryString(req, 'notice')] }));
  });

  router.post('/webhooks/:id/deliveries/:deliveryId/replay', async (req, res) => {
    const delivery = await replayDelivery(ctx.db.prisma, org(req), id(req), String(req.params.deliveryId));
    if (!delivery) throw new ApiError('not_found', 'There is no such delivery for this webhook.');
    res.redirect(303, `${deliveryPath(id(req), delivery.id)}?notice=replayed`);
  });

  return router;
}
