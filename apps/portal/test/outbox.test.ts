import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@dp/core';
import { createMailer } from '../src/mail/create-mailer';
import { createOutboxMailer } from '../src/mail/outbox';

describe('the mail outbox', () => {
  it('a reader of the directory never sees a half-written mail file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dp-outbox-'));
    try {
      const mailer = createOutboxMailer(dir, 'portal@example.com');
      const problems: string[] = [];
      let seen = 0;
      let sending = true;
      // Reads every .json as soon as it is listed, as tests and scripts do.
      const reader = (async () => {
        while (sending) {
          for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
            seen++;
            try {
              JSON.parse(readFileSync(join(dir, f), 'utf8'));
            } catch {
              problems.push(f);
            }
          }
          await new Promise((r) => setImmediate(r));
        }
      })();
      const text = 'line of a long mail\n'.repeat(10_000);
      await Promise.all(Array.from({ length: 20 }, (_, i) => mailer.send({ to: `r${i}@example.com`, subject: 'Big', text })));
      sending = false;
      await reader;
      expect(problems).toEqual([]);
      expect(seen).toBeGreaterThan(0);
      expect(readdirSync(dir).filter((n) => n.endsWith('.json'))).toHaveLength(20);
      expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('where the portal writes mail without SMTP_URL', () => {
  it('in the data directory (DATA_DIR), not under the working directory; MAIL_OUTBOX_DIR still wins', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dp-data-dir-'));
    try {
      const mailer = createMailer(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
      expect(mailer.description).toBe(`outbox directory ${join(dataDir, 'outbox')}`);
      await mailer.send({ to: 'someone@example.com', subject: 'Where', text: 'here' });
      const sent = readdirSync(join(dataDir, 'outbox')).filter((n) => n.endsWith('.json'));
      expect(sent).toHaveLength(1);
      expect(JSON.parse(readFileSync(join(dataDir, 'outbox', sent[0]), 'utf8'))).toMatchObject({
        to: 'someone@example.com',
        subject: 'Where',
      });

      const chosen = join(dataDir, 'mail');
      expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, MAIL_OUTBOX_DIR: chosen }).MAIL_OUTBOX_DIR).toBe(chosen);
      // Neither set: `.data/outbox` under the working directory, as `start`'s own default data directory.
      expect(loadConfig({ NODE_ENV: 'test' }).MAIL_OUTBOX_DIR).toBe(join('.data', 'outbox'));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
