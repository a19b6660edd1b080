import { z } from 'zod';
import { CHANGE_KINDS } from '../../vocab';
import { schemaRef, declareRoute, OPENAPI_SCHEMA, queryInt, queryString } from '../route';

/*
 * /v1/webhooks: create, list, read, edit, delete webhooks; send a test event, rotate the secret;
 * read the delivery log and one delivery in full, replay a delivery. The manage scope, 0 units.
 * A body is parsed here for its shape (a JSON object, known fields only); the values, types
 * included, are checked by the domain (packages/db `webhookInputProblems`, which the portal's
 * forms go through too), so one request gets every bad field named at once. Each field's OpenAPI
 * schema states those rules for clients.
 */

export const WebhookEventTypeSchema = z.enum(CHANGE_KINDS).meta({ description: 'The change kinds a webhook subscribes to.' });

export const WebhookDeliveryEventTypeSchema = z
  .enum([...CHANGE_KINDS, 'webhook.test'])
  .meta({ description: 'What a delivery carries; `webhook.test` is sent only on request, to every webhook.' });

export const WebhookSecretSchema = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]{32}$/)
  .meta({ description: 'Standard Webhooks signing secret, `whsec_` + base64 of 24 random bytes. Shown once.' });

export const WebhookSchema = z.strictObject({
  id: z.string().regex(/^wh_/),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(WebhookEventTypeSchema).min(1),
  status: z.enum(['active', 'disabled']).meta({
    description: '`disabled` after a 410 Gone answer or after repeated failure (see docs/webhooks.md); nothing is sent while disabled.',
  }),
  failure_count: z.int().min(0).meta({ description: 'Consecutive failed delivery attempts; reset by any success.' }),
  disabled_at: z.string().meta({ format: 'date-time' }).nullable(),
  disabled_reason: z.string().nullable(),
  previous_secret_expires_at: z
    .string()
    .meta({ format: 'date-time' })
    .nullable()
    .meta({ description: 'After a secret rotation, until when the previous secret still signs deliveries; null otherwise.' }),
  created_at: z.string().meta({ format: 'date-time' }),
});

export const WebhookDeliveryAttemptSchema = z.strictObject({
  attempt_no: z.int().min(1),
  started_at: z.string().meta({ format: 'date-time' }),
  duration_ms: z.int().min(0),
  status_code: z
    .int()
    .nullable()
    .meta({ description: 'HTTP status of the answer; null when none came (refused, timed out, connection error).' }),
  error: z.string().nullable().meta({ description: 'Why the attempt failed; null on success.' }),
});

export const WebhookTestPayloadSchema = z
  .object({
    id: z.string().regex(/^evt_/),
    kind: z.literal('webhook.test').meta({ type: 'string' }),
    webhook_id: z.string().regex(/^wh_/),
    at: z.string().meta({ format: 'date-time' }),
    message: z.string(),
  })
  .meta({ description: 'The `data` of a `webhook.test` event.' });

export const WebhookEventPayloadSchema = z
  .object({
    id: z.string().regex(/^chg_/),
    kind: WebhookEventTypeSchema,
    document: z.object({ id: z.string(), natural_key: z.string(), doc_number: z.string() }),
    at: z.string().meta({ format: 'date-time' }),
    version: z.record(z.string(), z.unknown()).optional(),
    relation: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ description: 'The change as the changes feed shows it; the `data` of the delivered body.' });

/** A delivery's fields, in the log and in full (each with its own attempts). */
const deliveryFields = {
  id: z
    .string()
    .regex(/^msg_/)
    .meta({ description: 'The `webhook-id` header of every attempt: the same across retries, so receivers can deduplicate.' }),
  event_type: WebhookDeliveryEventTypeSchema,
  status: z
    .enum(['pending', 'delivered', 'failed'])
    .meta({ description: '`failed` once the retry schedule is used up or the endpoint answered 410.' }),
  attempt_count: z.int().min(0),
  next_attempt_at: z
    .string()
    .meta({ format: 'date-time' })
    .nullable()
    .meta({ description: 'When the next attempt is due; null unless pending.' }),
  last_status: z.int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string().meta({ format: 'date-time' }),
  delivered_at: z.string().meta({ format: 'date-time' }).nullable(),
  replay_of: z.string().nullable().meta({ description: 'The delivery this one replays; null for an original.' }),
  payload: z.union([WebhookEventPayloadSchema, WebhookTestPayloadSchema]),
};

export const WebhookDeliverySchema = z.strictObject({
  ...deliveryFields,
  attempts: z.array(WebhookDeliveryAttemptSchema),
});

export const WebhookHeadersSchema = z.record(z.string(), z.string());

export const WebhookDeliveryAttemptDetailSchema = z.strictObject({
  attempt_no: z.int().min(1),
  started_at: z.string().meta({ format: 'date-time' }),
  duration_ms: z.int().min(0),
  status_code: z.int().nullable(),
  error: z.string().nullable(),
  request: z.union([z.null(), z.strictObject({ headers: WebhookHeadersSchema, body: z.string() })]).meta({
    description:
      'The request as sent (the signature is in the headers, the secret never is); null for attempts recorded before requests were kept.',
  }),
  response: z
    .union([
      z.null(),
      z.strictObject({
        headers: WebhookHeadersSchema,
        body: z.string().max(4096).meta({ description: 'The first 4096 bytes of the body, as UTF-8.' }),
        body_truncated: z.boolean().meta({ description: 'The body was longer than what is kept.' }),
      }),
    ])
    .meta({ description: 'The answer; null when none came (refused, timed out, connection error).' }),
});

export const WebhookDeliveryDetailSchema = z.strictObject({
  ...deliveryFields,
  webhook_id: z.string().regex(/^wh_/),
  attempts: z.array(WebhookDeliveryAttemptDetailSchema),
});

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
  items: schemaRef('WebhookEventType'),
});
const description = checkedByDomain({ type: ['string', 'null'], maxLength: 500 });

const webhookData = z.strictObject({ webhook: WebhookSchema });
const webhookAndSecret = z.strictObject({ webhook: WebhookSchema, secret: WebhookSecretSchema });
const deliveryData = z.strictObject({ delivery: WebhookDeliverySchema });
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
      data: z.strictObject({ webhooks: z.array(WebhookSchema).max(20) }),
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
        deliveries: z.array(WebhookDeliverySchema),
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
  responses: { 200: { description: 'The delivery.', data: z.strictObject({ delivery: WebhookDeliveryDetailSchema }) } },
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
