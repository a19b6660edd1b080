import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import { newId, writeFileAtomic } from '@dp/core';
import type { MailMessage, Mailer } from './mailer';

/**
 * Development mailer: each message becomes `<time>-<id>.eml` (the exact RFC 5322 message, built
 * by nodemailer, opens in any mail client) plus `<time>-<id>.json` (the same fields, for scripts
 * and tests). Used when SMTP_URL is not set. Each file appears whole (written, then renamed), so
 * a reader watching the directory never reads half a mail.
 */
export function createOutboxMailer(dir: string, from: string): Mailer & { readonly dir: string } {
  const outbox = resolve(process.cwd(), dir);
  // streamTransport builds the message without sending it anywhere.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    dir: outbox,
    description: `outbox directory ${outbox}`,
    async send(message: MailMessage) {
      await mkdir(outbox, { recursive: true });
      const info = await builder.sendMail({ from, ...message });
      const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId('msg')}`;
      await writeFileAtomic(join(outbox, `${base}.eml`), info.message as Buffer);
      const json = { from, to: message.to, subject: message.subject, text: message.text, created_at: new Date().toISOString() };
      await writeFileAtomic(join(outbox, `${base}.json`), `${JSON.stringify(json, null, 2)}\n`);
    },
  };
}
