import request from 'supertest';
import { createPortalHarness, formToken, logIn, PASSWORD, verifiedAccount, type PortalHarness } from './harness';

// Real scrypt cost (OWASP parameters, ~0.7 s a hash here) and a busy CI machine: be patient.
jest.setTimeout(180_000);

describe('login throttling (shared rate limiter)', () => {
  let h: PortalHarness;
  afterEach(async () => {
    await h?.close();
  });

  it('answers 429 with Retry-After after 5 attempts on one account, even with the right password', async () => {
    h = await createPortalHarness({ limits: { mailPerIp: { limit: 1000, windowSeconds: 900 } } }); // default login limits
    const email = 'throttled@example.com';
    await verifiedAccount(h, email); // its sign-in is attempt 1
    for (let i = 0; i < 4; i++) {
      expect((await logIn(request.agent(h.portal.app), email, `wrong password number ${i}`)).status).toBe(401);
    }
    const blocked = await logIn(request.agent(h.portal.app), email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.text).toContain('Too many sign-in attempts');
    expect(blocked.text).toMatch(/try again in about \d+ minutes?/);
    // Other accounts from the same IP are still fine (the per-IP limit is higher).
    const other = 'not-throttled@example.com';
    await verifiedAccount(h, other);
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
