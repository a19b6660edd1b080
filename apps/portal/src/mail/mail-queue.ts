import type { Logger } from '@dp/core';
import type { MailMessage, Mailer } from './mailer';

/**
 * Sends mail in the background. Requests never wait for the mail server, so their timing does
 * not depend on whether a message was sent (that would reveal whether an email is registered),
 * and a slow SMTP server does not slow the portal. drain() waits for everything queued (shutdown,
 * tests).
 */
export class MailQueue {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    readonly mailer: Mailer,
    private readonly logger: Logger,
  ) {}

  enqueue(message: MailMessage, kind: string): void {
    this.track(this.mailer.send(message), kind);
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
      .then((message) => (message ? this.mailer.send(message) : undefined));
    this.track(work, kind);
  }

  private track(work: Promise<void>, kind: string): void {
    const p = work
      // The recipient address is personal data and the body holds a token: log the kind only.
      .catch((err: Error) => this.logger.error({ err: { message: err.message }, kind }, 'mail could not be sent'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  async drain(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
