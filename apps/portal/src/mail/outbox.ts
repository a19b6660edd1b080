import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import { newId } from '@dp/core';
import type { MailMessage, Mailer } from './mailer';

/**
 * Development mailer: each message becomes `<time>-<id>.eml` (the exact RFC 5322 message, built
 * by nodemailer, opens in any mail client) plus `<time>-<id>.json` (the same fields, for scripts
 * and tests). Used when SMTP_URL is not set.
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
      await writeFile(join(outbox, `${base}.eml`), info.message as Buffer, { mode: 0o600 });
      const json = { from, to: message.to, subject: message.subject, text: message.text, created_at: new Date().toISOString() };
      await writeFile(join(outbox, `${base}.json`), `${JSON.stringify(json, null, 2)}\n`, { mode: 0o600 });
    },
  };
}
