/** Webhook and delivery as the API (and the portal) show them: snake_case, ISO dates, no secret. */

export type WebhookStatus = 'active' | 'disabled';

export interface WebhookView {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  status: WebhookStatus;
  failure_count: number;
  disabled_at: string | null;
  disabled_reason: string | null;
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
  event_type: string;
  status: DeliveryStatus;
  attempt_count: number;
  /** When the next attempt is due; null once delivered or failed. */
  next_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  /** The change the delivery announces (the `data` of the sent body). */
  payload: unknown;
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
  createdAt: Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentWebhook(row: WebhookRow): WebhookView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    status: row.status === 'disabled' ? 'disabled' : 'active',
    failure_count: row.failureCount,
    disabled_at: iso(row.disabledAt),
    disabled_reason: row.disabledReason,
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
  payload: unknown;
  attemptLog: { attemptNo: number; startedAt: Date; durationMs: number; statusCode: number | null; error: string | null }[];
}

export function presentDelivery(row: DeliveryRow): DeliveryView {
  const status = (['pending', 'delivered', 'failed'] as const).find((s) => s === row.status) ?? 'pending';
  return {
    id: row.id,
    event_type: row.eventType,
    status,
    attempt_count: row.attempts,
    next_attempt_at: status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    last_status: row.lastStatus,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    delivered_at: iso(row.deliveredAt),
    payload: row.payload,
    attempts: row.attemptLog.map((a) => ({
      attempt_no: a.attemptNo,
      started_at: a.startedAt.toISOString(),
      duration_ms: a.durationMs,
      status_code: a.statusCode,
      error: a.error,
    })),
  };
}
