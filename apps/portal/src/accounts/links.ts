import type { Config } from '@dp/core';

/** Absolute portal URL for mails (PUBLIC_BASE_URL is where browsers reach the portal). */
export function portalLink(config: Config, path: string, query: Record<string, string> = {}): string {
  const url = new URL(`/portal${path}`, config.PUBLIC_BASE_URL);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.toString();
}

/** Lower-cased and trimmed: one account per address whatever the capitalisation. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
