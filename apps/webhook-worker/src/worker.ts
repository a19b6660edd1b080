import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createLogger, parseRetryAfter, traced, type Config, type Logger, type Metrics } from '@dp/core';
import { webhookOutboxStats, type Database } from '@dp/db';
import { claimDeliveries, releaseClaims, renewClaims, stillClaimed, type ClaimedDelivery } from './claim';
import { recordAttempt, type AttemptOutcome } from './record';
import { DEFAULT_RETRY_SCHEDULE_MS, maxAttempts, nextDelayMs, type RetryPolicy } from './retry';
import type { Resolver } from './safe-lookup';
import { createSender, type Sender } from './send';
import { webhookHeaders } from './sign';

export interface WorkerOptions {
  db: Database;
  config: Pick<Config, 'WEBHOOK_ALLOW_PRIVATE_TARGETS' | 'LOG_LEVEL'>;
  logger?: Logger;
  /** Scheduling clock (claims, retries); tests move it instead of sleeping. */
  now?: () => Date;
  /** Replaces the HTTP sender (the default is the SSRF-safe node http(s) sender). */
  sender?: Sender;
  /** DNS resolver of the default sender; tests inject answers such as 127.0.0.1. */
  resolve?: Resolver;
  workerId?: string;
  /** Deliveries claimed per round, all sent in parallel: at most one change event per endpoint (its queue's head), and any due test events and replays. */
  batchSize?: number;
  /**
   * The claim's lease: renewed every third of it while the attempts run, so a worker that dies
   * mid-delivery frees its rows within this, however long an attempt may take.
   */
  lockMs?: number;
  /** Per-attempt timeout. */
  timeoutMs?: number;
  /** Pause between rounds when there was nothing (or little) to do. */
  pollMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Consecutive failed attempts (across deliveries) after which an endpoint is disabled. */
  disableAfterFailures?: number;
  /** Deliveries by outcome, and the outbox's depth and oldest pending age (read at each scrape). */
  metrics?: Metrics;
}

export interface RunResult {
  claimed: number;
  delivered: number;
  retrying: number;
  failed: number;
  /** Claimed but not sent: the webhook was deleted or disabled, or the claim was lost. */
  skipped: number;
}

export interface Worker {
  readonly id: string;
  /** Claims one batch of due deliveries and makes one attempt at each. */
  runOnce(): Promise<RunResult>;
  /** Polls until stop(). */
  start(): void;
  /** Lets the current attempts finish, then releases this worker's claims. */
  stop(): Promise<void>;
  /** Whether the loop runs, and how its last round went (for `/readyz`). */
  status(): { running: boolean; lastRoundError: string | null };
}

export const DEFAULTS = {
  batchSize: 16,
  // A lease renewed while the attempt runs: a worker that dies holding claims blocks those
  // endpoints for a few seconds.
  lockMs: 5_000,
  timeoutMs: 10_000,
  pollMs: 500,
  jitter: 0.2,
  // Three full retry schedules of one endpoint that only fails: about three and a half days.
  disableAfterFailures: 3 * (DEFAULT_RETRY_SCHEDULE_MS.length + 1),
};

const MAX_ERROR_LENGTH = 500;

type Outcome = 'delivered' | 'retrying' | 'failed' | 'skipped';

/** The options with their defaults filled in. */
interface Settings {
  id: string;
  batchSize: number;
  lockMs: number;
  timeoutMs: number;
  pollMs: number;
  retry: RetryPolicy;
  disableAfterFailures: number;
  allowPrivateTargets: boolean;
}

/** What one round and its attempts use. */
interface Round {
  db: Database;
  logger: Logger;
  now: () => Date;
  send: Sender;
  settings: Settings;
  deliveries?: Counter;
}

type Counter = ReturnType<Metrics['counter']>;

function settingsOf(options: WorkerOptions): Settings {
  const lockMs = options.lockMs ?? DEFAULTS.lockMs;
  if (lockMs < 300) throw new Error(`lockMs (${lockMs}) must leave room for renewing the lease`);
  return {
    id: options.workerId ?? `wkr_${randomBytes(6).toString('hex')}`,
    batchSize: options.batchSize ?? DEFAULTS.batchSize,
    lockMs,
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    pollMs: options.pollMs ?? DEFAULTS.pollMs,
    retry: {
      scheduleMs: options.retry?.scheduleMs ?? DEFAULT_RETRY_SCHEDULE_MS,
      jitter: options.retry?.jitter ?? DEFAULTS.jitter,
    },
    disableAfterFailures: options.disableAfterFailures ?? DEFAULTS.disableAfterFailures,
    allowPrivateTargets: options.config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
  };
}

/** The outbox's depth and oldest pending age as gauges. */
function registerOutboxGauges(metrics: Metrics, db: Database): void {
  // Read at each scrape (one indexed query), so every worker reports the same shared outbox.
  let stats: Promise<{ pending: number; oldestPendingAgeSeconds: number }> | undefined;
  const read = () => (stats ??= webhookOutboxStats(db).finally(() => setImmediate(() => (stats = undefined))));
  metrics.gauge('dp_webhook_outbox_pending', 'Webhook deliveries waiting to be sent (all endpoints).', [], async (g) => {
    g.set((await read()).pending);
  });
  metrics.gauge(
    'dp_webhook_outbox_oldest_pending_age_seconds',
    'Age of the oldest pending webhook delivery (0 when none).',
    [],
    async (g) => {
      g.set((await read()).oldestPendingAgeSeconds);
    },
  );
}

/** The signed request of one delivery: the event envelope and its webhook headers. */
function signedRequest(d: ClaimedDelivery): { headers: Record<string, string>; body: string } {
  const payload = d.payload as { at?: unknown };
  const body = JSON.stringify({
    type: d.eventType,
    timestamp: typeof payload?.at === 'string' ? payload.at : d.createdAt.toISOString(),
    data: d.payload,
  });
  // The signed timestamp is wall-clock time: receivers compare it with their own clock.
  const secrets = d.previousSecret ? [d.secret, d.previousSecret] : [d.secret];
  return { headers: webhookHeaders(secrets, d.id, Math.floor(Date.now() / 1000), body), body };
}

interface Sent {
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  /** Null when the endpoint answered 2xx. */
  error: string | null;
  retryAfterMs: number | null;
  response: AttemptOutcome['response'];
}

/** One POST to the endpoint: what it answered, or why it could not be sent. */
async function sendOnce(round: Round, d: ClaimedDelivery, request: { headers: Record<string, string>; body: string }): Promise<Sent> {
  const { timeoutMs, allowPrivateTargets } = round.settings;
  const startedAt = round.now();
  const t0 = performance.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  let retryAfterMs: number | null = null;
  let response: AttemptOutcome['response'] = null;
  try {
    const res = await round.send({ url: d.url, headers: request.headers, body: request.body, timeoutMs, allowPrivateTargets });
    statusCode = res.status;
    response = { headers: res.headers ?? {}, body: res.body ?? '', truncated: res.bodyTruncated ?? false };
    if (res.status < 200 || res.status >= 300) {
      error = res.status >= 300 && res.status < 400 ? `redirect (${res.status}) not followed` : `HTTP ${res.status}`;
    }
    if (res.status === 429 || res.status === 503) retryAfterMs = parseRetryAfter(res.retryAfter, startedAt.getTime());
  } catch (err) {
    error = ((err as Error).message || String(err)).slice(0, MAX_ERROR_LENGTH);
  }
  return { startedAt, durationMs: Math.round(performance.now() - t0), statusCode, error, retryAfterMs, response };
}

/** One attempt at a claimed delivery: sent, recorded (with its next try or its end), logged. */
async function attempt(round: Round, d: ClaimedDelivery): Promise<Outcome> {
  const { db, logger, settings } = round;
  if (!(await stillClaimed(db, d.id, settings.id))) return 'skipped';
  const attemptNo = d.attempts + 1;
  const request = signedRequest(d);
  const { startedAt, durationMs, statusCode, error, retryAfterMs, response } = await sendOnce(round, d, request);

  const ok = error === null;
  const gone = statusCode === 410;
  const delay = ok || gone ? null : nextDelayMs(settings.retry, attemptNo, retryAfterMs);
  const status = ok ? 'delivered' : delay === null ? 'failed' : 'pending';
  const result = await recordAttempt(db, {
    deliveryId: d.id,
    workerId: settings.id,
    attemptNo,
    startedAt,
    durationMs,
    statusCode,
    error,
    status,
    nextAttemptAt: delay === null ? null : new Date(startedAt.getTime() + delay),
    disableReason: gone ? 'the endpoint answered 410 Gone' : null,
    disableAfterFailures: settings.disableAfterFailures,
    request,
    response,
  });
  // Ids, status and timing only: never the secret, the signature or the body.
  const line = {
    delivery_id: d.id,
    webhook_id: d.webhookId,
    attempt: attemptNo,
    status_code: statusCode,
    duration_ms: durationMs,
    error,
    outcome: status,
  };
  if (ok) logger.info(line, 'webhook delivered');
  else logger.warn({ ...line, next_attempt_in_ms: delay }, 'webhook attempt failed');
  if (result.disabledReason) logger.warn({ webhook_id: d.webhookId, reason: result.disabledReason }, 'webhook endpoint disabled');
  if (!result.updated) return 'skipped';
  return ok ? 'delivered' : status === 'failed' ? 'failed' : 'retrying';
}

/** One span per attempt (with tracing on): its statements and the POST to the endpoint under it. */
function deliver(round: Round, d: ClaimedDelivery): Promise<Outcome> {
  return traced('webhook.deliver', { 'dp.webhook.delivery_id': d.id, 'dp.webhook.event': d.eventType }, async (span) => {
    const outcome = await attempt(round, d);
    span.setAttribute('dp.webhook.outcome', outcome);
    return outcome;
  });
}

/**
 * Renews the lease of the claimed deliveries every third of it until stopped (a renewal that
 * fails leaves the claim to expire: another worker may then send it again, which at-least-once
 * delivery allows).
 */
function renewWhileRunning(round: Round, ids: string[]): NodeJS.Timeout {
  const { db, logger, now, settings } = round;
  return setInterval(() => {
    renewClaims(db, settings.id, ids, new Date(now().getTime() + settings.lockMs)).catch((err: Error) =>
      logger.warn({ err: { message: err.message } }, 'webhook claims could not be renewed'),
    );
  }, settings.lockMs / 3);
}

/** Claims one batch of due deliveries and makes one attempt at each, in parallel. */
async function runRound(round: Round): Promise<RunResult> {
  const { db, logger, now, settings } = round;
  const claimed = await claimDeliveries(db, { workerId: settings.id, now: now(), lockMs: settings.lockMs, limit: settings.batchSize });
  const result: RunResult = { claimed: claimed.length, delivered: 0, retrying: 0, failed: 0, skipped: 0 };
  if (claimed.length === 0) return result;
  const renewal = renewWhileRunning(
    round,
    claimed.map((d) => d.id),
  );
  // Each claimed delivery is the head of a different endpoint's queue: parallel is safe.
  const outcomes = await Promise.all(
    claimed.map((d) =>
      deliver(round, d).catch((err: Error) => {
        // Storage trouble while recording: the claim expires and the delivery is retried.
        logger.error({ delivery_id: d.id, err: { message: err.message } }, 'webhook attempt could not be recorded');
        return 'skipped' as const;
      }),
    ),
  ).finally(() => clearInterval(renewal));
  for (const o of outcomes) {
    result[o] += 1;
    round.deliveries?.inc({ outcome: o });
  }
  return result;
}

export function createWorker(options: WorkerOptions): Worker {
  const { db } = options;
  const logger = options.logger ?? createLogger({ name: 'webhook-worker', level: options.config.LOG_LEVEL });
  const settings = settingsOf(options);
  const { id, batchSize, pollMs } = settings;
  const round: Round = {
    db,
    logger,
    now: options.now ?? (() => new Date()),
    send: options.sender ?? createSender(options.resolve),
    settings,
    deliveries: options.metrics?.counter('dp_webhook_deliveries_total', 'Delivery attempts by outcome.', ['outcome']),
  };
  if (options.metrics) registerOutboxGauges(options.metrics, db);
  const runOnce = () => runRound(round);

  let running = false;
  let lastRoundError: string | null = null;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function poll(): Promise<void> {
    while (running) {
      try {
        const r = await runOnce();
        lastRoundError = null;
        // A full batch means more is waiting, and a success makes that endpoint's next delivery
        // due at once (one per endpoint per round keeps them in order): go again without pausing.
        if (r.claimed < batchSize && r.delivered === 0) await pause(pollMs);
      } catch (err) {
        lastRoundError = (err as Error).message;
        logger.error({ err: { message: (err as Error).message } }, 'webhook worker round failed');
        await pause(Math.max(pollMs, 2_000));
      }
    }
  }

  return {
    id,
    runOnce,
    status: () => ({ running, lastRoundError }),
    start() {
      if (running) return;
      running = true;
      logger.info(
        { worker_id: id, allow_private_targets: settings.allowPrivateTargets, max_attempts: maxAttempts(settings.retry) },
        'webhook worker started',
      );
      loop = poll();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = undefined;
      const released = await releaseClaims(db, id).catch(() => 0);
      logger.info({ worker_id: id, released }, 'webhook worker stopped');
    },
  };
}
