/**
 * Settings of the tool server, read from the environment that the LLM host passes when it spawns
 * the process. Nothing here may throw: a host shows a crashed server as "failed to start" with no
 * reason, so a missing key is reported on every tool call instead (@dp/mcp's Upstream).
 */
import { apiBaseUrl, DEFAULT_TIMEOUT_MS } from '@dp/mcp';

/**
 * The API the tool server talks to unless SERVICE_BASE_URL says otherwise: what `npm start` serves
 * on its default PUBLIC_PORT, so a local try-out needs no setting. A deployment sets its own.
 */
export const DEFAULT_BASE_URL = 'http://localhost:3000';

export { DEFAULT_TIMEOUT_MS };

export interface ServerOptions {
  /** Undefined when SERVICE_API_KEY is unset or blank: every call then fails with a clear message. */
  apiKey: string | undefined;
  baseUrl: string;
  timeoutMs: number;
  /** Problems with the settings that were worked around (logged to stderr at start). */
  warnings: string[];
}

export function readOptions(env: NodeJS.ProcessEnv = process.env): ServerOptions {
  const warnings: string[] = [];
  const apiKey = env.SERVICE_API_KEY?.trim() || undefined;
  if (!apiKey) warnings.push('SERVICE_API_KEY is not set; every tool call will return an error until it is.');

  let baseUrl = DEFAULT_BASE_URL;
  const rawBase = env.SERVICE_BASE_URL?.trim();
  if (rawBase) {
    try {
      const u = new URL(rawBase);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('not http(s)');
      baseUrl = apiBaseUrl(rawBase);
      if (baseUrl !== rawBase.replace(/\/+$/, ''))
        warnings.push(`SERVICE_BASE_URL "${rawBase}" ends with /v1, which the tools add themselves; using ${baseUrl}.`);
    } catch {
      warnings.push(`SERVICE_BASE_URL "${rawBase}" is not an http(s) URL; using ${DEFAULT_BASE_URL}.`);
    }
  }

  let timeoutMs = DEFAULT_TIMEOUT_MS;
  const rawTimeout = env.SERVICE_TIMEOUT_MS?.trim();
  if (rawTimeout) {
    const n = Number(rawTimeout);
    if (Number.isInteger(n) && n > 0) timeoutMs = n;
    else warnings.push(`SERVICE_TIMEOUT_MS "${rawTimeout}" is not a positive integer; using ${DEFAULT_TIMEOUT_MS}.`);
  }

  // A trailing slash would give "//v1" paths and a trailing /v1 "/v1/v1" ones; the API's own prefix (if any) is kept.
  return { apiKey, baseUrl: apiBaseUrl(baseUrl), timeoutMs, warnings };
}
