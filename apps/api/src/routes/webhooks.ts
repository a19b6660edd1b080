import {
  createWebhookRoute,
  deleteWebhookRoute,
  getWebhookDeliveryRoute,
  getWebhookRoute,
  listWebhookDeliveriesRoute,
  listWebhooksRoute,
  notFound,
  replayWebhookDeliveryRoute,
  rotateWebhookSecretRoute,
  sendWebhookTestEventRoute,
  updateWebhookRoute,
} from '@dp/core';
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
import { defineRoute } from './define-route';

/**
 * /v1/webhooks (declared in core: `WEBHOOK_ROUTES`). Another organization's webhook (or delivery)
 * is answered 404, never 403.
 */
export function webhookRoutes(ctx: ApiContext) {
  const policy = { allowPrivateTargets: ctx.config.WEBHOOK_ALLOW_PRIVATE_TARGETS };
  const found = async (orgId: string, id: string) => {
    const webhook = await getWebhook(ctx.db.prisma, orgId, id);
    if (!webhook) throw notFound('Webhook', { id });
    return webhook;
  };
  return [
    defineRoute(listWebhooksRoute, async (_input, _req, res, { principal }) => {
      return { status: 200, data: { webhooks: await listWebhooks(ctx.db.prisma, principal.orgId) } };
    }),
    defineRoute(createWebhookRoute, async ({ body }, _req, res, { principal }) => {
      const created = await createWebhook(ctx.db.prisma, { ...body, orgId: principal.orgId }, policy);
      res.setHeader('Location', `/v1/webhooks/${created.webhook.id}`);
      return { status: 201, data: created };
    }),
    defineRoute(getWebhookRoute, async ({ params }, _req, res, { principal }) => {
      return { status: 200, data: { webhook: await found(principal.orgId, params.id) } };
    }),
    defineRoute(updateWebhookRoute, async ({ params, body }, _req, res, { principal }) => {
      const webhook = await updateWebhook(ctx.db.prisma, principal.orgId, params.id, body, policy);
      if (!webhook) throw notFound('Webhook', { id: params.id });
      return { status: 200, data: { webhook } };
    }),
    defineRoute(deleteWebhookRoute, async ({ params }, _req, res, { principal }) => {
      if (!(await deleteWebhook(ctx.db.prisma, principal.orgId, params.id))) throw notFound('Webhook', { id: params.id });
      return { status: 204 };
    }),
    defineRoute(sendWebhookTestEventRoute, async ({ params }, _req, res, { principal }) => {
      const delivery = await sendTestEvent(ctx.db.prisma, principal.orgId, params.id);
      if (!delivery) throw notFound('Webhook', { id: params.id });
      res.setHeader('Location', `/v1/webhooks/${params.id}/deliveries/${delivery.id}`);
      return { status: 202, data: { delivery } };
    }),
    defineRoute(rotateWebhookSecretRoute, async ({ params }, _req, res, { principal }) => {
      const rotated = await rotateWebhookSecret(ctx.db.prisma, principal.orgId, params.id);
      if (!rotated) throw notFound('Webhook', { id: params.id });
      return { status: 200, data: rotated };
    }),
    defineRoute(listWebhookDeliveriesRoute, async ({ params, query }, _req, res, { principal }) => {
      const webhook = await found(principal.orgId, params.id);
      const page = await listDeliveries(ctx.db.prisma, principal.orgId, webhook.id, query);
      return {
        status: 200,
        data: {
          webhook_id: webhook.id,
          deliveries: page.deliveries,
          next_cursor: page.nextCursor,
          has_more: page.nextCursor !== null,
        },
      };
    }),
    defineRoute(getWebhookDeliveryRoute, async ({ params }, _req, res, { principal }) => {
      const delivery = await getDelivery(ctx.db.prisma, principal.orgId, params.id, params.deliveryId);
      if (!delivery) throw notFound('Delivery', { id: params.deliveryId, webhook_id: params.id });
      return { status: 200, data: { delivery } };
    }),
    defineRoute(replayWebhookDeliveryRoute, async ({ params }, _req, res, { principal }) => {
      const delivery = await replayDelivery(ctx.db.prisma, principal.orgId, params.id, params.deliveryId);
      if (!delivery) throw notFound('Delivery', { id: params.deliveryId, webhook_id: params.id });
      res.setHeader('Location', `/v1/webhooks/${params.id}/deliveries/${delivery.id}`);
      return { status: 202, data: { delivery } };
    }),
  ];
}
