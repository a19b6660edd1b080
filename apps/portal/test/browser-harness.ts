import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createApi, type Api } from '@dp/api/app';
import type { Config, SharedState } from '@dp/core';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  closeServer,
  createTestDatabase,
  createTestState,
  listenOnLoopback,
  testConfig,
  type TestDatabase,
} from '@dp/testing';
import { createPortal, type Portal, type PortalDeps } from '../src/app';
import { createOutboxMailer } from '../src/mail/outbox';

export { CHROMIUM };

export interface BrowserStack {
  db: TestDatabase;
  state: SharedState;
  config: Config;
  portal: Portal;
  /** Where the portal listens (and what its mailed links point at). */
  portalUrl: string;
  outboxDir: string;
  /** The real api on a port of its own, when asked for (`withApi`), with a short meter interval. */
  api?: Api;
  apiUrl?: string;
  browser: Browser;
  close(): Promise<void>;
}

/** The portal on a real loopback port (outbox mail), optionally the api beside it, and Chromium. */
export async function startBrowserStack(options: { withApi?: boolean; limits?: PortalDeps['limits'] } = {}): Promise<BrowserStack> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (apt-get install -y chromium)`);
  const db = await createTestDatabase();
  const state = createTestState();
  const outboxDir = mkdtempSync(join(tmpdir(), 'dp-portal-browser-outbox-'));
  // Listen first, so the mailed links (PUBLIC_BASE_URL) point at the real port.
  const portalServer = createServer();
  const portalUrl = await listenOnLoopback(portalServer);
  // The browser tests' webhook receiver listens on loopback: local receivers allowed, explicitly.
  const config = testConfig({ PUBLIC_BASE_URL: portalUrl, MAIL_OUTBOX_DIR: outboxDir, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
  const portal = createPortal({ db, state, config, mailer: createOutboxMailer(outboxDir, config.MAIL_FROM), limits: options.limits });
  portalServer.on('request', portal.app);
  let api: Api | undefined;
  let apiServer: ReturnType<typeof createServer> | undefined;
  let apiUrl: string | undefined;
  if (options.withApi) {
    api = createApi({ db, state, config: testConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }), meterIntervalMs: 200 });
    await api.ready;
    apiServer = createServer(api.app);
    apiUrl = await listenOnLoopback(apiServer);
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS],
  });
  return {
    db,
    state,
    config,
    portal,
    portalUrl,
    outboxDir,
    api,
    apiUrl,
    browser,
    async close() {
      await browser.close();
      await closeServer(portalServer);
      await closeServer(apiServer);
      await api?.close();
      await portal.close();
      await state.close();
      await db.destroy();
      rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}
