/**
 * The dashboard pages over HTTP: keys (post/redirect/get with a one-time flash, ids, truthful
 * revocation wording, first-request panel), usage ranges (validation) and the CSV download.
 */
import request from 'supertest';
import { createLogger } from '@dp/core';
import { Meter } from '@dp/api/metering/meter';
import { createKeyInPortal, createPortalHarness, formToken, signUp, verifiedAccount, type PortalHarness } from './harness';
import { csvField } from '../src/usage/usage-csv';
import { parseUsageRange } from '../src/usage/usage-range';

jest.setTimeout(180_000);

let h: PortalHarness;
beforeAll(async () => {
  // A trailing slash on the base URL must not double the path's.
  h = await createPortalHarness({ config: { PUBLIC_BASE_URL: 'http://dp.example.test:8080/' } });
});
afterAll(() => h.close());

const orgOf = async (email: string) =>
  (await h.db.prisma.membership.findFirstOrThrow({ where: { user: { email } }, select: { orgId: true } })).orgId;

describe('keys', () => {
  it('creates a key with post/redirect/get: shown once on the page the redirect lands on, never again', async () => {
    const email = 'prg@example.com';
    const agent = await verifiedAccount(h, email);
    const created = await agent
      .post('/portal/keys')
      .type('form')
      .send({ _csrf: await formToken(agent, '/portal/keys'), name: 'ci "runner", eu', scopes: ['read', 'manage'] });
    expect(created.status).toBe(303);
    expect(created.headers.location).toBe('/portal/keys#result');
    expect(created.text).not.toMatch(/dp_live_/);
    // Stored for the redirect encrypted, never in the clear.
    const [stored] = await h.db.query<{ payload: string }>('SELECT payload FROM portal_flash');
    expect(stored.payload).not.toMatch(/dp_live_|prg|runner/);

    const page = await agent.get('/portal/keys');
    const key = /dp_live_[0-9A-Za-z]{32}/.exec(page.text)![0];
    const row = await h.db.prisma.apiKey.findFirstOrThrow({ where: { orgId: await orgOf(email) } });
    expect(page.text).toContain(`id="result" role="status" tabindex="-1" autofocus`);
    expect(page.text).toContain(row.id);
    // The first request with the key itself and the configured base URL.
    expect(page.text).toContain(
      `curl -H &quot;Authorization: Bearer ${key}&quot; &quot;http://dp.example.test:8080/v1/legal/search?q=zakon&quot;`,
    );

    // Reloading creates nothing and shows the key no more.
    const reload = await agent.get('/portal/keys');
    expect(reload.status).toBe(200);
    expect(reload.text).not.toContain(key);
    expect(reload.text).not.toContain('id="result"');
    expect(reload.text).toContain('Bearer YOUR_API_KEY');
    expect(await h.db.prisma.apiKey.count({ where: { orgId: await orgOf(email) } })).toBe(1);
    expect(await h.db.query('SELECT 1 FROM portal_flash')).toHaveLength(0);
    // The table shows the id (what key:revoke takes) and the name, escaped.
    expect(reload.text).toContain(`<code class="break">${row.id}</code>`);
    expect(reload.text).toContain('ci &quot;runner&quot;, eu');
  });

  it('keeps the flash to the session that created the key', async () => {
    const email = 'two-tabs@example.com';
    const first = await verifiedAccount(h, email);
    const other = request.agent(h.portal.app);
    const _csrf = await formToken(other, '/portal/login');
    await other.post('/portal/login').type('form').send({ _csrf, email, password: 'correct horse battery staple' });
    await first
      .post('/portal/keys')
      .type('form')
      .send({ _csrf: await formToken(first, '/portal/keys'), scopes: 'read' });
    expect((await other.get('/portal/keys')).text).not.toMatch(/dp_live_[0-9A-Za-z]{32}/);
    expect((await first.get('/portal/keys')).text).toMatch(/dp_live_[0-9A-Za-z]{32}/);
  });

  it('says what revocation does in this configuration, once, focused', async () => {
    const agent = await verifiedAccount(h, 'revoker@example.com');
    const { key } = await createKeyInPortal(agent, { name: 'old laptop', scopes: 'read' });
    const row = await h.db.prisma.apiKey.findFirstOrThrow({ where: { prefix: key.slice(0, 12) } });
    const revoked = await agent
      .post(`/portal/keys/${row.id}/revoke`)
      .type('form')
      .send({ _csrf: await formToken(agent, '/portal/keys') });
    expect([revoked.status, revoked.headers.location]).toEqual([303, '/portal/keys#result']);
    const page = await agent.get('/portal/keys');
    expect(page.text).toContain(`(id <code class="break">${row.id}</code>) has been revoked.`);
    // The bus this configuration really uses: Redis pub/sub with REDIS_URL, else PostgreSQL NOTIFY.
    const bus = h.state.kind === 'redis' ? 'Redis pub/sub' : 'PostgreSQL NOTIFY';
    expect(page.text).toContain(`refused by the API within about a second: every API instance is told over ${bus}.`);
    expect((await agent.get('/portal/keys')).text).not.toContain('has been revoked');
  });

  it('shows the first request after sign-up, with the placeholder and the configured base URL', async () => {
    const res = await signUp(h, request.agent(h.portal.app), 'newcomer@example.com');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Your first request');
    expect(res.text).toContain(
      'curl -H &quot;Authorization: Bearer YOUR_API_KEY&quot; &quot;http://dp.example.test:8080/v1/legal/search?q=zakon&quot;',
    );
  });
});

describe('usage ranges', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it.each([
    [{ range: '7', from: '', to: '' }, '2026-11-17', '2026-11-23'],
    [{ range: '', from: '', to: '' }, '2026-10-25', '2026-11-23'],
    [{ range: '90', from: '', to: '' }, '2026-08-26', '2026-11-23'],
    [{ range: 'custom', from: '2026-02-28', to: '2026-03-01' }, '2026-02-28', '2026-03-01'],
  ])('%j is %s to %s', (input, from, to) => {
    const parsed = parseUsageRange(input, now);
    expect(parsed.ok && [parsed.range.from.toISOString().slice(0, 10), parsed.range.to.toISOString().slice(0, 10)]).toEqual([from, to]);
  });

  it.each([
    [{ range: 'custom', from: '', to: '' }, ['from: Enter the first day of the range', 'to: Enter the last day of the range']],
    [{ range: 'custom', from: '2026-02-30', to: '2026-03-01' }, ['from: Enter the first day as a real date, like 2026-01-31']],
    [{ range: 'custom', from: '2026-03-02', to: '2026-03-01' }, ['from: The first day must be on or before the last day']],
    [{ range: 'custom', from: '2026-11-01', to: '2026-11-24' }, ['to: The last day cannot be after today (2026-11-23)']],
    [{ range: 'custom', from: '2025-01-01', to: '2026-01-02' }, ['from: A range can be at most 366 days long']],
    [{ range: '365', from: '', to: '' }, ['range-30: Choose the last 7, 30 or 90 days, or a custom range']],
  ])('refuses %j', (input, messages) => {
    const parsed = parseUsageRange(input, now);
    expect(parsed.ok ? [] : parsed.errors.map((e) => `${e.field}: ${e.message}`)).toEqual(messages);
  });

  it('answers 400 with the problems listed on the page, for the page and the CSV alike', async () => {
    const agent = await verifiedAccount(h, 'ranges@example.com');
    for (const path of ['/portal/usage', '/portal/usage.csv']) {
      const res = await agent.get(path).query({ range: 'custom', from: '2026-03-02', to: 'yesterday' });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('There is a problem');
      expect(res.text).toContain('Enter the last day as a real date');
      expect(res.text).toContain('aria-invalid="true"');
      expect(res.text).toContain('value="2026-03-02"'); // what was typed stays
    }
  });
});

describe('usage breakdown and CSV', () => {
  it('escapes fields as RFC 4180 says and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField(null)).toBe('');
    expect(csvField(42)).toBe('42');
  });

  it('shows usage per key and status and downloads the range as CSV', async () => {
    const email = 'csv@example.com';
    const agent = await verifiedAccount(h, email);
    const { key } = await createKeyInPortal(agent, { name: '=cmd|"/c calc", prod', scopes: 'read' });
    const { key: second } = await createKeyInPortal(agent, { name: 'staging', scopes: 'read' });
    const orgId = await orgOf(email);
    const keys = await h.db.prisma.apiKey.findMany({ where: { orgId } });
    const idOf = (k: string) => keys.find((r) => r.prefix === k.slice(0, 12))!.id;
    // The api's own meter writes the counts, as it does for /v1 requests.
    const meter = new Meter(h.db, createLogger({ name: 'test', level: 'silent' }));
    const today = new Date();
    meter.record({ orgId, keyId: idOf(key) }, 'documents.get', 200, 1, today);
    meter.record({ orgId, keyId: idOf(key) }, 'documents.get', 200, 1, today);
    meter.record({ orgId, keyId: idOf(key) }, 'documents.get', 404, 0, today);
    meter.record({ orgId, keyId: idOf(second) }, 'search.fulltext', 429, 0, today);
    await meter.close();

    const page = await agent.get('/portal/usage').query({ range: '7' });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<dd id="range-requests">4<\/dd>/);
    expect(page.text).toMatch(/<dd id="range-units">2<\/dd>/);
    expect(page.text).toContain('<td data-label="Status">404 Not Found</td>');
    expect(page.text).toContain('<td data-label="Status">429 Too Many Requests</td>');
    expect(page.text).toContain(idOf(second));
    expect(page.text).toContain('href="/portal/usage.csv?range=7"');

    const csv = await agent.get('/portal/usage.csv').query({ range: '7' }).buffer(true);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    const day = today.toISOString().slice(0, 10);
    const from = new Date(today.getTime() - 6 * 86_400_000).toISOString().slice(0, 10);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="usage-${from}-to-${day}.csv"`);
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe('day,key_id,key_prefix,key_name,operation,status,requests,units');
    const first = `${day},${idOf(key)},${key.slice(0, 12)},"'=cmd|""/c calc"", prod"`;
    const rows = [
      `${first},documents.get,200,2,2`,
      `${first},documents.get,404,1,0`,
      `${day},${idOf(second)},${second.slice(0, 12)},staging,search.fulltext,429,1,0`,
    ].sort((a, b) => (a.split(',')[1] < b.split(',')[1] ? -1 : 1));
    expect(lines.slice(1)).toEqual([...rows, '']);
  });

  it('refuses the CSV to visitors without a session', async () => {
    const res = await request(h.portal.app).get('/portal/usage.csv');
    expect([res.status, res.headers.location]).toEqual([303, '/portal/login?next=%2Fportal%2Fusage.csv']);
  });
});
