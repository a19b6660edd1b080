/**
 * Webhooks in a real browser (issue #16): Debian's Chromium driven by playwright-core against the
 * portal, with the real webhook worker delivering to a loopback receiver that verifies every
 * request with the standardwebhooks package. Each item runs at 1280 and at 390 pixels wide, axe-core
 * finds no violation on any webhook page, and after each action the focus is on its result.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { closeServer, eventually, listenOnLoopback, type TestDatabase } from '@dp/testing';
import { createWorker, type Worker } from '@dp/webhook-worker/worker';
import { startBrowserStack, type BrowserStack } from './browser-harness';
import { firstLink, PASSWORD, readOutbox } from './harness';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
jest.setTimeout(300_000);

interface Hit {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** A webhook receiver on loopback: records each request and answers as `answer` says. */
const hits: Hit[] = [];
let answer: { status: number; body: string } = { status: 200, body: 'received by the test receiver' };
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    hits.push({ path: req.url ?? '', headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(answer.status, { 'content-type': 'text/plain', 'x-test-receiver': 'yes', connection: 'close' });
    res.end(answer.body);
  });
});

let stack: BrowserStack;
let db: TestDatabase;
let worker: Worker;
let portalUrl: string;
let receiverUrl: string;
let outboxDir: string;
let browser: Browser;
const problems: string[] = [];

beforeAll(async () => {
  stack = await startBrowserStack();
  ({ db, portalUrl, outboxDir, browser } = stack);
  receiverUrl = await listenOnLoopback(receiver);
  // The real worker, polling often so deliveries show up while the test waits.
  worker = createWorker({ db, config: stack.config, pollMs: 100 });
  worker.start();
});

afterAll(async () => {
  await worker?.stop();
  await closeServer(receiver);
  await stack?.close();
});

/** The browser globals the evaluate callbacks use, typed without the DOM library. */
interface El {
  id: string;
  className: string;
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  clientLeft: number;
  getBoundingClientRect(): { left: number; right: number };
  closest(selector: string): El | null;
  querySelectorAll(selector: string): Iterable<El>;
}
interface AxeResult {
  violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
}
interface BrowserGlobals {
  document: { activeElement: El | null; documentElement: { scrollWidth: number } };
  innerWidth: number;
  getComputedStyle(el: El): { textOverflow: string; whiteSpace: string };
  axe: { run(): Promise<AxeResult> };
}

async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('dialog', (dialog) => void dialog.accept());
  return page;
}

/** axe-core on the page as it is now: no violation at all. Evaluated over CDP (the CSP forbids inline scripts). */
async function expectAccessible(page: Page, label: string): Promise<void> {
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(() => (globalThis as unknown as BrowserGlobals).axe.run());
  const found = result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect({ label, violations: found }).toEqual({ label, violations: [] });
}

/** Nothing wider than the viewport (a phone must not scroll sideways). */
async function expectNoOverflow(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(
    () =>
      (globalThis as unknown as BrowserGlobals).document.documentElement.scrollWidth - (globalThis as unknown as BrowserGlobals).innerWidth,
  );
  expect({ label, overflow }).toEqual({ label, overflow: 0 });
}

/** After an action the focus is on its result: the status message (or the error summary). */
async function expectFocusOn(page: Page, id: string): Promise<void> {
  await page.waitForFunction((want) => (globalThis as unknown as BrowserGlobals).document.activeElement?.id === want, id);
}

/**
 * Every Replay button of the delivery log lies wholly inside the log's visible box: not clipped by
 * it, nor scrolled out of sight within it, and the box itself within the viewport.
 */
async function expectReplayButtonsInView(page: Page, label: string): Promise<void> {
  const found = await page.locator('.table-scroll').evaluate((region: unknown) => {
    const r = region as El;
    const box = r.getBoundingClientRect();
    const visible = { left: box.left + r.clientLeft, right: box.left + r.clientLeft + r.clientWidth };
    const buttons = [...r.querySelectorAll('button')].filter((b) => b.textContent?.trim() === 'Replay');
    return {
      buttons: buttons.length,
      outside: buttons
        .map((b) => b.getBoundingClientRect())
        .filter((b) => b.left < visible.left - 0.5 || b.right > visible.right + 0.5)
        .map((b) => `${b.left}-${b.right} outside ${visible.left}-${visible.right}`),
      boxInViewport: box.right <= (globalThis as unknown as BrowserGlobals).innerWidth + 0.5,
    };
  });
  expect(found.buttons).toBeGreaterThan(0);
  expect({ label, outside: found.outside, boxInViewport: found.boxInViewport }).toEqual({ label, outside: [], boxInViewport: true });
}

async function checkPage(page: Page, label: string): Promise<void> {
  await expectAccessible(page, label);
  await expectNoOverflow(page, label);
}

async function signUp(page: Page, email: string, verify: boolean): Promise<void> {
  await page.goto(`${portalUrl}/portal/signup`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Organization name').fill(`Org of ${email}`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  if (verify) {
    const mail = await eventually(() => readOutbox(outboxDir).find((m) => m.to === email), {
      what: 'the verification mail',
      timeoutMs: 20_000,
    });
    await page.goto(firstLink(mail.text, '/portal/verify-email'));
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
  }
  await page.goto(`${portalUrl}/portal/login`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/** Reloads the page until the delivery row (or page) shows `status`; the worker runs meanwhile. */
async function waitForStatus(page: Page, scope: string, status: string): Promise<void> {
  await eventually(
    async () => {
      await page.reload();
      const text = await page.locator(scope).first().locator('.badge').first().textContent();
      return text === status ? true : undefined;
    },
    { what: `status ${status} in ${scope}`, timeoutMs: 20_000 },
  );
}

const hitsTo = (path: string) => hits.filter((h) => h.path.startsWith(path));

describe.each([
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
])('webhooks at $width px', ({ width, height }) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width, height } });
    page = await newPage(context);
  });
  afterAll(async () => {
    await context.close();
    expect(problems).toEqual([]);
  });

  it('an account whose email is not confirmed cannot add webhooks', async () => {
    await signUp(page, `unconfirmed-${width}@example.com`, false);
    await page.goto(`${portalUrl}/portal/webhooks`);
    await page.getByRole('heading', { name: 'Confirm your email address first' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add webhook' }).count()).toBe(0);
    await checkPage(page, 'webhooks, unconfirmed');
    // A forged POST (with a valid CSRF token) is refused too.
    const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
    const res = await page.request.post(`${portalUrl}/portal/webhooks`, {
      form: { _csrf: csrf, url: `${receiverUrl}/x`, events: 'document.created' },
    });
    expect(res.status()).toBe(403);
    expect(await db.prisma.webhook.count({ where: { org: { name: `Org of unconfirmed-${width}@example.com` } } })).toBe(0);
    await page.getByRole('button', { name: 'Sign out' }).click();
  });

  it('create, test event, delivery detail, replay, rotation, edit, disable and re-enable', async () => {
    answer = { status: 200, body: 'received by the test receiver' };
    const email = `hooks-${width}@example.com`;
    await signUp(page, email, true);
    await page.goto(`${portalUrl}/portal/webhooks`);
    await checkPage(page, 'webhooks, empty');

    // Create, with a long URL (one part of it with no place to break a line); the secret is shown
    // once and the focus is on the result.
    const path = `/hooks/${width}/${'a-rather-long-path-segment-'.repeat(6)}end/${'0123456789abcdef'.repeat(6)}`;
    const url = `${receiverUrl}${path}?source=legal-data-api-portal-browser-test`;
    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectFocusOn(page, 'flash');
    await checkPage(page, 'webhooks, secret shown');
    // Reloading that page posts nothing again: still one webhook, and the secret is not shown again.
    await page.reload();
    await page.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor();
    expect(await db.prisma.webhook.count({ where: { org: { name: `Org of ${email}` } } })).toBe(1);
    expect(await page.locator('tr[data-webhook-id]').count()).toBe(1);
    expect(await page.getByRole('textbox', { name: 'Signing secret' }).count()).toBe(0);
    expect(await page.content()).not.toContain(secret);

    // The list: the long URL is one line cut with an ellipsis, the full URL in its title.
    await page.goto(`${portalUrl}/portal/webhooks`);
    const link = page.locator('a.url-cut', { hasText: path.slice(0, 20) });
    expect(await link.getAttribute('title')).toBe(url);
    const cut = await link.evaluate((el: unknown) => {
      const e = el as El;
      const style = (globalThis as unknown as BrowserGlobals).getComputedStyle(e);
      const cell = e.closest('td')!;
      return {
        truncated: e.scrollWidth > e.clientWidth,
        textOverflow: style.textOverflow,
        whiteSpace: style.whiteSpace,
        inside: e.getBoundingClientRect().right <= cell.getBoundingClientRect().right + 1,
      };
    });
    expect(cut).toEqual({ truncated: true, textOverflow: 'ellipsis', whiteSpace: 'nowrap', inside: true });
    // The long URL does not stretch the table: nothing in it scrolls sideways.
    const tableOverflow = await page.locator('.table-scroll').evaluate((el: unknown) => (el as El).scrollWidth - (el as El).clientWidth);
    expect(tableOverflow).toBe(0);
    expect(await page.content()).not.toContain(secret);
    await checkPage(page, 'webhooks list');

    // The detail page.
    await link.click();
    await page.getByRole('heading', { name: 'Webhook', level: 1 }).waitFor();
    await checkPage(page, 'webhook detail, no deliveries');

    // 1. Send a test event: queued, sent by the worker, signed, in the delivery log.
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText('Test event queued.').waitFor();
    await expectFocusOn(page, 'flash');
    await waitForStatus(page, 'tr[data-delivery-id]', 'delivered');
    const testHit = await eventually(() => hitsTo(path)[0], { what: 'the test event', timeoutMs: 20_000 });
    const testEvent = new Webhook(secret).verify(testHit.body, testHit.headers) as { type: string };
    expect(testEvent.type).toBe('webhook.test');
    expect(await page.locator('tr[data-delivery-id] code').first().textContent()).toBe('webhook.test');
    await checkPage(page, 'webhook detail, delivered');
    await expectReplayButtonsInView(page, 'webhook detail, delivered');

    // 2. The delivery in full: request as sent, response status, headers and body, timing.
    const testId = testHit.headers['webhook-id'];
    await page.getByRole('link', { name: `Details of delivery ${testId}` }).click();
    await page.getByRole('heading', { name: 'Delivery', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Attempt 1 of 1' }).waitFor();
    const detail = (await page.locator('main').textContent())!;
    expect(detail).toContain(`webhook-signature: ${testHit.headers['webhook-signature']}`);
    expect(detail).toContain('x-test-receiver: yes');
    expect(detail).toContain('received by the test receiver');
    expect(detail).toMatch(/Response status\s*200/);
    expect(detail).toMatch(/Duration\s*\d+ ms/);
    expect(detail).toContain('first 4 KB are kept');
    expect(await page.content()).not.toContain(secret);
    await checkPage(page, 'delivery detail');

    // 3. Replay: a new delivery of the same event; the original stays.
    await page.getByRole('button', { name: `Replay delivery ${testId}` }).click();
    await page.getByText('Replay queued').waitFor();
    await expectFocusOn(page, 'flash');
    await page.getByRole('link', { name: testId }).waitFor(); // "Replay of" the original
    await waitForStatus(page, 'main', 'delivered');
    const replayHit = await eventually(() => hitsTo(path)[1], { what: 'the replay', timeoutMs: 20_000 });
    expect(replayHit.headers['webhook-id']).not.toBe(testId);
    expect(JSON.parse(replayHit.body)).toEqual(JSON.parse(testHit.body));
    await checkPage(page, 'delivery detail of a replay');
    await page.getByRole('link', { name: 'Back to the webhook' }).click();
    expect(await page.locator('tr[data-delivery-id]').count()).toBe(2);

    // 4. Rotate the secret: the new one is shown once; both sign for 24 hours.
    await page.getByRole('button', { name: 'Rotate signing secret' }).click();
    const rotated = await page.getByRole('textbox', { name: 'New signing secret' }).inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await expectFocusOn(page, 'flash');
    await checkPage(page, 'webhook detail, new secret shown');
    // Reloading that page rotates nothing: the secret in use before the rotation still signs.
    await page.reload();
    await page.getByRole('heading', { name: 'Webhook', level: 1 }).waitFor();
    const afterReload = await db.prisma.webhook.findFirstOrThrow({ where: { url } });
    expect({ secret: afterReload.secret, previous: afterReload.previousSecret }).toEqual({ secret: rotated, previous: secret });
    expect(await page.getByRole('textbox', { name: 'New signing secret' }).count()).toBe(0);
    expect(await page.content()).not.toContain(rotated);
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText('Test event queued.').waitFor();
    await expectFocusOn(page, 'flash');
    const afterRotation = await eventually(() => hitsTo(path)[2], { what: 'a delivery after rotation', timeoutMs: 20_000 });
    expect(afterRotation.headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const s of [secret, rotated]) expect(new Webhook(s).verify(afterRotation.body, afterRotation.headers)).toBeTruthy();
    expect(await page.content()).not.toContain(rotated);

    // 5. Edit: the create checks apply (error summary focused), then a valid change.
    await page.getByLabel('Endpoint URL').fill('ftp://example.com/x');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('There is a problem').waitFor();
    await page.waitForFunction(() => (globalThis as unknown as BrowserGlobals).document.activeElement?.className === 'error-summary');
    // Chromium logs the 400 answer of the refused form; that one is expected.
    expect(problems.splice(0)).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    await checkPage(page, 'webhook detail, edit errors');
    const moved = `${receiverUrl}/moved/${width}`;
    await page.getByLabel('Endpoint URL').fill(moved);
    await page.getByLabel('relation.created').uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your changes have been saved.').waitFor();
    await expectFocusOn(page, 'flash');
    expect(await page.locator('.kv').first().textContent()).toContain(moved);
    const row = await db.prisma.webhook.findFirstOrThrow({ where: { url: moved } });
    expect(row.events).not.toContain('relation.created');

    // A failing endpoint: the test event waits for a retry; then the webhook is disabled.
    answer = { status: 500, body: 'down for maintenance' };
    await page.getByRole('button', { name: 'Send test event' }).click();
    // The form's answer must have loaded before the reload below: a reload while the POST's
    // navigation is still committing detaches the page ("Not attached to an active page").
    await page.getByText('Test event queued.').waitFor();
    const failing = await eventually(
      async () =>
        (await db.prisma.webhookDelivery.findFirst({ where: { webhookId: row.id, status: 'pending', attempts: { gte: 1 } } })) ?? undefined,
      { what: 'a failed attempt', timeoutMs: 20_000 },
    );
    await page.reload();
    await page.getByText('HTTP 500').first().waitFor();
    await checkPage(page, 'webhook detail, a delivery waiting for a retry');
    await expectReplayButtonsInView(page, 'webhook detail, a delivery waiting for a retry');
    await page.getByRole('button', { name: 'Disable webhook' }).click();
    await page.getByText('The webhook is disabled.').waitFor();
    await expectFocusOn(page, 'flash');
    expect(await page.getByRole('button', { name: 'Send test event' }).count()).toBe(0);
    // Days pass while it is disabled: its next attempt would now lie in the past.
    await db.prisma.webhookDelivery.update({ where: { id: failing.id }, data: { nextAttemptAt: new Date(Date.now() - 2 * 86_400_000) } });
    await page.reload();
    await page.getByText('waits until the webhook is re-enabled').waitFor();
    await checkPage(page, 'webhook detail, disabled');

    // Re-enable: the waiting delivery is due now (not in the past) and goes out.
    answer = { status: 200, body: 'back' };
    const before = Date.now();
    await page.getByRole('button', { name: 'Re-enable webhook' }).click();
    await page.getByText('The webhook is active again.').waitFor();
    await expectFocusOn(page, 'flash');
    const resumed = await db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: failing.id } });
    expect(resumed.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    await eventually(
      async () =>
        (await db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: failing.id } })).status === 'delivered' ? true : undefined,
      { what: 'the waiting delivery', timeoutMs: 20_000 },
    );
    await page.goto(`${portalUrl}/portal/webhooks/${row.id}/deliveries/${failing.id}`);
    const log = (await page.locator('main').textContent())!;
    expect(log).toContain('down for maintenance'); // the failed attempt
    expect(log).toMatch(/Response status\s*200/); // and the one after re-enabling
    await checkPage(page, 'delivery detail, failed then delivered');

    // Delete: back on the list, the focus on the result.
    await page.goto(`${portalUrl}/portal/webhooks`);
    await page.getByRole('button', { name: `Delete webhook ${moved}` }).click();
    await page.getByText('The webhook has been deleted.').waitFor();
    await expectFocusOn(page, 'flash');
    await page.getByRole('button', { name: 'Sign out' }).click();
  });
});
