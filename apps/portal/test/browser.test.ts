/**
 * The whole portal in a real browser: Debian's Chromium, driven by playwright-core, against the
 * portal and the api served on ephemeral ports over one database and one shared state.
 */
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@dp/testing';
import { startBrowserStack, type BrowserStack } from './browser-harness';
import { firstLink, PASSWORD, readOutbox } from './harness';

jest.setTimeout(240_000);

let stack: BrowserStack;
let portalUrl: string;
let apiUrl: string;
let outboxDir: string;
let browser: Browser;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  stack = await startBrowserStack({ withApi: true });
  ({ portalUrl, outboxDir, browser } = stack);
  apiUrl = stack.apiUrl!;
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portalUrl });
  page = await context.newPage();
  // Any script error or CSP violation ("Refused to ...") fails the test at the end.
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  // Revoke and delete ask for confirmation.
  page.on('dialog', (dialog) => void dialog.accept());
});

afterAll(() => stack?.close());

/**
 * The few browser globals the page.evaluate callbacks use, typed here so the test compiles without
 * the DOM library (which would leak browser types into the server code's type check).
 */
interface Canvas {
  width: number;
  height: number;
}
interface ChartInstance {
  config: { type: string };
  data: { labels: string[]; datasets: { label: string; data: number[] }[] };
}
interface BrowserGlobals {
  navigator: { clipboard: { readText(): Promise<string> } };
  document: {
    getElementById(id: string): Canvas | null;
    activeElement: { className: string } | null;
    documentElement: { scrollWidth: number };
  };
  innerWidth: number;
  Chart?: { version: string; getChart(canvas: Canvas): ChartInstance | undefined };
}

const v1 = (path: string, key: string) => fetch(`${apiUrl}${path}`, { headers: { Authorization: `Bearer ${key}` } });

it('sign up → verify by mail → sign in → key works on /v1 → revoke → 401; webhooks; usage chart', async () => {
  const email = 'browser-user@example.com';

  // Sign up.
  await page.goto(`${portalUrl}/portal/signup`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Organization name').fill('Browser & Co <test>');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();

  // The verification mail, from the outbox.
  const mail = await eventually(() => readOutbox(outboxDir).find((m) => m.to === email), { what: 'the verification mail' });
  expect(mail.subject).toBe('Confirm your email address');
  const link = firstLink(mail.text, '/portal/verify-email');
  expect(link.startsWith(`${portalUrl}/portal/verify-email?token=`)).toBe(true);

  // Verify.
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor();

  // Sign in; the next parameter brings us to the keys page.
  await page.getByRole('link', { name: 'Sign in to create an API key' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/portal/keys');
  // Escaped, not interpreted.
  expect(await page.locator('.account-org').textContent()).toBe('Browser & Co <test>');

  // Create a key with read and manage; the full value is shown once, with a copy button.
  expect(await page.getByLabel('read', { exact: true }).isChecked()).toBe(true);
  await page.getByLabel('manage', { exact: true }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const keyField = page.getByRole('textbox', { name: 'Your new API key' });
  const key = await keyField.inputValue();
  expect(key).toMatch(/^dp_live_[0-9A-Za-z]{32}$/);
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await page.getByText('Copied to the clipboard.').waitFor();
  expect(await page.evaluate(() => (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText())).toBe(key);

  // The key works on /v1, and its traffic is metered.
  const search = await v1('/v1/legal/search?q=zakon', key);
  expect(search.status).toBe(200);
  const usage = await v1('/v1/usage', key);
  expect(usage.status).toBe(200);
  const usageBody = (await usage.json()) as { data: { units: { used: number } } };
  expect(usageBody.data.units.used).toBeGreaterThanOrEqual(1);

  // Afterwards only the prefix is shown.
  await page.goto(`${portalUrl}/portal/keys`);
  const prefix = key.slice(0, 12);
  const row = page.locator('tr', { hasText: prefix });
  await row.waitFor();
  expect(await page.content()).not.toContain(key);
  expect(await row.textContent()).toContain('read, manage');

  // Revoke: the api drops it at once (published on the revocation channel).
  await page.getByRole('button', { name: `Revoke key ${prefix}` }).click();
  await page.getByText(/has been revoked\./).waitFor();
  expect(await page.locator('tr', { hasText: prefix }).locator('.badge').textContent()).toBe('revoked');
  const after = await v1('/v1/legal/search?q=zakon', key);
  expect(after.status).toBe(401);
  expect(((await after.json()) as { error: { code: string } }).error.code).toBe('invalid_key');

  // Webhooks: create (secret shown once), see deliveries, delete.
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await page.getByLabel('Endpoint URL').fill('http://localhost:9/hooks/legal');
  await page.getByLabel('Description (optional)').fill('browser test');
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await page.getByRole('link', { name: 'Recent deliveries to http://localhost:9/hooks/legal' }).click();
  await page.getByRole('heading', { name: 'Recent deliveries' }).waitFor();
  await page.goto(`${portalUrl}/portal/webhooks`);
  expect(await page.content()).not.toContain(secret);
  await page.getByRole('button', { name: 'Delete webhook http://localhost:9/hooks/legal' }).click();
  await page.getByText('The webhook has been deleted.').waitFor();
  await page.getByText('No webhooks yet.').waitFor();

  // Usage: numbers and a chart.js chart on a canvas.
  await page.getByRole('link', { name: 'Usage' }).click();
  await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();
  expect(Number((await page.locator('#units-used').textContent())!.replace(/,/g, ''))).toBeGreaterThanOrEqual(1);
  await page.waitForFunction(() => {
    const g = globalThis as unknown as BrowserGlobals;
    const canvas = g.document.getElementById('usage-chart');
    return !!(g.Chart && canvas && g.Chart.getChart(canvas));
  });
  const chart = await page.evaluate(() => {
    const g = globalThis as unknown as BrowserGlobals;
    const canvas = g.document.getElementById('usage-chart')!;
    const c = g.Chart!.getChart(canvas)!;
    return {
      version: g.Chart!.version,
      type: c.config.type,
      labels: c.data.labels,
      datasets: c.data.datasets.map((d) => d.label),
      width: canvas.width,
      height: canvas.height,
    };
  });
  expect(chart.version).toMatch(/^4\./);
  expect(chart.type).toBe('bar');
  expect(chart.labels.length).toBeGreaterThanOrEqual(1);
  expect(chart.datasets).toContain('search.fulltext');
  expect(chart.width).toBeGreaterThan(0);
  expect(chart.height).toBeGreaterThan(0);

  // Keyboard: the first Tab reaches the skip link, which is visible when focused.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.activeElement?.className)).toBe('skip-link');
  // A phone-sized screen: nothing wider than the viewport.
  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of ['/portal/keys', '/portal/webhooks', '/portal/usage']) {
    await page.goto(`${portalUrl}${path}`);
    const overflow = await page.evaluate(() => {
      const g = globalThis as unknown as BrowserGlobals;
      return g.document.documentElement.scrollWidth - g.innerWidth;
    });
    expect({ path, overflow }).toEqual({ path, overflow: 0 });
  }

  // Sign out.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByText('You have signed out.').waitFor();

  expect(problems).toEqual([]);
});
