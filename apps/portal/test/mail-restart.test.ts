import request from 'supertest';
import { createTestDatabase, createTestState, eventually, metricValue, type TestDatabase } from '@dp/testing';
import type { SharedState } from '@dp/core';
import { createPortal, type PortalDeps } from '../src/app';
import type { MailMessage, Mailer } from '../src/mail/mailer';
import { firstLink, formToken, PASSWORD, portalConfig } from './harness';

const LIMITS: PortalDeps['limits'] = { loginPerIp: { limit: 1000, windowSeconds: 900 }, mailPerIp: { limit: 1000, windowSeconds: 900 } };
const FAST = { retryScheduleMs: [300, 300], pollMs: 100 };
// The first portal's retry is due later than a loaded machine takes from its failed attempt to its
// close (FAST's came first once), and soon enough for the portal after it.
const FIRST = { retryScheduleMs: [1_500], pollMs: 100 };
const downMailer: Mailer = {
  description: 'an SMTP server that is down',
  send: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')),
};
function capturingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { description: 'capture', sent, send: async (m) => void sent.push(m) };
}

async function signUp(app: Parameters<typeof request.agent>[0], email: string) {
  const agent = request.agent(app);
  const _csrf = await formToken(agent, '/portal/signup');
  const res = await agent.post('/portal/signup').type('form').send({ _csrf, email, password: PASSWORD, organization: 'Mail Org' });
  expect(res.status).toBeLessThan(400);
}

/** #28 item 6: the portal's mail is a row of the PostgreSQL outbox until sent, so a restart loses none. */
describe('portal mail survives a restart', () => {
  let db: TestDatabase;
  let state: SharedState;
  const config = portalConfig();
  beforeAll(async () => {
    db = await createTestDatabase();
    state = createTestState();
  });
  afterAll(async () => {
    await state.close();
    await db.destroy();
  });

  it('a mail the first portal could not send is delivered by the portal started after it', async () => {
    const first = createPortal({ db, state, config, limits: LIMITS, mailer: downMailer, mail: FIRST });
    try {
      await signUp(first.app, 'restart@example.com');
      await first.mailSettled();
    } finally {
      // Closed before the row is read: no attempt of its own can follow, whatever the test finds.
      await first.close();
    }
    const [row] = await db.query<{ status: string; attempts: number; payload: string; last_error: string }>(
      'SELECT status, attempts, payload, last_error FROM mail_outbox',
    );
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'connect ECONNREFUSED 127.0.0.1:25' });
    // Sealed at rest: neither the address nor the link can be read from the row.
    expect(row.payload).not.toContain('restart@example.com');
    expect(row.payload).not.toContain('verify-email');

    const mailer = capturingMailer();
    const second = createPortal({ db, state, config, limits: LIMITS, mailer, mail: FAST });
    try {
      const mail = await eventually(() => mailer.sent.find((m) => m.to === 'restart@example.com'), {
        what: 'the mail after the restart',
        timeoutMs: 10_000,
      });
      expect(mail.subject).toBe('Confirm your email address');
      expect(firstLink(mail.text, '/portal/verify-email')).toMatch(/token=/);
      await eventually(async () => ((await db.query('SELECT 1 FROM mail_outbox')).length === 0 ? true : undefined), {
        what: 'the sent mail leaving the outbox',
      });
      const metrics = await request(second.app).get('/metrics');
      expect(metricValue(metrics.text, 'dp_mail_attempts_total', { kind: 'verify_email', outcome: 'sent' })).toBe(1);
      expect(metricValue(metrics.text, 'dp_mail_outbox_pending')).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('a mail that fails every retry is given up: status failed, payload emptied', async () => {
    const portal = createPortal({ db, state, config, limits: LIMITS, mailer: downMailer, mail: { retryScheduleMs: [], pollMs: 100 } });
    try {
      await signUp(portal.app, 'never@example.com');
      await portal.mailSettled();
      const rows = await db.query<{ status: string; payload: string }>('SELECT status, payload FROM mail_outbox');
      expect(rows).toEqual([{ status: 'failed', payload: '' }]);
    } finally {
      await portal.close();
    }
  });
});
