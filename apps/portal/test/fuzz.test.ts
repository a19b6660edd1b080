import request from 'supertest';
import {
  FUZZ_TIMEOUT_MS,
  fuzzRequests,
  memoryLogger,
  send,
  serve,
  type FuzzRoute,
  type Served,
  expectFuzzAnswered,
  itSurvivesTheFuzz,
} from '@dp/testing';
import { createPortalHarness, csrfFrom, verifiedAccount, type PortalHarness } from './harness';

/**
 * Hostile input over every route of the portal (issue #14): deterministic (seeded), bounded,
 * asserting no 5xx, the error envelope with a fitting code on every 4xx (or, for browsers, a
 * proper HTML page), and no crash; with and without a signed-in session and its CSRF token.
 */
const FORM = (fields: string[]) => ({ type: 'form' as const, fields: ['_csrf', ...fields] });
const ROUTES: FuzzRoute[] = [
  { method: 'GET', path: '/portal/' },
  { method: 'GET', path: '/portal/signup' },
  { method: 'POST', path: '/portal/signup', body: FORM(['email', 'password', 'organization']) },
  { method: 'GET', path: '/portal/verify-email', query: ['token'] },
  { method: 'POST', path: '/portal/verify-email', body: FORM(['token']) },
  { method: 'POST', path: '/portal/verify-email/resend', body: FORM([]) },
  { method: 'GET', path: '/portal/login', query: ['next'] },
  { method: 'POST', path: '/portal/login', body: FORM(['email', 'password', 'next']) },
  { method: 'POST', path: '/portal/logout', body: FORM([]) },
  { method: 'GET', path: '/portal/forgot-password' },
  { method: 'POST', path: '/portal/forgot-password', body: FORM(['email']) },
  { method: 'GET', path: '/portal/reset-password', query: ['token'] },
  { method: 'POST', path: '/portal/reset-password', body: FORM(['token', 'password']) },
  { method: 'GET', path: '/portal/keys' },
  { method: 'POST', path: '/portal/keys', body: FORM(['name', 'scopes']) },
  { method: 'POST', path: '/portal/keys/{id}/revoke', body: FORM([]) },
  { method: 'GET', path: '/portal/usage', query: ['range', 'from', 'to'] },
  { method: 'GET', path: '/portal/usage.csv', query: ['range', 'from', 'to'] },
  { method: 'GET', path: '/portal/webhooks' },
  { method: 'POST', path: '/portal/webhooks', body: FORM(['url', 'events', 'description']) },
  { method: 'GET', path: '/portal/webhooks/{id}' },
  { method: 'POST', path: '/portal/webhooks/{id}/delete', body: FORM([]) },
  { method: 'POST', path: '/portal/webhooks/{id}/edit', body: FORM(['url', 'events', 'description']) },
  { method: 'POST', path: '/portal/webhooks/{id}/test', body: FORM([]) },
  { method: 'POST', path: '/portal/webhooks/{id}/rotate', body: FORM([]) },
  { method: 'POST', path: '/portal/webhooks/{id}/enable', body: FORM([]) },
  { method: 'GET', path: '/portal/webhooks/{id}/deliveries/{x}' },
  { method: 'POST', path: '/portal/webhooks/{id}/deliveries/{x}/replay', body: FORM([]) },
  { method: 'GET', path: '/portal/static/{x}' },
  { method: 'GET', path: '/portal/static/vendor/chart.umd.js' },
  { method: 'GET', path: '/portal/{x}' },
  { method: 'GET', path: '/livez' },
  { method: 'GET', path: '/{x}' },
];

let h: PortalHarness;
let served: Served;
const logs: string[] = [];
let session: Record<string, string>;

beforeAll(async () => {
  h = await createPortalHarness({
    logger: memoryLogger(logs),
    // The fuzz comes from one address: every per-address limit is raised out of its way.
    config: { CLIENT_REQUESTS_PER_MINUTE: '1000000' },
    limits: { loginPerIp: { limit: 1_000_000, windowSeconds: 900 }, mailPerIp: { limit: 1_000_000, windowSeconds: 900 } },
  });
  served = await serve(h.portal.app, memoryLogger(logs));
  const agent = await verifiedAccount(h, 'fuzz@example.com');
  const page = agent.get('/portal/keys');
  const res = await page;
  const cookie = (page as unknown as { cookies: string }).cookies;
  session = { cookie, 'x-csrf-token': csrfFrom(res.text) };
});
afterAll(async () => {
  await served.close();
  await h.close();
});

describe("portal: the issue's cases", () => {
  it('an undecodable path answers 400: a page for browsers, the envelope for scripts', async () => {
    const page = await send(served.port, { path: '/portal/keys/%c3/revoke', headers: { accept: 'text/html', cookie: session.cookie } });
    expect(page.status).toBe(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const json = await send(served.port, { method: 'POST', path: '/portal/keys/%c3/revoke', headers: session });
    expect(json.status).toBe(400);
    expect((json.body as { error: { code: string } }).error.code).toBe('invalid_request');
  });

  it('a NUL in a sign-up field answers a 400 page and never reaches the database', async () => {
    const agent = request.agent(h.portal.app);
    const _csrf = csrfFrom((await agent.get('/portal/signup')).text);
    for (const fields of [
      { email: 'nul\u0000@example.com', password: 'correct horse battery staple', organization: 'Acme' },
      { email: 'ok@example.com', password: 'correct horse\u0000battery staple', organization: 'Acme' },
      { email: 'ok@example.com', password: 'correct horse battery staple', organization: 'Ac\u0000me' },
    ]) {
      const res = await agent
        .post('/portal/signup')
        .type('form')
        .send({ _csrf, ...fields });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
    expect(await h.db.prisma.user.count({ where: { email: 'ok@example.com' } })).toBe(0);
  });
});

describe('portal fuzz (seeded)', () => {
  it(
    'answers 3,000 hostile requests over every route without a 5xx; errors are envelopes or proper pages',
    async () => {
      expect(session.cookie).toContain('dp_session=');
      const requests = fuzzRequests({
        routes: ROUTES,
        count: 3_000,
        seed: 1400,
        credentials: [{}, { accept: 'application/json' }, session, { cookie: session.cookie }, { authorization: 'Bearer dp_live_x' }],
        plausible: ['key_0000', 'wh_0000', 'app.css'],
      });
      await expectFuzzAnswered(served.port, requests, [200, 303, 400, 403, 404], { htmlPagesAllowed: true });
    },
    FUZZ_TIMEOUT_MS,
  );

  itSurvivesTheFuzz(
    () => ({ port: served.port, healthPath: '/livez', logs }),
    async () => expect((await request(h.portal.app).get('/portal/login')).status).toBe(200),
  );
});
