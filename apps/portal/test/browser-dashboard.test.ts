/**
 * The dashboard in Chromium (playwright-core) at a desktop (1280 px) and a phone (390 px) width:
 * keys (post/redirect/get, shown once, focus on the result, ids, revocation wording and effect),
 * the first-request panel, usage ranges and breakdowns and the CSV download, the sign-in lock-out
 * (failures only) and its reset link, the pending badge's contrast, and axe-core with no
 * violations on every portal page. Any console error (CSP violations included) fails the test.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eventually } from '@dp/testing';
import { startBrowserStack, type BrowserStack } from './browser-harness';
import { firstLink, PASSWORD, readOutbox } from './harness';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/** Failed sign-ins per account before the lock-out (tightened so the test reaches it quickly). */
const LOCKOUT_AFTER = 3;
jest.setTimeout(300_000);

/** The browser globals the evaluate callbacks use (the test compiles without the DOM library). */
interface El {
  id: string;
  className: string;
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  getBoundingClientRect(): { left: number; right: number };
  closest(selector: string): El | null;
  getAttribute(name: string): string | null;
  appendChild(el: El): void;
  remove(): void;
}
interface AxeResult {
  violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
}
interface BrowserGlobals {
  document: {
    activeElement: El | null;
    documentElement: { scrollWidth: number };
    querySelectorAll(selector: string): El[];
    querySelector(selector: string): El | null;
    createElement(tag: string): El;
  };
  innerWidth: number;
  getComputedStyle(el: El): { color: string; backgroundColor: string };
  navigator: { clipboard: { readText(): Promise<string> } };
  axe: { run(context: unknown, options: unknown): Promise<AxeResult> };
}

let stack: BrowserStack;
let portalUrl: string;
let apiUrl: string;
let outboxDir: string;
let browser: Browser;

beforeAll(async () => {
  stack = await startBrowserStack({
    withApi: true,
    limits: { loginPerAccount: { limit: LOCKOUT_AFTER, windowSeconds: 900 }, loginPerIp: { limit: 1000, windowSeconds: 900 } },
  });
  ({ portalUrl, outboxDir, browser } = stack);
  apiUrl = stack.apiUrl!;
});

afterAll(() => stack?.close());

const v1 = (path: string, key: string) => fetch(`${apiUrl}${path}`, { headers: { Authorization: `Bearer ${key}` } });

describe.each([
  ['desktop', 1280, 900],
  ['phone', 390, 844],
])('on a %s (%i px wide)', (label, width, height) => {
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];
  const email = `dashboard-${label}@example.com`;

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portalUrl });
    page = await context.newPage();
    page.setDefaultTimeout(60_000);
    page.on('console', (msg) => {
      // A 400, 401 or 429 page is what some steps expect; Chromium logs its status as an error.
      if (msg.type() === 'error' && !/^Failed to load resource: the server responded with a status of (400|401|429)/.test(msg.text())) {
        problems.push(msg.text());
      }
    });
    page.on('pageerror', (err) => problems.push(err.message));
    page.on('dialog', (dialog) => void dialog.accept());
  });
  afterAll(async () => {
    await context?.close();
  });

  /** axe-core on the page as it is now: WCAG 2.x A/AA and best practices, no violation allowed. */
  async function expectAccessible(what: string): Promise<void> {
    // Evaluated through the DevTools protocol, which the page's CSP does not govern.
    await page.evaluate(AXE_SOURCE);
    const result = await page.evaluate(() => {
      const w = globalThis as unknown as BrowserGlobals;
      return w.axe.run(w.document, { resultTypes: ['violations'] });
    });
    const found = result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect({ what, width, violations: found }).toEqual({ what, width, violations: [] });
  }

  /** Nothing wider than the viewport, and no table cut off: each fits its box (cards on a phone). */
  async function expectNoClipping(what: string): Promise<void> {
    const clipped = await page.evaluate(() => {
      const w = globalThis as unknown as BrowserGlobals;
      const d = w.document;
      const out: string[] = [];
      if (d.documentElement.scrollWidth > w.innerWidth) out.push(`page ${d.documentElement.scrollWidth} > ${w.innerWidth}`);
      for (const table of d.querySelectorAll('table')) {
        const box = table.closest('.table-scroll');
        const rect = table.getBoundingClientRect();
        if (rect.right > w.innerWidth + 0.5) out.push(`table ${table.id || table.className} ends at ${rect.right}`);
        // A table wider than its box must be a labelled, keyboard-scrollable region.
        if (box && box.scrollWidth > box.clientWidth && !(box.getAttribute('role') === 'region' && box.getAttribute('tabindex') === '0')) {
          out.push(`table ${table.id} scrolls without a labelled region`);
        }
        if (w.innerWidth < 500 && box && box.scrollWidth > box.clientWidth)
          out.push(`table ${table.id} needs sideways scrolling on a phone`);
      }
      return out;
    });
    expect({ what, clipped }).toEqual({ what, clipped: [] });
  }

  const focusedId = () => page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.activeElement?.id ?? '');

  it('sign-up shows the first request; every account page is accessible', async () => {
    await page.goto(`${portalUrl}/portal/signup`);
    await expectAccessible('sign-up');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Organization name').fill(`Dashboard ${label}`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const curl = await page.getByLabel('curl command').inputValue();
    expect(curl).toBe(`curl -H "Authorization: Bearer YOUR_API_KEY" "${portalUrl}/v1/legal/search?q=zakon"`);
    await page.getByRole('button', { name: 'Copy command' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText())).toBe(curl);
    await expectAccessible('check your email');
    await expectNoClipping('check your email');

    const mail = await eventually(() => readOutbox(outboxDir).find((m) => m.to === email), { what: 'the verification mail' });
    await page.goto(firstLink(mail.text, '/portal/verify-email'));
    await expectAccessible('confirm email');
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
    await expectAccessible('email confirmed');

    await page.goto(`${portalUrl}/portal/login`);
    await expectAccessible('sign-in');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await expectAccessible('keys (no key yet)');
    expect(await page.getByLabel('curl command').inputValue()).toContain('Bearer YOUR_API_KEY');
  });

  it('creates a key with post/redirect/get: shown once, focus on the result, id and name in the table', async () => {
    await page.getByLabel('Name (optional)').fill(`laptop, ${label}`);
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('textbox', { name: 'Your new API key' }).waitFor();
    // The redirect landed on a GET page: reloading it must not post again.
    expect(page.url()).toBe(`${portalUrl}/portal/keys#result`);
    await eventually(async () => ((await focusedId()) === 'result' ? true : undefined), { what: 'focus on the result', timeoutMs: 5_000 });
    expect(await page.locator('#result').textContent()).toContain('has been created');
    const key = await page.getByRole('textbox', { name: 'Your new API key' }).inputValue();
    expect(key).toMatch(/^dp_live_[0-9A-Za-z]{32}$/);
    const curl = await page.getByLabel('curl command').inputValue();
    expect(curl).toBe(`curl -H "Authorization: Bearer ${key}" "${portalUrl}/v1/legal/search?q=zakon"`);
    await page.getByRole('button', { name: 'Copy command' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText())).toBe(curl);
    await expectAccessible('keys with the new key');
    await expectNoClipping('keys with the new key');

    await page.reload();
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    expect(await page.content()).not.toContain(key);
    expect(await page.locator('tbody tr').count()).toBe(1);
    const row = page.locator('tbody tr').first();
    const id = await row.getAttribute('data-key-id');
    expect(id).toMatch(/^key_/);
    expect(await row.locator('td[data-label="Key id"]').textContent()).toBe(id);
    expect(await row.locator('td[data-label="Name"]').textContent()).toBe(`laptop, ${label}`);
    await expectNoClipping('keys table');

    // Traffic for the usage page: successes, a 404 and a failure of scope.
    for (let i = 0; i < 3; i++) expect((await v1('/v1/legal/search?q=zakon', key)).status).toBe(200);
    expect((await v1('/v1/legal/documents/sb%2F1800%2F1', key)).status).toBe(404);
    expect((await v1('/v1/usage', key)).status).toBe(403);

    // Revoke: focus on the result, which says what happens; the API refuses the key within a second.
    await page.getByRole('button', { name: `Revoke key ${key.slice(0, 12)}` }).click();
    await page.locator('#result').waitFor();
    await eventually(async () => ((await focusedId()) === 'result' ? true : undefined), { what: 'focus on the result', timeoutMs: 5_000 });
    const message = await page.locator('#result').textContent();
    expect(message).toContain(`(id ${id}) has been revoked.`);
    expect(message).toContain('Requests with it are refused by the API within about a second');
    const revokedAt = Date.now();
    await eventually(async () => ((await v1('/v1/legal/search?q=zakon', key)).status === 401 ? true : undefined), {
      what: 'the API to refuse the key',
      timeoutMs: 1_000,
    });
    expect(Date.now() - revokedAt).toBeLessThan(1_000);
    await expectAccessible('keys after revoking');
    await page.reload();
    expect(await page.locator('#result').count()).toBe(0);
  });

  it('shows usage per key and status over a chosen range, validates it, and downloads it as CSV', async () => {
    await page.getByRole('link', { name: 'Usage' }).click();
    await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();
    await page.getByRole('radio', { name: 'Last 7 days' }).check();
    await page.getByRole('button', { name: 'Show usage' }).click();
    await page.getByRole('heading', { name: /^From \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/ }).waitFor();
    expect(new URL(page.url()).searchParams.get('range')).toBe('7');
    const statuses = await page.locator('#by-status td[data-label="Status"]').allTextContents();
    expect(statuses).toEqual(['200 OK', '403 Forbidden', '404 Not Found']);
    expect(await page.locator('#by-status tbody tr', { hasText: '200 OK' }).locator('td[data-label="Units"]').textContent()).toBe('3');
    expect(await page.locator('#by-status tbody tr', { hasText: '404' }).locator('td[data-label="Units"]').textContent()).toBe('0');
    expect(await page.locator('#by-key tbody tr').count()).toBe(1);
    expect(await page.locator('#by-key td[data-label="Name"]').textContent()).toBe(`laptop, ${label}`);
    await expectAccessible('usage');
    await expectNoClipping('usage');

    // The CSV of the range, as a download.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Download CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^usage-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv[0]).toBe('day,key_id,key_prefix,key_name,operation,status,requests,units');
    expect(csv.filter((l) => l.includes(`"laptop, ${label}",search.fulltext,200,`))).toHaveLength(1);

    // A custom range with the days in the wrong order: the problems, focused, and the fields marked.
    await page.getByRole('radio', { name: 'Custom range' }).check();
    await page.getByLabel('From (custom range)').fill('2026-03-02');
    await page.getByLabel('To (custom range)').fill('2026-03-01');
    await page.getByRole('button', { name: 'Show usage' }).click();
    await page.locator('.error-summary').waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.activeElement?.className)).toBe('error-summary');
    expect(await page.locator('.error-summary').textContent()).toContain('The first day must be on or before the last day');
    expect(await page.getByLabel('From (custom range)').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible('usage with errors');
    await expectNoClipping('usage with errors');
  });

  it('the pending delivery badge reads at 4.5:1 or more; the webhooks list is accessible', async () => {
    await page.goto(`${portalUrl}/portal/webhooks`);
    await expectAccessible('webhooks');
    await expectNoClipping('webhooks');
    const colours = await page.evaluate(() => {
      const w = globalThis as unknown as BrowserGlobals;
      const d = w.document;
      const badge = d.createElement('span');
      badge.className = 'badge badge-pending';
      badge.textContent = 'pending';
      d.querySelector('main')!.appendChild(badge);
      const style = w.getComputedStyle(badge);
      const out = { color: style.color, background: w.getComputedStyle(d.querySelector('main')!).backgroundColor };
      badge.remove();
      return out;
    });
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (c: number[]) => {
      const [r, gr, b] = c.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * gr + 0.0722 * b;
    };
    // A transparent main shows the white page behind it.
    const bg = colours.background === 'rgba(0, 0, 0, 0)' ? [255, 255, 255] : rgb(colours.background);
    const [hi, lo] = [luminance(rgb(colours.color)), luminance(bg)].sort((a, b) => b - a);
    expect((hi + 0.05) / (lo + 0.05)).toBeGreaterThanOrEqual(4.5);
  });

  it('counts failed sign-ins only; the lock-out page offers the reset, and the reset pages are accessible', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You have signed out.').waitFor();
    const signIn = async (password: string) => {
      await page.goto(`${portalUrl}/portal/login`);
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('h1').waitFor();
      return page.locator('h1').textContent();
    };
    // Good sign-ins between failures do not count: two failures and a success leave room.
    expect(await signIn('wrong password one')).toBe('Sign in');
    expect(await signIn('wrong password two')).toBe('Sign in');
    expect(await signIn(PASSWORD)).toBe('API keys');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You have signed out.').waitFor();
    expect(await signIn('wrong password three')).toBe('Sign in');
    // Now the limit is used up: even the right password is refused, with the way out.
    expect(await signIn(PASSWORD)).toBe('Sign-in paused');
    await expectAccessible('lock-out');
    await expectNoClipping('lock-out');
    await page.getByRole('link', { name: 'Reset your password' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await expectAccessible('forgot password');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await expectAccessible('reset link sent');
    const mail = await eventually(() => readOutbox(outboxDir).find((m) => m.to === email && m.text.includes('/portal/reset-password')), {
      what: 'the reset mail',
    });
    await page.goto(firstLink(mail.text, '/portal/reset-password'));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectAccessible('reset password');
    expect(problems).toEqual([]);
  });
});
