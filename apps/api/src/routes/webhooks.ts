import { Router, type Request } from 'express';
import { invalidRequest, methodNotAllowed, notFound, sendSuccess, type FieldProblem } from '@dp/core';
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
} from '@dp/db';
import type { ApiContext } from '../context';
import { ParamReader } from '../legal/params';
import { withPrincipal, type PrincipalHandler } from '../metering/with-principal';

const CREATE_FIELDS = ['url', 'events', 'description'];
const UPDATE_FIELDS = ['url', 'events', 'description', 'enabled'];

/** A JSON object body with only known fields, checked for shape here; the domain function checks the values. */
function objectBody(req: Request, known: string[], what: string): Record<string, unknown> {
  const body: unknown = req.body;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidRequest([{ field: 'body', problem: `must be a JSON object with ${what}` }]);
  }
  // Unknown fields are refused so a typo (`event`, `uri`) is not silently ignored.
  const problems: FieldProblem[] = Object.keys(body)
    .filter((k) => !known.includes(k))
    .map((field) => ({ field, problem: `is not a known field (known: ${known.join(', ')})` }));
  if (problems.length) throw invalidRequest(problems);
  return body as Record<string, unknown>;
}

/** The create body: url and events (checked by createWebhook). */
function createBody(req: Request): { url: string; events: string[]; description?: string } {
  return objectBody(req, CREATE_FIELDS, 'url and events') as { url: string; events: string[]; description?: string };
}

/**
 * /v1/webhooks: create, list, read, edit, delete webhooks; send a test event, rotate the secret;
 * read the delivery log and one delivery in full, replay a delivery. Needs the manage scope;
 * costs 0 units. Another organization's webhook (or delivery) is answered 404, never 403.
 */
export function webhooksRouter(ctx: ApiContext): Router {
  const router = Router();
  const manage = (handler: PrincipalHandler) => withPrincipal(ctx, 'manage', 'webhooks.manage', handler);
  const policy = { allowPrivateTargets: ctx.config.WEBHOOK_ALLOW_PRIVATE_TARGETS };
  const found = async (req: Request, orgId: string) => {
    const webhook = await getWebhook(ctx.db.prisma, orgId, String(req.params.id));
    if (!webhook) throw notFound('Webhook', { id: req.params.id });
    return webhook;
  };

  router
    .route('/webhooks')
    .get(
      manage(async (req, res, { orgId }) => {
        sendSuccess(res, { webhooks: await listWebhooks(ctx.db.prisma, orgId) });
      }),
    )
    .post(
      manage(async (req, res, { orgId }) => {
        const created = await createWebhook(ctx.db.prisma, { ...createBody(req), orgId: orgId }, policy);
        res.setHeader('Location', `/v1/webhooks/${created.webhook.id}`);
        sendSuccess(res, created, 201);
      }),
    )
    .all(methodNotAllowed(['GET', 'POST']));

  router
    .route('/webhooks/:id')
    .get(
      manage(async (req, res, { orgId }) => {
        sendSuccess(res, { webhook: await found(req, orgId) });
      }),
    )
    .patch(
      manage(async (req, res, { orgId }) => {
        const body = objectBody(req, UPDATE_FIELDS, 'any of url, events, description, enabled');
        const webhook = await updateWebhook(ctx.db.prisma, orgId, String(req.params.id), body, policy);
        if (!webhook) throw notFound('Webhook', { id: req.params.id });
        sendSuccess(res, { webhook });
      }),
    )
    .delete(
      manage(async (req, res, { orgId }) => {
        if (!(await deleteWebhook(ctx.db.prisma, orgId, String(req.params.id)))) throw notFound('Webhook', { id: req.params.id });
        res.status(204).end();
      }),
    )
    .all(methodNotAllowed(['GET', 'PATCH', 'DELETE']));
  router
    .route('/webhooks/:id/test')
    .post(
      manage(async (req, res, { orgId }) => {
        const delivery = await sendTestEvent(ctx.db.prisma, orgId, String(req.params.id));
        if (!delivery) throw notFound('Webhook', { id: req.params.id });
        res.setHeader('Location', `/v1/webhooks/${String(req.params.id)}/deliveries/${delivery.id}`);
        sendSuccess(res, { delivery }, 202);
      }),
    )
    .all(methodNotAllowed(['POST']));
  router
    .route('/webhooks/:id/rotate-secret')
    .post(
      manage(async (req, res, { orgId }) => {
        const rotated = await rotateWebhookSecret(ctx.db.prisma, orgId, String(req.params.id));
        if (!rotated) throw notFound('Webhook', { id: req.params.id });
        sendSuccess(res, rotated);
      }),
    )
    .all(methodNotAllowed(['POST']));

  router
    .route('/webhooks/:id/deliveries')
    .get(
      manage(async (req, res, { orgId }) => {
        const params = new ParamReader(req.query);
        const limit = params.int('limit', { min: 1, max: 100, fallback: 20 });
        const cursor = params.string('cursor', { max: 200 });
        params.done();
        const webhook = await found(req, orgId);
        const page = await listDeliveries(ctx.db.prisma, orgId, webhook.id, { limit, cursor });
        sendSuccess(res, {
          webhook_id: webhook.id,
          deliveries: page.deliveries,
          next_cursor: page.nextCursor,
          has_more: page.nextCursor !== null,
        });
      }),
    )
    .all(methodNotAllowed(['GET']));
  router
    .route('/webhooks/:id/deliveries/:deliveryId')
    .get(
      manage(async (req, res, { orgId }) => {
        const delivery = await getDelivery(ctx.db.prisma, orgId, String(req.params.id), String(req.params.deliveryId));
        if (!delivery) throw notFound('Delivery', { id: req.params.deliveryId, webhook_id: req.params.id });
        sendSuccess(res, { delivery });
      }),
    )
    .all(methodNotAllowed(['GET']));
  router
    .route('/webhooks/:id/deliveries/:deliveryId/replay')
    .post(
      manage(async (req, res, { orgId }) => {
        const delivery = await replayDelivery(ctx.db.prisma, orgId, String(req.params.id), String(req.params.deliveryId));
        if (!delivery) throw notFound('Delivery', { id: req.params.deliveryId, webhook_id: req.params.id });
        res.setHeader('Location', `/v1/webhooks/${String(req.params.id)}/deliveries/${delivery.id}`);
        sendSuccess(res, { delivery }, 202);
      }),
    )
    .all(methodNotAllowed(['POST']));

  return router;
}
