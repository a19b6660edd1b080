import { randomBytes } from 'node:crypto';
import { nextDelayMs, type Logger, type Metrics, type RetryPolicy } from '@dp/core';
import { addMail, claimMail, completeMail, failMail, mailOutboxStats, type Database, type OutboxMail } from '@dp/db';
import { derivedKey, seal, unseal } from '../auth/seal';
import type { MailMessage, Mailer } from './mailer';

/** Retries after a failed send (then the mail is given up): about nine hours in all. */
export const MAIL_RETRY_SCHEDULE_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];

export interface MailQueueOptions {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /** SESSION_SECRET: the key that seals each message at rest is derived from it. */
  secret: string;
  metrics?: Metrics;
  retryScheduleMs?: number[];
  /** How often the outbox is looked at for mails due again (new mails are sent at once). */
  pollMs?: number;
}

const CLAIM_LIMIT = 10;
/** A claim outlasts one SMTP exchange; a portal that dies mid-send frees its mails after this. */
const LOCK_MS = 60_000;

/**
 * The portal's mail, durable: each message is a row of the PostgreSQL outbox (`mail_outbox`,
 * sealed: address and link unreadable at rest) until it is sent, so a restart or a crash loses
 * none; every portal instance drains it (claims skip each other's rows). Requests never wait for
 * the mail server, so their timing does not depend on whether a message was sent (that would
 * reveal whether an email is registered), and a slow SMTP server does not slow the portal.
 * `drain()` waits until everything queued is stored and every due mail has had its attempt
 * (shutdown, tests).
 */
export class MailQueue {
  readonly mailer: Mailer;
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly key: Buffer;
  private readonly senderId = `mail_${randomBytes(6).toString('hex')}`;
  private readonly retry: RetryPolicy;
  private readonly pollMs: number;
  private readonly pending = new Set<Promise<void>>();
  private rounds: Promise<void> = Promise.resolve();
  private timer?: NodeJS.Timeout;
  private readonly sent?: { inc(labels: { kind: string; outcome: string }): void };

  constructor(options: MailQueueOptions) {
    this.db = options.db;
    this.mailer = options.mailer;
    this.logger = options.logger;
    this.key = derivedKey('mail outbox', options.secret, 'dp portal mail v1');
    this.retry = { scheduleMs: options.retryScheduleMs ?? MAIL_RETRY_SCHEDULE_MS, jitter: 0.2 };
    this.pollMs = options.pollMs ?? 5_000;
    if (options.metrics) {
      this.sent = options.metrics.counter('dp_mail_attempts_total', 'Portal mail send attempts by kind and outcome.', ['kind', 'outcome']);
      let stats: ReturnType<typeof mailOutboxStats> | undefined;
      const read = () => (stats ??= mailOutboxStats(this.db).finally(() => setImmediate(() => (stats = undefined))));
      options.metrics.gauge('dp_mail_outbox_pending', 'Portal mails waiting to be sent.', [], async (g) => g.set((await read()).pending));
      options.metrics.gauge('dp_mail_outbox_failed', 'Portal mails given up after every retry.', [], async (g) =>
        g.set((await read()).failed),
      );
      options.metrics.gauge('dp_mail_outbox_oldest_pending_age_seconds', 'Age of the oldest pending portal mail.', [], async (g) =>
        g.set((await read()).oldestPendingAgeSeconds),
      );
    }
  }

  enqueue(message: MailMessage, kind: string): void {
    this.track(this.store(message, kind), kind);
  }

  /**
   * Queues work that decides in the background whether to send a mail at all (and builds it),
   * so that a request's own work is the same whatever the outcome: used where the outcome must
   * not show, as whether an address has an account.
   */
  enqueueTask(kind: string, build: () => Promise<MailMessage | undefined>): void {
    // setImmediate: none of the task's work runs before the request that queued it has answered.
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(build)
      .then((message) => (message ? this.store(message, kind) : undefined));
    this.track(work, kind);
  }

  /** Looks at the outbox every `pollMs` for mails due again (and those other instances left). */
  start(): void {
    this.timer ??= setInterval(() => void this.sendDue(), this.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.drain();
  }

  async drain(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
    await this.sendDue();
  }

  private async store(message: MailMessage, kind: string): Promise<void> {
    await addMail(this.db, { kind, payload: seal(this.key, JSON.stringify(message)) });
    void this.sendDue();
  }

  private track(work: Promise<void>, kind: string): void {
    const p = work
      // The recipient address is personal data and the body holds a token: log the kind only.
      .catch((err: Error) => this.logger.error({ err: { message: err.message }, kind }, 'mail could not be queued'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** One round after another (never two at once in this instance): every due mail gets its attempt. */
  private sendDue(): Promise<void> {
    this.rounds = this.rounds
      .then(() => this.round())
      .catch((err: Error) => {
        this.logger.warn({ err: { message: err.message } }, 'mail outbox unavailable; will retry');
      });
    return this.rounds;
  }

  private async round(): Promise<void> {
    for (;;) {
      const claimed = await claimMail(this.db, { senderId: this.senderId, lockMs: LOCK_MS, limit: CLAIM_LIMIT });
      await Promise.all(claimed.map((mail) => this.attempt(mail)));
      if (claimed.length < CLAIM_LIMIT) return;
    }
  }

  private async attempt(mail: OutboxMail): Promise<void> {
    const opened = unseal(this.key, mail.payload);
    if (opened === null) {
      // Sealed under another SESSION_SECRET: no instance can read it again.
      this.logger.error({ kind: mail.kind, mail_id: mail.id }, 'mail could not be opened (SESSION_SECRET changed?); given up');
      this.sent?.inc({ kind: mail.kind, outcome: 'failed' });
      return failMail(this.db, mail.id, this.senderId, 'sealed under another SESSION_SECRET', null);
    }
    try {
      await this.mailer.send(JSON.parse(opened) as MailMessage);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const delay = nextDelayMs(this.retry, mail.attempts, null);
      this.sent?.inc({ kind: mail.kind, outcome: delay === null ? 'failed' : 'retrying' });
      this.logger.error(
        { err: { message }, kind: mail.kind, mail_id: mail.id, attempt: mail.attempts, next_attempt_in_ms: delay },
        'mail could not be sent',
      );
      return failMail(this.db, mail.id, this.senderId, message, delay);
    }
    this.sent?.inc({ kind: mail.kind, outcome: 'sent' });
    await completeMail(this.db, mail.id, this.senderId);
  }
}
