import request from 'supertest';
import { createApi } from '@dp/api/app';
import { generateApiKey } from '@dp/core';
import { testConfig } from '@dp/testing';
import {
  createPortalHarness,
  csrfFrom,
  formToken,
  logIn,
  PASSWORD,
  setCookie,
  verifiedAccount,
  type PortalHarness,
  usePortalHarness,
} from './harness';

let h: PortalHarness;
usePortalHarness((harness) => (h = harness));

describe('CSRF (signed double-submit)', () => {
  it('refuses a POST without a token, with a wrong one, or with cookie and field that differ', async () => {
    const agent = request.agent(h.portal.app);
    const token = await formToken(agent, '/portal/login');
    const form = { email: 'nobody@example.com', password: PASSWORD };

    const missing = await agent.post('/portal/login').type('form').send(form);
    expect(missing.status).toBe(403);
    expect(missing.text).toContain('did not come from this site');

    const wrong = await agent
      .post('/portal/login')
      .type('form')
      .send({ ...form, _csrf: `${token}x` });
    expect(wrong.status).toBe(403);

    // A well-formed token for the same binding, but not the one in this browser's cookie.
    const other = await formToken(request.agent(h.portal.app), '/portal/login');
    expect(other).not.toBe(token);
    const mismatch = await agent
      .post('/portal/login')
      .type('form')
      .send({ ...form, _csrf: other });
    expect(mismatch.status).toBe(403);

    // Field without any cookie (a cross-site form cannot send our cookie with a matching value).
    const noCookie = await request(h.portal.app)
      .post('/portal/login')
      .type('form')
      .send({ ...form, _csrf: token });
    expect(noCookie.status).toBe(403);

    // The same request with the right token gets past CSRF (and fails on the credentials).
    const ok = await agent
      .post('/portal/login')
      .type('form')
      .send({ ...form, _csrf: token });
    expect(ok.status).toBe(401);
  });

  it('answers scripts (X-CSRF-Token) with the JSON error envelope', async () => {
    const agent = request.agent(h.portal.app);
    await formToken(agent, '/portal/login');
    const res = await agent.post('/portal/logout').set('X-CSRF-Token', 'forged.value').set('Accept', 'application/json');
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'forbidden', details: { reason: 'csrf_token_invalid' } });
  });

  it('binds tokens to the session: a token signed for another binding is refused even when cookie and field match', async () => {
    const email = 'csrf-binding@example.com';
    await verifiedAccount(h, email);
    const agent = request.agent(h.portal.app);
    const login = await logIn(agent, email);
    const session = setCookie(login, 'dp_session')!.value;
    // A token signed for the anonymous binding (what any visitor, or the pre-login page, has).
    const anonymous = await formToken(request.agent(h.portal.app), '/portal/login');
    const forged = await request(h.portal.app)
      .post('/portal/keys')
      .set('Cookie', `dp_session=${session}; dp_csrf=${encodeURIComponent(anonymous)}`)
      .type('form')
      .send({ _csrf: anonymous, scopes: 'read' });
    expect(forged.status).toBe(403);
    // The page's own token (signed for this session) works.
    const own = await formToken(agent, '/portal/keys');
    const created = await agent.post('/portal/keys').type('form').send({ _csrf: own, scopes: 'read' });
    expect(created.status).toBe(303);
  });

  it('accepts the header form of the token for scripts', async () => {
    const agent = await verifiedAccount(h, 'csrf-header@example.com');
    const token = await formToken(agent, '/portal/keys');
    const res = await agent
      .post('/portal/keys')
      .set('X-CSRF-Token', token)
      .send({ scopes: ['read'] });
    expect(res.status).toBe(303);
  });
});

describe('cookies', () => {
  it('development over http: dp_session, HttpOnly, SameSite=Lax, Path=/, not Secure', async () => {
    const email = 'cookie-dev@example.com';
    await verifiedAccount(h, email);
    const res = await logIn(request.agent(h.portal.app), email);
    expect(res.status).toBe(303);
    const session = setCookie(res, 'dp_session');
    expect(session).toBeDefined();
    expect(session!.attributes).toMatch(/HttpOnly/);
    expect(session!.attributes).toMatch(/SameSite=Lax/i);
    expect(session!.attributes).toMatch(/Path=\//);
    expect(session!.attributes).not.toMatch(/Secure/);
    const csrf = setCookie(res, 'dp_csrf');
    expect(csrf!.attributes).toMatch(/HttpOnly/);
  });

  it('production: __Host- names, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain; HSTS and a strict CSP', async () => {
    const prod = await createPortalHarness({
      db: h.db,
      config: {
        NODE_ENV: 'production',
        PUBLIC_BASE_URL: 'https://portal.example',
        SESSION_SECRET: 'p'.repeat(40),
        INTERNAL_API_SECRET: 'i'.repeat(40),
      },
    });
    try {
      const email = 'cookie-prod@example.com';
      await verifiedAccount(h, email); // same database, development portal
      const page = await request(prod.portal.app).get('/portal/login');
      const csrfCookie = setCookie(page, '__Host-dp_csrf');
      expect(csrfCookie!.attributes).toMatch(/Secure/);
      expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const csp = page.headers['content-security-policy'];
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');

      // Secure cookies are not sent back over plain http by the test client: send them by hand.
      const res = await request(prod.portal.app)
        .post('/portal/login')
        .set('Cookie', `__Host-dp_csrf=${encodeURIComponent(csrfCookie!.value)}`)
        .type('form')
        .send({ _csrf: csrfFrom(page.text), email, password: PASSWORD });
      expect(res.status).toBe(303);
      const session = setCookie(res, '__Host-dp_session');
      expect(session).toBeDefined();
      for (const attr of [/Secure/, /HttpOnly/, /SameSite=Lax/i, /Path=\/(;|$)/]) expect(session!.attributes).toMatch(attr);
      expect(session!.attributes).not.toMatch(/Domain=/i);
      expect(setCookie(res, 'dp_session')).toBeUndefined();
    } finally {
      await prod.close();
    }
  });
});

describe('the portal is not an API, and the API does not take portal cookies', () => {
  it('refuses Authorization headers on /portal', async () => {
    const res = await request(h.portal.app).get('/portal/keys').set('Authorization', `Bearer ${generateApiKey()}`);
    expect(res.status).toBe(400);
    expect(res.text).toContain('does not accept API keys');
  });

  it('GET /v1/usage with the portal session cookie and no key is 401 missing_key', async () => {
    const email = 'api-cookie@example.com';
    await verifiedAccount(h, email);
    const login = await logIn(request.agent(h.portal.app), email);
    const session = setCookie(login, 'dp_session')!;
    const api = createApi({ db: h.db, state: h.state, config: testConfig() });
    try {
      await api.ready;
      // The cookie is valid for the portal ...
      const portalPage = await request(h.portal.app).get('/portal/usage').set('Cookie', `dp_session=${session.value}`);
      expect(portalPage.status).toBe(200);
      // ... and means nothing to the API.
      const res = await request(api.app).get('/v1/usage').set('Cookie', `dp_session=${session.value}`);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('missing_key');
    } finally {
      await api.close();
    }
  });
});

describe('static assets and headers', () => {
  it('serves its own CSS, scripts and chart.js; pages are not cached', async () => {
    for (const path of [
      '/portal/static/portal.css',
      '/portal/static/copy.js',
      '/portal/static/usage-chart.js',
      '/portal/static/vendor/chart.umd.js',
    ]) {
      const res = await request(h.portal.app).get(path);
      expect(res.status).toBe(200);
    }
    const page = await request(h.portal.app).get('/portal/login');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.text).not.toMatch(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/json")[^>]*>/);
  });

  it('compresses the static files when asked, never the pages (they carry the CSRF token: BREACH)', async () => {
    const css = await request(h.portal.app).get('/portal/static/portal.css').set('Accept-Encoding', 'br');
    expect(css.status).toBe(200);
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.text).toContain('{');
    const page = await request(h.portal.app).get('/portal/login').set('Accept-Encoding', 'gzip, br');
    expect(page.status).toBe(200);
    expect(page.text.length).toBeGreaterThan(1024);
    expect(page.headers['content-encoding']).toBeUndefined();
  });

  it('unknown portal pages get a 404 page', async () => {
    const res = await request(h.portal.app).get('/portal/nope');
    expect(res.status).toBe(404);
    expect(res.text).toContain('Page not found');
  });
});
