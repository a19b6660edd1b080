import request from 'supertest';
import { sendTestEvent } from '@dp/db';
import { createPortalHarness, formToken, logIn, signUp, verifiedAccount, type PortalHarness } from './harness';

/**
 * The webhook operations of the portal over HTTP (issue #16): another organization's webhook or
 * delivery is "not found" for every page and action, every action needs the CSRF token, a new
 * secret is rendered once (never in a URL), and an unconfirmed account adds no webhook.
 * The browser side is browser-webhooks.test.ts.
 */
let h: PortalHarness;
beforeAll(async () => {
  // Its webhooks point at a loopback port (nothing is delivered here): local receivers allowed.
  h = await createPortalHarness({ config: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
});
afterAll(() => h.close());

type Agent = ReturnType<typeof request.agent>;

/** Adds a webhook through the form (post/redirect/get); its id, and the page the redirect lands on. */
async function createInPortal(agent: Agent, url: string): Promise<{ id: string; landed: request.Response }> {
  const res = await agent
    .post('/portal/webhooks')
    .type('form')
    .send({ _csrf: await formToken(agent, '/portal/webhooks'), url, events: ['document.created'] });
  expect(res.status).toBe(303);
  expect(res.headers.location).toBe('/portal/webhooks#flash');
  const landed = await agent.get('/portal/webhooks');
  const { id } = await h.db.prisma.webhook.findFirstOrThrow({ where: { url }, orderBy: { createdAt: 'desc' } });
  expect(landed.text).toContain(`data-webhook-id="${id}"`);
  return { id, landed };
}

async function addWebhook(agent: Agent, url: string): Promise<string> {
  return (await createInPortal(agent, url)).id;
}

describe('portal webhook operations', () => {
  it('another organization’s webhook and deliveries are not found, and stay untouched', async () => {
    const owner = await verifiedAccount(h, 'hook-owner@example.com', 'Owner Org');
    const stranger = await verifiedAccount(h, 'hook-stranger@example.com', 'Stranger Org');
    const id = await addWebhook(owner, 'http://127.0.0.1:9/owner');
    const org = await h.db.prisma.webhook.findUniqueOrThrow({ where: { id } });
    const delivery = (await sendTestEvent(h.db.prisma, org.orgId, id))!;
    const _csrf = await formToken(stranger, '/portal/webhooks');

    for (const path of [`/portal/webhooks/${id}`, `/portal/webhooks/${id}/deliveries/${delivery.id}`]) {
      const res = await stranger.get(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.text).not.toContain('/owner');
    }
    for (const [action, body] of [
      ['test', {}],
      ['rotate', {}],
      ['disable', {}],
      ['enable', {}],
      ['edit', { url: 'http://127.0.0.1:9/stolen', events: 'document.created' }],
      [`deliveries/${delivery.id}/replay`, {}],
      ['delete', {}],
    ] as const) {
      const res = await stranger
        .post(`/portal/webhooks/${id}/${action}`)
        .type('form')
        .send({ _csrf, ...body });
      expect([action, res.status]).toEqual([action, 404]);
    }
    const after = await h.db.prisma.webhook.findUniqueOrThrow({ where: { id } });
    expect(after).toEqual(org);
    expect(await h.db.prisma.webhookDelivery.count({ where: { webhookId: id } })).toBe(1);
    // The owner's own delivery under the stranger's webhook id is not found either.
    const own = await addWebhook(stranger, 'http://127.0.0.1:9/stranger');
    expect((await stranger.get(`/portal/webhooks/${own}/deliveries/${delivery.id}`)).status).toBe(404);
  });

  it('creating is post/redirect/get: the secret is shown once on the page landed on, never in a URL; a reload creates nothing', async () => {
    const agent = await verifiedAccount(h, 'hook-prg@example.com');
    const url = 'http://127.0.0.1:9/prg';
    const { id, landed } = await createInPortal(agent, url);
    const { secret, orgId } = await h.db.prisma.webhook.findUniqueOrThrow({ where: { id } });
    expect(landed.status).toBe(200);
    expect(landed.headers['cache-control']).toBe('no-store');
    expect(landed.text).toContain(`value="${secret}"`);
    // The reload: the same page, without the secret; still one webhook.
    const reloaded = await agent.get('/portal/webhooks');
    expect(reloaded.text).toContain(`data-webhook-id="${id}"`);
    expect(reloaded.text).not.toContain(secret);
    expect(await h.db.prisma.webhook.count({ where: { orgId } })).toBe(1);
  });

  it('a new secret waits only for the page that shows it: another page does not take it', async () => {
    const agent = await verifiedAccount(h, 'hook-tabs@example.com');
    const a = await addWebhook(agent, 'http://127.0.0.1:9/tab-a');
    const b = await addWebhook(agent, 'http://127.0.0.1:9/tab-b');
    const rotated = await agent
      .post(`/portal/webhooks/${a}/rotate`)
      .type('form')
      .send({ _csrf: await formToken(agent, `/portal/webhooks/${a}`) });
    expect(rotated.status).toBe(303);
    const { secret } = await h.db.prisma.webhook.findUniqueOrThrow({ where: { id: a } });
    // Pages opened meanwhile (another tab) show nothing of it and leave it in place.
    for (const path of ['/portal/keys', '/portal/webhooks', `/portal/webhooks/${b}`]) {
      expect([path, (await agent.get(path)).text.includes(secret)]).toEqual([path, false]);
    }
    expect((await agent.get(rotated.headers.location)).text).toContain(`value="${secret}"`);
    expect((await agent.get(`/portal/webhooks/${a}`)).text).not.toContain(secret);
  });

  it('every action needs the CSRF token; a rotated secret is shown once after the redirect, never in a URL', async () => {
    const agent = await verifiedAccount(h, 'hook-csrf@example.com');
    const id = await addWebhook(agent, 'http://127.0.0.1:9/csrf');
    for (const action of ['test', 'rotate', 'disable', 'edit']) {
      const res = await agent.post(`/portal/webhooks/${id}/${action}`).type('form').send({ url: 'http://127.0.0.1:9/x' });
      expect([action, res.status]).toEqual([action, 403]);
    }
    expect(await h.db.prisma.webhookDelivery.count({ where: { webhookId: id } })).toBe(0);

    const before = await h.db.prisma.webhook.findUniqueOrThrow({ where: { id } });
    const rotated = await agent
      .post(`/portal/webhooks/${id}/rotate`)
      .type('form')
      .send({ _csrf: await formToken(agent, `/portal/webhooks/${id}`) });
    expect(rotated.status).toBe(303);
    expect(rotated.headers.location).toBe(`/portal/webhooks/${id}#flash`);
    const after = await h.db.prisma.webhook.findUniqueOrThrow({ where: { id } });
    expect(after.secret).not.toBe(before.secret);
    expect(after.previousSecret).toBe(before.secret);
    const landed = await agent.get(`/portal/webhooks/${id}`);
    expect(landed.headers['cache-control']).toBe('no-store');
    expect(landed.text).toContain(`value="${after.secret}"`);
    expect(landed.text).not.toContain(before.secret);
    // A reload shows it no more and rotates nothing: the secret before the rotation still signs.
    expect((await agent.get(`/portal/webhooks/${id}`)).text).not.toContain(after.secret);
    expect(await h.db.prisma.webhook.findUniqueOrThrow({ where: { id } })).toEqual(after);

    const tested = await agent
      .post(`/portal/webhooks/${id}/test`)
      .type('form')
      .send({ _csrf: await formToken(agent, `/portal/webhooks/${id}`) });
    expect(tested.status).toBe(303);
    expect(tested.headers.location).toMatch(new RegExp(`^/portal/webhooks/${id}\\?notice=test_sent&delivery=msg_`));
  });

  it('an account whose email is not confirmed cannot add a webhook (403)', async () => {
    const agent = request.agent(h.portal.app);
    await signUp(h, agent, 'hook-unconfirmed@example.com');
    await logIn(agent, 'hook-unconfirmed@example.com');
    const page = await agent.get('/portal/webhooks');
    expect(page.text).toContain('Confirm your email address first');
    const res = await agent
      .post('/portal/webhooks')
      .type('form')
      .send({ _csrf: await formToken(agent, '/portal/webhooks'), url: 'http://127.0.0.1:9/x', events: 'document.created' });
    expect(res.status).toBe(403);
    expect(await h.db.prisma.webhook.count({ where: { url: 'http://127.0.0.1:9/x' } })).toBe(0);
  });

  // What `npm start` runs (NODE_ENV=development) refuses them like every mode, unless
  // WEBHOOK_ALLOW_PRIVATE_TARGETS=true; the form says which URLs it takes.
  it('refuses private, loopback and metadata targets without WEBHOOK_ALLOW_PRIVATE_TARGETS, in development too', async () => {
    const dev = await createPortalHarness({ db: h.db, config: { NODE_ENV: 'development' } });
    try {
      const agent = await verifiedAccount(dev, 'hook-ssrf@example.com', 'SSRF Org');
      const page = await agent.get('/portal/webhooks');
      expect(page.text).toContain('An https URL on the public internet.');
      for (const url of [
        'https://169.254.169.254/latest/meta-data/',
        'https://192.168.1.1/hook',
        'http://127.0.0.1:9/x',
        'https://localhost/x',
        'https://[::ffff:0:127.0.0.1]/x',
      ]) {
        const res = await agent
          .post('/portal/webhooks')
          .type('form')
          .send({ _csrf: await formToken(agent, '/portal/webhooks'), url, events: 'document.created' });
        expect([url, res.status]).toEqual([url, 400]);
        expect(res.text).toMatch(/Endpoint URL must (not point to|use https)/);
      }
      expect(await dev.db.prisma.webhook.count({ where: { org: { name: 'SSRF Org' } } })).toBe(0);
      // With the setting (h), the form says so and takes a loopback receiver.
      expect((await (await verifiedAccount(h, 'hook-local@example.com')).get('/portal/webhooks')).text).toContain(
        'WEBHOOK_ALLOW_PRIVATE_TARGETS is on',
      );
    } finally {
      await dev.close();
    }
  });
});
