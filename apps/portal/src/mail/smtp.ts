import nodemailer from 'nodemailer';
import type { MailMessage, Mailer } from './mailer';

/** Production mailer: SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@host:465). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  const u = new URL(smtpUrl);
  return {
    // Host and port only: the URL may carry credentials.
    description: `SMTP ${u.hostname}:${u.port || (u.protocol === 'smtps:' ? '465' : '587')}`,
    async send(message: MailMessage) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}
