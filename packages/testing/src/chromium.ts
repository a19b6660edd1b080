import { existsSync } from 'node:fs';

/** Debian's Chromium builds (no browser download is possible here). */
export const CHROMIUM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_FULL = '/usr/bin/chromium';

/**
 * What the browser tests drive: the headless shell when installed (the same engine without the
 * full browser's windowing, as Playwright itself runs headless Chromium), else the full browser.
 */
export const CHROMIUM = existsSync(CHROMIUM_HEADLESS_SHELL) ? CHROMIUM_HEADLESS_SHELL : CHROMIUM_FULL;

/**
 * Its flags for tests: headless on a closed network, so nothing reaches for Google's services
 * (refused connections, many at a time, otherwise).
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
