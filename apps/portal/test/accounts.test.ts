import crypto from 'node:crypto';
import request from 'supertest';
import { sha256Hex } from '../src/auth/secure-random';
import {
  csrfFrom,
  createKeyInPortal,
  formToken,
  logIn,
  PASSWORD,
  setCookie,
  signUp,
  verifiedAccount,
  verifyFromMail,
  type PortalHarness,
  usePortalHarness,
} from './harness';

let h: PortalHarness;
usePortalHarness((harness) => (h = harness));

const newAgent = () => request.agent(h.portal.app);

/** The page body without the per-request CSRF token, for "are these two pages the same" checks. */
const normalise = (html: string) => html.replace(/name="_csrf" value="[^"]+"/g, 'name="_csrf" value=""');

describe('sign-up and email verification', () => {
  it('answers the same page for a new and an already registered email, doing the same work', async () => {
    const email = 'taken@example.com';
    await verifiedAccount(h, email);
    // Timing is equalised by doing the same expensive work on both paths: one password hash each.
    // (Counted, not timed: wall-clock comparisons are flaky on a busy machine.) Counted at node's
    // crypto module, whose scrypt each hash calls once: a module's own exports cannot be spied on
    // (jest's transform gives them getters only, as compiled ES modules have).
    const hashes = jest.spyOn(crypto, 'scrypt');
    const fresh = await signUp(h, newAgent(), 'fresh@example.com');
    const afterFresh = hashes.mock.calls.length;
    const taken = await signUp(h, newAgent(), email);
    const afterTaken = hashes.mock.calls.length - afterFresh;
    hashes.mockRestore();
    expect(fresh.status).toBe(200);
    expect(taken.status).toBe(fresh.status);
    expect(normalise(taken.text).replace(email, 'X')).toBe(normalise(fresh.text).replace('fresh@example.com', 'X'));
    // Both paths hash the password (the dominant cost) and queue one mail, never awaiting it.
    expect(afterFresh).toBe(1);
    expect(afterTaken).toBe(1);
    // The owner of the taken address is told, instead of getting a second account.
    const mails = await h.mails(email);
    expect(mails[mails.length - 1].subject).toBe('You already have an account');
    expect(await h.db.prisma.user.count({ where: { email } })).toBe(1);
  });

  it('validates the form and lists problems in an error summary', async () => {
    const agent = newAgent();
    const _csrf = await formToken(agent, '/portal/signup');
    const res = await agent.post('/portal/signup').type('form').send({ _csrf, email: 'not-an-email', password: 'short', organization: '' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('class="error-summary" role="alert"');
    expect(res.text).toContain('at least 12 characters');
    expect(res.text).toContain('aria-invalid="true"');
    expect(res.text).toMatch(/<label for="password">/);
  });

  it('verification tokens are single-use', async () => {
    const email = 'verify-once@example.com';
    const agent = newAgent();
    await signUp(h, agent, email);
    const first = await verifyFromMail(h, agent, email);
    expect(first.status).toBe(200);
    expect(first.text).toContain('Email address confirmed');
    const user = await h.db.prisma.user.findUniqueOrThrow({ where: { email } });
    expect(user.emailVerifiedAt).not.toBeNull();

    const link = new URL(await h.linkFrom(email, '/portal/verify-email'));
    const page = await agent.get(link.pathname + link.search);
    expect(page.status).toBe(400);
    expect(page.text).not.toContain('Confirm my email address');
    const _csrf = await formToken(agent, '/portal/login');
    const again = await agent
      .post('/portal/verify-email')
      .type('form')
      .send({ _csrf, token: link.searchParams.get('token') });
    expect(again.status).toBe(400);
    expect(again.text).toContain('expired or has already been used');
  });

  it('verification tokens expire after 24 hours, and only their hash is stored', async () => {
    const email = 'verify-late@example.com';
    const agent = newAgent();
    await signUp(h, agent, email);
    const link = new URL(await h.linkFrom(email, '/portal/verify-email'));
    const token = link.searchParams.get('token')!;
    const row = await h.db.prisma.userToken.findUniqueOrThrow({ where: { tokenHash: sha256Hex(token) } });
    expect(row.purpose).toBe('verify_email');
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(24 * 3600 * 1000);
    expect(await h.db.prisma.userToken.count({ where: { tokenHash: token } })).toBe(0);

    await h.db.prisma.userToken.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const page = await agent.get(link.pathname + link.search);
    expect(page.status).toBe(400);
    const res = await agent
      .post('/portal/verify-email')
      .type('form')
      .send({ _csrf: await formToken(agent, '/portal/login'), token });
    expect(res.status).toBe(400);
    const user = await h.db.prisma.user.findUniqueOrThrow({ where: { email } });
    expect(user.emailVerifiedAt).toBeNull();
  });
});

describe('API keys need a verified email (spec 5.3)', () => {
  it('shows a resend button instead of the form, and refuses the POST with 403', async () => {
    const email = 'unverified@example.com';
    const agent = newAgent();
    await signUp(h, agent, email);
    expect((await logIn(agent, email)).status).toBe(303);
    const page = await agent.get('/portal/keys');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Confirm your email address first');
    expect(page.text).toContain('Resend confirmation email');
    expect(page.text).not.toContain('action="/portal/keys"');

    const res = await agent
      .post('/portal/keys')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), scopes: 'read' });
    expect(res.status).toBe(403);
    expect(res.text).toContain('Confirm your email address before creating API keys');
    const user = await h.db.prisma.user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
    expect(await h.db.prisma.apiKey.count({ where: { orgId: user.memberships[0].orgId } })).toBe(0);

    // Resend, verify, and the same POST succeeds.
    const before = (await h.mails(email)).length;
    const resend = await agent
      .post('/portal/verify-email/resend')
      .type('form')
      .send({ _csrf: csrfFrom(page.text) });
    expect(resend.status).toBe(303);
    expect((await h.mails(email)).length).toBe(before + 1);
    await verifyFromMail(h, agent, email);
    const { created, key } = await createKeyInPortal(agent);
    expect(created.status).toBe(303);
    expect(key).toMatch(/^dp_live_[0-9A-Za-z]{32}$/);
  });
});

describe('sign-in and sessions', () => {
  it('uses one message for an unknown email and a wrong password', async () => {
    const email = 'known@example.com';
    await verifiedAccount(h, email);
    const unknown = await logIn(newAgent(), 'unknown@example.com');
    const wrong = await logIn(newAgent(), email, 'wrong password, long enough');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(normalise(wrong.text).replace(email, 'X')).toBe(normalise(unknown.text).replace('unknown@example.com', 'X'));
  });

  it('prevents session fixation: a new random session value at sign-in, the old one dead', async () => {
    const email = 'fixation@example.com';
    await verifiedAccount(h, email);

    // An attacker-chosen value planted before sign-in is not adopted.
    const planted = 'attacker-chosen-session-value';
    const form = await request(h.portal.app).get('/portal/login');
    const csrfCookie = setCookie(form, 'dp_csrf')!.value;
    const first = await request(h.portal.app)
      .post('/portal/login')
      .set('Cookie', `dp_session=${planted}; dp_csrf=${encodeURIComponent(csrfCookie)}`)
      .type('form')
      .send({ _csrf: csrfFrom(form.text), email, password: PASSWORD });
    expect(first.status).toBe(303);
    expect(setCookie(first, 'dp_session')!.value).not.toBe(planted);

    const agent = newAgent();
    const a = await logIn(agent, email);
    expect(a.status).toBe(303);
    const v1 = setCookie(a, 'dp_session')!.value;
    expect(v1).not.toBe(planted);
    expect(v1.length).toBeGreaterThanOrEqual(43);

    // Signing in again in the same browser rotates the value and deletes the previous session.
    const b = await logIn(agent, email);
    const v2 = setCookie(b, 'dp_session')!.value;
    expect(v2).not.toBe(v1);
    const old = await request(h.portal.app).get('/portal/keys').set('Cookie', `dp_session=${v1}`);
    expect(old.status).toBe(303);
    expect(old.headers.location).toMatch(/^\/portal\/login/);
    expect(await h.db.prisma.session.count({ where: { id: sha256Hex(v1) } })).toBe(0);
    const current = await request(h.portal.app).get('/portal/keys').set('Cookie', `dp_session=${v2}`);
    expect(current.status).toBe(200);
    // Only the hash of the cookie value is stored.
    expect(await h.db.prisma.session.count({ where: { id: v2 } })).toBe(0);
    expect(await h.db.prisma.session.count({ where: { id: sha256Hex(v2) } })).toBe(1);
  });

  it('sign-out ends the session on the server', async () => {
    const email = 'logout@example.com';
    await verifiedAccount(h, email);
    const agent = newAgent();
    const login = await logIn(agent, email);
    const value = setCookie(login, 'dp_session')!.value;
    const _csrf = await formToken(agent, '/portal/keys');
    const out = await agent.post('/portal/logout').type('form').send({ _csrf });
    expect(out.status).toBe(303);
    const res = await request(h.portal.app).get('/portal/keys').set('Cookie', `dp_session=${value}`);
    expect(res.status).toBe(303);
  });
});

describe('password reset', () => {
  async function requestReset(email: string) {
    const agent = newAgent();
    const _csrf = await formToken(agent, '/portal/forgot-password');
    return agent.post('/portal/forgot-password').type('form').send({ _csrf, email });
  }

  it('does not reveal whether the email exists', async () => {
    const email = 'reset-exists@example.com';
    await verifiedAccount(h, email);
    const before = (await h.mails()).length;
    // Neither path may wait for the mailer (its latency would tell the two apart): with a mail
    // server that never answers, both requests still complete. (Structural, not timed: wall-clock
    // comparisons are flaky on a busy machine.)
    const mailer = h.portal.context.mail.mailer;
    const realSend = mailer.send.bind(mailer);
    let hold!: () => void;
    const held = new Promise<void>((r) => (hold = r));
    const send = jest.spyOn(mailer, 'send').mockImplementation(async (message) => {
      await held;
      return realSend(message);
    });
    // A request that waited for the mailer would never finish: fail fast instead of at the timeout.
    const unblocked = <T>(p: Promise<T>) =>
      Promise.race([
        p,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the request waited for the mailer')), 15_000).unref()),
      ]);
    try {
      const known = await unblocked(requestReset(email));
      const unknown = await unblocked(requestReset('reset-nobody@example.com'));
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(normalise(known.text).replace(email, 'X')).toBe(normalise(unknown.text).replace('reset-nobody@example.com', 'X'));
      // Only the known address gets a mail; the lookup and the mail happen after the answer.
      hold();
      await h.portal.mailSettled();
      expect(send).toHaveBeenCalledTimes(1);
      expect(send.mock.calls[0][0].to).toBe(email);
    } finally {
      hold();
      send.mockRestore();
    }
    const after = await h.mails();
    expect(after.length).toBe(before + 1);
    expect(after[after.length - 1].to).toBe(email);
  });

  it('sets a new password with a single-use token and ends existing sessions', async () => {
    const email = 'reset-once@example.com';
    await verifiedAccount(h, email);
    const otherBrowser = newAgent();
    const session = setCookie(await logIn(otherBrowser, email), 'dp_session')!.value;

    await requestReset(email);
    const link = new URL(await h.linkFrom(email, '/portal/reset-password'));
    const token = link.searchParams.get('token')!;
    const agent = newAgent();
    const page = await agent.get(link.pathname + link.search);
    expect(page.status).toBe(200);
    const _csrf = csrfFrom(page.text);

    // A too-short password is refused without using up the token.
    const short = await agent.post('/portal/reset-password').type('form').send({ _csrf, token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.text).toContain('at least 12 characters');

    const newPassword = 'a brand new passphrase';
    const ok = await agent.post('/portal/reset-password').type('form').send({ _csrf, token, password: newPassword });
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe('/portal/login?notice=password_changed');

    const reuse = await agent.post('/portal/reset-password').type('form').send({ _csrf, token, password: 'yet another passphrase' });
    expect(reuse.status).toBe(400);
    expect(reuse.text).toContain('expired or has already been used');

    expect((await request(h.portal.app).get('/portal/keys').set('Cookie', `dp_session=${session}`)).status).toBe(303);
    expect((await logIn(newAgent(), email)).status).toBe(401);
    expect((await logIn(newAgent(), email, newPassword)).status).toBe(303);
  });

  it('reset tokens expire after 1 hour, and a newer link retires the older one', async () => {
    const email = 'reset-late@example.com';
    await verifiedAccount(h, email);
    await requestReset(email);
    const firstToken = new URL(await h.linkFrom(email, '/portal/reset-password')).searchParams.get('token')!;
    await requestReset(email);
    const link = new URL(await h.linkFrom(email, '/portal/reset-password'));
    const token = link.searchParams.get('token')!;
    expect(token).not.toBe(firstToken);
    expect((await newAgent().get(`/portal/reset-password?token=${firstToken}`)).status).toBe(400);

    const row = await h.db.prisma.userToken.findUniqueOrThrow({ where: { tokenHash: sha256Hex(token) } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(3600 * 1000);
    await h.db.prisma.userToken.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const agent = newAgent();
    const page = await agent.get(link.pathname + link.search);
    expect(page.status).toBe(400);
    const _csrf = await formToken(agent, '/portal/login');
    const res = await agent.post('/portal/reset-password').type('form').send({ _csrf, token, password: 'expired token passphrase' });
    expect(res.status).toBe(400);
    expect((await logIn(newAgent(), email)).status).toBe(303);
  });
});
