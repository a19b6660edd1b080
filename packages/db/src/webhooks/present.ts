import type { V1Schemas } from '@dp/core';

/**
 * Webhook and delivery as the API (and the portal) show them: snake_case, ISO dates, no secret;
 * the types the API declares for them (core's zod schemas, `V1Schemas`).
 */

export type WebhookStatus = 'active' | 'disabled';

export interface WebhookView {
  id: string;
  url: string;
  description: string | null;
  events: V1Schemas['Webhook']['events'];
  status: WebhookStatus;
  failure_count: number;
  disabled_at: string | null;
  disabled_reason: string | null;
  /** Until when the secret before the last rotation still signs deliveries; null when none does. */
  previous_secret_expires_at: string | null;
  created_at: string;
}

export interface DeliveryAttemptView {
  attempt_no: number;
  started_at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface DeliveryView {
  id: string;
  event_type: V1Schemas['WebhookDelivery']['event_type'];
  status: DeliveryStatus;
  attempt_count: number;
  /** When the next attempt is due; null once delivered or failed. */
  next_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  /** The delivery this one replays (same event, new delivery); null for an original. */
  replay_of: string | null;
  /** The change the delivery announces (the `data` of the sent body). */
  payload: V1Schemas['WebhookDelivery']['payload'];
  attempts: DeliveryAttemptView[];
}

export interface WebhookRow {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  status: string;
  failureCount: number;
  disabledAt: Date | null;
  disabledReason: string | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentWebhook(row: WebhookRow, now = new Date()): WebhookView {
  const previous = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt : null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    // Stored only after the API checked them against its vocabulary (`CHANGE_KINDS`).
    events: row.events as WebhookView['events'],
    status: row.status === 'disabled' ? 'disabled' : 'active',
    failure_count: row.failureCount,
    disabled_at: iso(row.disabledAt),
    disabled_reason: row.disabledReason,
    previous_secret_expires_at: iso(previous),
    created_at: row.createdAt.toISOString(),
  };
}

export interface DeliveryRow {
  id: string;
  eventType: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
  replayOf: string | null;
  payload: unknown;
  attemptLog: AttemptRow[];
}

export interface AttemptRow {
  attemptNo: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
}

export interface AttemptDetailRow extends AttemptRow {
  requestHeaders: unknown;
  requestBody: string | null;
  responseHeaders: unknown;
  responseBody: string | null;
  responseBodyTruncated: boolean;
}

/** Bytes of a receiver's answer the worker keeps (and the delivery detail shows). */
export const WEBHOOK_RESPONSE_BODY_LIMIT = 4096;

/** One attempt as the delivery detail shows it: what was sent and what came back. */
export interface DeliveryAttemptDetailView extends DeliveryAttemptView {
  /** Null for attempts recorded before requests were kept. */
  request: { headers: Record<string, string>; body: string } | null;
  /** Null when no answer came (refused, timed out, connection error) or it was not kept. */
  response: { headers: Record<string, string>; body: string; body_truncated: boolean } | null;
}

export interface DeliveryDetailView extends Omit<DeliveryView, 'attempts'> {
  webhook_id: string;
  attempts: DeliveryAttemptDetailView[];
}

export function presentDelivery(row: DeliveryRow): DeliveryView {
  const status = (['pending', 'delivered', 'failed'] as const).find((s) => s === row.status) ?? 'pending';
  return {
    id: row.id,
    // The stored event and the body sent were built by the API from its declared shapes.
    event_type: row.eventType as DeliveryView['event_type'],
    status,
    attempt_count: row.attempts,
    next_attempt_at: status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    last_status: row.lastStatus,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    delivered_at: iso(row.deliveredAt),
    replay_of: row.replayOf,
    payload: row.payload as DeliveryView['payload'],
    attempts: row.attemptLog.map(presentAttempt),
  };
}

function presentAttempt(a: AttemptRow): DeliveryAttemptView {
  return {
    attempt_no: a.attemptNo,
    started_at: a.startedAt.toISOString(),
    duration_ms: a.durationMs,
    status_code: a.statusCode,
    error: a.error,
  };
}

const headerMap = (v: unknown): Record<string, string> =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, String(x)]))
    : {};

export function presentDeliveryDetail(
  row: Omit<DeliveryRow, 'attemptLog'> & { webhookId: string; attemptLog: AttemptDetailRow[] },
): DeliveryDetailView {
  const { attempts: _summary, ...view } = presentDelivery({ ...row, attemptLog: [] });
  return {
    ...view,
    webhook_id: row.webhookId,
    attempts: row.attemptLog.map((a) => ({
      ...presentAttempt(a),
      request: a.requestBody === null ? null : { headers: headerMap(a.requestHeaders), body: a.requestBody },
      response:
        a.statusCode === null || a.responseBody === null
          ? null
          : { headers: headerMap(a.responseHeaders), body: a.responseBody, body_truncated: a.responseBodyTruncated },
    })),
  };
}
