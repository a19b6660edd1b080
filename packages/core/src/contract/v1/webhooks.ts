import { z } from 'zod';
import { componentRef, declareRoute, OPENAPI_SCHEMA, queryInt, queryString } from '../route';

/*
 * /v1/webhooks: create, list, read, edit, delete webhooks; send a test event, rotate the secret;
 * read the delivery log and one delivery in full, replay a delivery. The manage scope, 0 units.
 * A body is parsed here for its shape (a JSON object, known fields only); the values, types
 * included, are checked by the domain (packages/db `webhookInputProblems`, which the portal's
 * forms go through too), so one request gets every bad field named at once. Each field's OpenAPI
 * schema states those rules for clients.
 */

const webhookId = z.string().meta({ description: 'Webhook id (`wh_…`).' });
const deliveryId = z.string().meta({ description: 'Delivery id (`msg_…`), the `webhook-id` header of its attempts.' });
const webhookParams = z.object({ id: webhookId });
const deliveryParams = z.object({ id: webhookId, deliveryId });

/** A body field whose value the domain checks; `schema` is what the OpenAPI document states of it. */
const checkedByDomain = (schema: Record<string, unknown>) => z.unknown().meta({ [OPENAPI_SCHEMA]: schema });
const url = checkedByDomain({ type: 'string', format: 'uri', maxLength: 2048, example: 'https://example.com/hooks/legal' });
const events = checkedByDomain({
  type: 'array',
  minItems: 1,
  uniqueItems: true,
  items: { $ref: '#/components/schemas/WebhookEventType' },
});
const description = checkedByDomain({ type: ['string', 'null'], maxLength: 500 });

const webhookData = z.strictObject({ webhook: componentRef('Webhook') });
const webhookAndSecret = z.strictObject({ webhook: componentRef('Webhook'), secret: componentRef('WebhookSecret') });
const deliveryData = z.strictObject({ delivery: componentRef('WebhookDelivery') });
const common = { tags: ['webhooks'], scope: 'manage', operation: 'webhooks.manage' } as const;

export const listWebhooksRoute = declareRoute({
  ...common,
  method: 'get',
  path: '/v1/webhooks',
  operationId: 'listWebhooks',
  summary: "The organization's webhooks",
  responses: {
    200: {
      description: 'Every webhook of the organization.',
      data: z.strictObject({ webhooks: z.array(componentRef('Webhook')).max(20) }),
    },
  },
  errors: ['InvalidRequest'],
});

export const createWebhookRoute = declareRoute({
  ...common,
  method: 'post',
  path: '/v1/webhooks',
  operationId: 'createWebhook',
  summary: 'Create a webhook (its signing secret is shown once)',
  body: z.strictObject({ url, events, description: description.optional() }),
  responses: {
    201: {
      description: 'The webhook and its signing secret. `Location` names the new webhook.',
      data: webhookAndSecret,
      headers: ['Location'],
    },
  },
});

export const getWebhookRoute = declareRoute({
  ...common,
  method: 'get',
  path: '/v1/webhooks/{id}',
  operationId: 'getWebhook',
  summary: 'One webhook',
  params: webhookParams,
  responses: { 200: { description: 'The webhook (never its secret).', data: webhookData } },
  errors: ['NotFound'],
});

export const updateWebhookRoute = declareRoute({
  ...common,
  method: 'patch',
  path: '/v1/webhooks/{id}',
  operationId: 'updateWebhook',
  summary: 'Edit a webhook, disable or re-enable it',
  params: webhookParams,
  body: z
    .strictObject({
      url: url.optional(),
      events: events.optional(),
      description: description.optional(),
      enabled: checkedByDomain({ type: 'boolean', description: '`true` re-enables a disabled webhook; `false` disables it.' }).optional(),
    })
    .meta({ minProperties: 1 }),
  responses: { 200: { description: 'The webhook as it is now.', data: webhookData } },
  errors: ['NotFound'],
});

export const deleteWebhookRoute = declareRoute({
  ...common,
  method: 'delete',
  path: '/v1/webhooks/{id}',
  operationId: 'deleteWebhook',
  summary: 'Delete a webhook',
  params: webhookParams,
  responses: { 204: { description: 'Deleted.' } },
  errors: ['NotFound'],
});

export const sendWebhookTestEventRoute = declareRoute({
  ...common,
  method: 'post',
  path: '/v1/webhooks/{id}/test',
  operationId: 'sendWebhookTestEvent',
  summary: 'Send a test event',
  params: webhookParams,
  responses: {
    202: { description: 'The queued delivery; `Location` names it.', data: deliveryData, headers: ['Location'] },
    409: { ref: 'WebhookConflict' },
  },
  errors: ['NotFound'],
});

export const rotateWebhookSecretRoute = declareRoute({
  ...common,
  method: 'post',
  path: '/v1/webhooks/{id}/rotate-secret',
  operationId: 'rotateWebhookSecret',
  summary: 'Rotate the signing secret (the new one is shown once)',
  params: webhookParams,
  responses: { 200: { description: 'The webhook and its new signing secret.', data: webhookAndSecret } },
  errors: ['NotFound'],
});

export const listWebhookDeliveriesRoute = declareRoute({
  ...common,
  method: 'get',
  path: '/v1/webhooks/{id}/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: 'The delivery log of a webhook',
  params: webhookParams,
  query: z.object({
    limit: queryInt(1, 100, 20),
    cursor: queryString(200).meta({ description: 'Opaque; `next_cursor` of the previous page.' }),
  }),
  responses: {
    200: {
      description: 'A page of deliveries.',
      data: z.strictObject({
        webhook_id: z.string(),
        deliveries: z.array(componentRef('WebhookDelivery')),
        next_cursor: z.string().nullable(),
        has_more: z.boolean().meta({ description: 'Whether another page follows (`next_cursor` is then not null).' }),
      }),
    },
  },
  errors: ['NotFound'],
});

export const getWebhookDeliveryRoute = declareRoute({
  ...common,
  method: 'get',
  path: '/v1/webhooks/{id}/deliveries/{deliveryId}',
  operationId: 'getWebhookDelivery',
  summary: 'One delivery in full',
  params: deliveryParams,
  responses: { 200: { description: 'The delivery.', data: z.strictObject({ delivery: componentRef('WebhookDeliveryDetail') }) } },
  errors: ['NotFound'],
});

export const replayWebhookDeliveryRoute = declareRoute({
  ...common,
  method: 'post',
  path: '/v1/webhooks/{id}/deliveries/{deliveryId}/replay',
  operationId: 'replayWebhookDelivery',
  summary: 'Replay a delivery',
  params: deliveryParams,
  responses: {
    202: { description: 'The new delivery; `Location` names it.', data: deliveryData, headers: ['Location'] },
    409: { ref: 'WebhookConflict' },
  },
  errors: ['NotFound'],
});

export const WEBHOOK_ROUTES = [
  listWebhooksRoute,
  createWebhookRoute,
  getWebhookRoute,
  updateWebhookRoute,
  deleteWebhookRoute,
  sendWebhookTestEventRoute,
  rotateWebhookSecretRoute,
  listWebhookDeliveriesRoute,
  getWebhookDeliveryRoute,
  replayWebhookDeliveryRoute,
];
