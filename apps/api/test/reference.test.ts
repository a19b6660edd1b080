import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, closeServer, listenOnLoopback } from '@dp/testing';
import { createHarness, type Harness } from './harness';

describe('the rendered reference (/docs) and the landing page (/)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('/ is a page pointing to the reference, the OpenAPI document and the portal', async () => {
    const res = await h.http.get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    for (const href of ['/docs', '/v1/openapi.json', '/portal']) expect(res.text).toContain(`href="${href}"`);
  });

  it('/docs loads Redoc from the product itself, under a CSP that allows nothing from elsewhere', async () => {
    const page = await h.http.get('/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('spec-url="/v1/openapi.json"');
    expect(page.text).toContain('<script src="/docs/redoc.standalone.js">');
    expect(page.text).not.toMatch(/https?:\/\//);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const bundle = await h.http.get('/docs/redoc.standalone.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect(bundle.text.length).toBeGreaterThan(100_000);
  });

  it('renders every operation of the OpenAPI document in Chromium', async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package`);
    const spec = (await h.http.get('/v1/openapi.json')).body as { paths: Record<string, Record<string, { summary?: string }>> };
    const summaries = Object.values(spec.paths)
      .flatMap((ops) => Object.values(ops))
      .map((op) => op.summary)
      .filter((s): s is string => typeof s === 'string');
    expect(summaries.length).toBeGreaterThan(5);

    const server = createServer(h.api.app);
    const url = await listenOnLoopback(server);
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...CHROMIUM_ARGS],
    });
    try {
      const page = await browser.newPage();
      const requested: string[] = [];
      page.on('requestfinished', (r) => requested.push(r.url()));
      await page.setViewportSize({ width: 1400, height: 900 });
      await page.goto(`${url}/docs`);
      // Each operation is a heading of the middle column once Redoc has read the document.
      await page.locator('h2', { hasText: summaries[0] }).first().waitFor({ timeout: 30_000 });
      const headings = await page.locator('h2').allInnerTexts();
      for (const summary of summaries) expect(headings).toContain(summary);
      // Redoc's own "powered by" logo points at its CDN: the page's CSP keeps even that from loading (the request fails).
      expect(requested.filter((u) => !u.startsWith(`${url}/`) && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual([]);
    } finally {
      await browser.close();
      await closeServer(server);
    }
  }, 60_000);
});
