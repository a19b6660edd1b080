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
    const p = this.mailer
      .send(message)
      // The recipient address is personal data and the body holds a token: log the kind only.
      .catch((err: Error) => this.logger.error({ err: { message: err.message }, kind }, 'mail could not be sent'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  async drain(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
