import { Router, type Request } from 'express';
import { ApiError, type FieldProblem } from '@dp/core';
import { createWebhook, deleteWebhook, getWebhook, listDeliveries, listWebhooks } from '@dp/db';
import type { PortalContext } from '../context';
import { requireSession } from '../auth/session-middleware';
import type { FieldError } from '../views/forms';
import { deliveriesPage, webhooksPage } from '../views/webhooks-page';
import { formList, formString, queryString } from './form-input';
import { sendPage } from './render';

const NOTICES: Record<string, string> = { webhook_deleted: 'The webhook has been deleted.' };
const FIELD_LABELS: Record<string, string> = { url: 'Endpoint URL', events: 'Events', description: 'Description' };

/** The domain function's field problems, as messages next to the form's fields. */
function toFieldErrors(problems: FieldProblem[]): FieldError[] {
  return problems.map((p) => ({
    field: p.field in FIELD_LABELS ? p.field : 'url',
    message: `${FIELD_LABELS[p.field] ?? p.field} ${p.problem}`,
  }));
}

/** Webhooks of the signed-in organization: list, create (secret shown once), delete, deliveries. */
export function webhooksRouter(ctx: PortalContext): Router {
  const router = Router();
  router.use('/webhooks', requireSession);
  const production = ctx.config.isProduction;
  const base = (req: Request) => ({ csrfToken: req.csrfToken, session: req.portalSession, production });

  router.get('/webhooks', async (req, res) => {
    const webhooks = await listWebhooks(ctx.db.prisma, req.portalSession!.org.id);
    sendPage(res, webhooksPage({ ...base(req), webhooks, message: NOTICES[queryString(req, 'notice')] }));
  });

  router.post('/webhooks', async (req, res) => {
    const orgId = req.portalSession!.org.id;
    const values = {
      url: formString(req, 'url', 2100).trim(),
      description: formString(req, 'description', 600),
      events: formList(req, 'events'),
    };
    try {
      const created = await createWebhook(
        ctx.db.prisma,
        { orgId, ...values, description: values.description || undefined },
        { production },
      );
      const webhooks = await listWebhooks(ctx.db.prisma, orgId);
      sendPage(res, webhooksPage({ ...base(req), webhooks, created }), 201);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'invalid_request') throw err;
      const errors = toFieldErrors((err.details.errors as FieldProblem[] | undefined) ?? [{ field: 'url', problem: err.message }]);
      const webhooks = await listWebhooks(ctx.db.prisma, orgId);
      sendPage(res, webhooksPage({ ...base(req), webhooks, errors, values }), 400);
    }
  });

  router.post('/webhooks/:id/delete', async (req, res) => {
    const deleted = await deleteWebhook(ctx.db.prisma, req.portalSession!.org.id, String(req.params.id));
    if (!deleted) throw new ApiError('not_found', 'There is no such webhook in your organization.');
    res.redirect(303, '/portal/webhooks?notice=webhook_deleted');
  });

  router.get('/webhooks/:id', async (req, res) => {
    const orgId = req.portalSession!.org.id;
    const webhook = await getWebhook(ctx.db.prisma, orgId, String(req.params.id));
    if (!webhook) throw new ApiError('not_found', 'There is no such webhook in your organization.');
    const cursor = queryString(req, 'cursor') || undefined;
    const page = await listDeliveries(ctx.db.prisma, orgId, webhook.id, { limit: 25, cursor });
    sendPage(res, deliveriesPage({ ...base(req), webhook, ...page }));
  });

  return router;
}
