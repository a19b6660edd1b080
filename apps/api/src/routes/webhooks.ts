import { Router, type Request } from 'express';
import { invalidRequest, methodNotAllowed, notFound, sendSuccess, type FieldProblem } from '@dp/core';
import { createWebhook, deleteWebhook, getWebhook, listDeliveries, listWebhooks } from '@dp/db';
import type { ApiContext } from '../context';
import { ParamReader } from '../legal/params';
import { metered } from '../metering/metered';

const CREATE_FIELDS = ['url', 'events', 'description'];

/** The create body, checked for shape here; the domain function checks the values. */
function createBody(req: Request): { url: string; events: string[]; description?: string } {
  const body: unknown = req.body;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidRequest([{ field: 'body', problem: 'must be a JSON object with url and events' }]);
  }
  // Unknown fields are refused so a typo (`event`, `uri`) is not silently ignored.
  const problems: FieldProblem[] = Object.keys(body)
    .filter((k) => !CREATE_FIELDS.includes(k))
    .map((field) => ({ field, problem: `is not a known field (known: ${CREATE_FIELDS.join(', ')})` }));
  if (problems.length) throw invalidRequest(problems);
  return body as { url: string; events: string[]; description?: string };
}

/**
 * /v1/webhooks: create, list, read, delete webhooks and read their delivery log. Needs the
 * manage scope; costs 0 units. Another organization's webhook is answered 404, never 403.
 */
export function webhooksRouter(ctx: ApiContext): Router {
  const router = Router();
  const guard = [metered(ctx.meter, ctx.quota, 'manage', 'webhooks.manage')];
  const policy = { production: ctx.config.isProduction };
  const org = (req: Request) => req.principal!.orgId;
  const found = async (req: Request) => {
    const webhook = await getWebhook(ctx.db.prisma, org(req), String(req.params.id));
    if (!webhook) throw notFound('Webhook', { id: req.params.id });
    return webhook;
  };

  router
    .route('/webhooks')
    .get(...guard, async (req, res) => {
      sendSuccess(res, { webhooks: await listWebhooks(ctx.db.prisma, org(req)) });
    })
    .post(...guard, async (req, res) => {
      const created = await createWebhook(ctx.db.prisma, { ...createBody(req), orgId: org(req) }, policy);
      res.setHeader('Location', `/v1/webhooks/${created.webhook.id}`);
      sendSuccess(res, created, 201);
    })
    .all(methodNotAllowed(['GET', 'POST']));

  router
    .route('/webhooks/:id')
    .get(...guard, async (req, res) => {
      sendSuccess(res, { webhook: await found(req) });
    })
    .delete(...guard, async (req, res) => {
      if (!(await deleteWebhook(ctx.db.prisma, org(req), String(req.params.id)))) throw notFound('Webhook', { id: req.params.id });
      res.status(204).end();
    })
    .all(methodNotAllowed(['GET', 'DELETE']));

  router
    .route('/webhooks/:id/deliveries')
    .get(...guard, async (req, res) => {
      const params = new ParamReader(req.query);
      const limit = params.int('limit', { min: 1, max: 100, fallback: 20 });
      const cursor = params.string('cursor', { max: 200 });
      params.done();
      const webhook = await found(req);
      const page = await listDeliveries(ctx.db.prisma, org(req), webhook.id, { limit, cursor });
      sendSuccess(res, { webhook_id: webhook.id, deliveries: page.deliveries, next_cursor: page.nextCursor });
    })
    .all(methodNotAllowed(['GET']));

  return router;
}
