import request from 'supertest';
import {
  createPortalHarness,
  formToken,
  logIn,
  PASSWORD,
  PASSWORD_HASHING_TIMEOUT_MS,
  verifiedAccount,
  type PortalHarness,
} from './harness';

jest.setTimeout(PASSWORD_HASHING_TIMEOUT_MS);

describe('login throttling (shared rate limiter)', () => {
  let h: PortalHarness;
  afterEach(async () => {
    await h?.close();
  });

  it('counts failures only: 3 good and 2 bad sign-ins do not lock the account', async () => {
    h = await createPortalHarness({ limits: { mailPerIp: { limit: 1000, windowSeconds: 900 } } }); // default login limits (5)
    const email = 'mostly-right@example.com';
    await verifiedAccount(h, email); // good sign-in 1
    for (let i = 0; i < 2; i++) expect((await logIn(request.agent(h.portal.app), email)).status).toBe(303); // good 2, 3
    for (let i = 0; i < 2; i++) expect((await logIn(request.agent(h.portal.app), email, `wrong password ${i}`)).status).toBe(401);
    // Five attempts so far, none refused; more good sign-ins still work.
    for (let i = 0; i < 3; i++) expect((await logIn(request.agent(h.portal.app), email)).status).toBe(303);
  });

  it('locks the account after 5 failures, even for the right password, and offers the password reset', async () => {
    h = await createPortalHarness({ limits: { mailPerIp: { limit: 1000, windowSeconds: 900 } } });
    const email = 'throttled@example.com';
    await verifiedAccount(h, email);
    for (let i = 0; i < 5; i++) {
      expect((await logIn(request.agent(h.portal.app), email, `wrong password number ${i}`)).status).toBe(401);
    }
    const blocked = await logIn(request.agent(h.portal.app), email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.text).toContain('Too many failed sign-in attempts');
    expect(blocked.text).toMatch(/try again in about \d+ minutes?/);
    expect(blocked.text).toContain('href="/portal/forgot-password"');
    // Other accounts from the same IP are still fine (the per-IP limit is higher).
    await verifiedAccount(h, 'not-throttled@example.com');
  });

  it('limits attempts per IP across accounts', async () => {
    h = await createPortalHarness({
      limits: { loginPerIp: { limit: 3, windowSeconds: 900 }, mailPerIp: { limit: 1000, windowSeconds: 900 } },
    });
    for (let i = 0; i < 3; i++) {
      expect((await logIn(request.agent(h.portal.app), `spray-${i}@example.com`)).status).toBe(401);
    }
    const res = await logIn(request.agent(h.portal.app), 'spray-x@example.com');
    expect(res.status).toBe(429);
    // Scripts get the JSON envelope.
    const agent = request.agent(h.portal.app);
    const token = await formToken(agent, '/portal/login');
    const json = await agent
      .post('/portal/login')
      .set('X-CSRF-Token', token)
      .set('Accept', 'application/json')
      .send({ email: 'a@example.com', password: PASSWORD });
    expect(json.status).toBe(429);
    expect(json.body.error.code).toBe('rate_limited');
  });
});
