import type { Config } from '@dp/core';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';

/**
 * SMTP when SMTP_URL is set, the file outbox otherwise: MAIL_OUTBOX_DIR, by default `outbox` in
 * the data directory (DATA_DIR, else `.data`); a relative path is taken from the working directory.
 */
export function createMailer(config: Config): Mailer {
  return config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createOutboxMailer(config.MAIL_OUTBOX_DIR, config.MAIL_FROM);
}
