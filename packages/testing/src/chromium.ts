/** Debian's Chromium, which the browser tests drive (no browser download is possible here). */
export const CHROMIUM = '/usr/bin/chromium';

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
