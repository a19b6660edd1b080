import type { PrismaClient } from '@dp/db';
import type { MailMessage } from '../src/mail/mailer';
import type { MailQueue } from '../src/mail/mail-queue';
import { requestPasswordReset } from '../src/accounts/password-reset';
import { createPortalHarness, csrfFrom, signUp, type PortalHarness } from './harness';
import request from 'supertest';

/** Counts every Prisma call (model methods, raw queries, transactions) made through the proxy. */
function countingPrisma(prisma: PrismaClient, calls: string[]): PrismaClient {
  const wrap = (target: object, path: string): unknown =>
    new Proxy(target, {
      get(t, prop, receiver) {
        const value = Reflect.get(t, prop, receiver) as unknown;
        const name = `${path}.${String(prop)}`;
        if (typeof value === 'function') {
          return (...args: unknown[]) => {
            calls.push(name);
            return (value as (...a: unknown[]) => unknown).apply(t, args);
          };
        }
        if (value && typeof value === 'object' && typeof prop === 'string' && !prop.startsWith('_')) return wrap(value, name);
        return value;
      },
    });
  return wrap(prisma, 'prisma') as PrismaClient;
}

/** A mail queue that records what a request queues without running it. */
function recordingQueue(): { queue: MailQueue; sent: MailMessage[]; tasks: Array<() => Promise<MailMessage | undefined>> } {
  const sent: MailMessage[] = [];
  const tasks: Array<() => Promise<MailMessage | undefined>> = [];
  const queue = {
    enqueue: (message: MailMessage) => void sent.push(message),
    enqueueTask: (_kind: string, build: () => Promise<MailMessage | undefined>) => void tasks.push(build),
  } as unknown as MailQueue;
  return { queue, sent, tasks };
}

describe('forgot-password does the same work for a known and an unknown address (no enumeration oracle)', () => {
  let h: PortalHarness;
  beforeAll(async () => {
    h = await createPortalHarness();
    await signUp(h, request.agent(h.portal.app), 'known@example.com');
  });
  afterAll(() => h.close());

  async function workOf(email: string) {
    const calls: string[] = [];
    const mail = recordingQueue();
    const ctx = { db: { ...h.db, prisma: countingPrisma(h.db.prisma, calls) }, mail: mail.queue, config: h.config };
    requestPasswordReset(ctx, email);
    // The request's own work: identical whatever the address.
    const onRequest = { dbCalls: [...calls], mails: mail.sent.length, tasks: mail.tasks.length };
    // The background task: the lookup, the token and the mail happen there, after the answer.
    const messages = await Promise.all(mail.tasks.map((t) => t()));
    return { onRequest, background: { dbCalls: calls.length - onRequest.dbCalls.length, messages } };
  }

  it('the request path: no database call, no token, one queued task, either way', async () => {
    const known = await workOf('Known@Example.com');
    const unknown = await workOf('nobody@example.com');
    expect(known.onRequest).toEqual({ dbCalls: [], mails: 0, tasks: 1 });
    expect(unknown.onRequest).toEqual(known.onRequest);
    // In the background the known address gets its link and the unknown one nothing.
    expect(known.background.messages).toEqual([expect.objectContaining({ to: 'known@example.com', subject: 'Reset your password' })]);
    expect(known.background.dbCalls).toBeGreaterThan(1);
    expect(unknown.background.messages).toEqual([undefined]);
  });

  it('over HTTP: the same page for both, and the link arrives only for the account', async () => {
    const agent = request.agent(h.portal.app);
    const _csrf = csrfFrom((await agent.get('/portal/forgot-password')).text);
    const known = await agent.post('/portal/forgot-password').type('form').send({ _csrf, email: 'known@example.com' });
    const unknown = await agent.post('/portal/forgot-password').type('form').send({ _csrf, email: 'nobody@example.com' });
    expect(known.status).toBe(unknown.status);
    const strip = (html: string) =>
      html
        .replace(/known@example\.com|nobody@example\.com/g, 'EMAIL')
        .replace(/req_[A-Za-z0-9]+/g, 'REQ')
        .replace(/value="[^"]*"/g, '');
    expect(strip(known.text)).toBe(strip(unknown.text));
    expect((await h.mails('known@example.com')).some((m) => m.subject === 'Reset your password')).toBe(true);
    expect(await h.mails('nobody@example.com')).toEqual([]);
  });
});
