import { loadConfig, type Config } from '@dp/core';

/** The internal service token secret the tests' api and gateway share (long enough for production). */
export const TEST_INTERNAL_SECRET = 'test-internal-secret-0123456789';
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789-0123456789';

/** The config loader with test values: silent logs, test mode; apps add their own settings. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides });
}
