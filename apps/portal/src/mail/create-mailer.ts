import type { Config } from '@dp/core';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';

/** SMTP when SMTP_URL is set, the file outbox (MAIL_OUTBOX_DIR, relative to cwd) otherwise. */
export function createMailer(config: Config): Mailer {
  return config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createOutboxMailer(config.MAIL_OUTBOX_DIR, config.MAIL_FROM);
}
