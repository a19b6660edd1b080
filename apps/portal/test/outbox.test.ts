import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
