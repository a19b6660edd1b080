import { classifyAddress, isIpLiteral } from './address-class';

/** Where webhooks may point. Production: https to public addresses only. */
export interface UrlPolicy {
  production: boolean;
}

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Host names that always mean this machine, whatever DNS says. */
export function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  return isIpLiteral(h) && classifyAddress(h) === 'loopback';
}

/**
 * Checks a webhook URL as written. Returns the problem, or null when acceptable.
 * This is the create-time check; hostnames are resolved and checked again at connect time by the
 * worker (a name can resolve elsewhere later: DNS rebinding), so this only rules out what is
 * wrong on its face.
 */
export function webhookUrlProblem(raw: string, policy: UrlPolicy): string | null {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute http(s) URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an absolute http(s) URL';
  // Credentials in the URL would be shown in listings and logs; use the signature instead.
  if (url.username || url.password) return 'must not contain credentials';
  if (!url.hostname) return 'must name a host';
  const loopback = isLoopbackHostname(url.hostname);
  if (!policy.production) {
    if (url.protocol === 'http:' && !loopback) return 'must use https (http is allowed only for loopback hosts in development)';
    return null;
  }
  if (url.protocol !== 'https:') return 'must use https';
  if (loopback) return 'must not point to a loopback host';
  if (isIpLiteral(url.hostname)) {
    const cls = classifyAddress(url.hostname);
    if (cls !== 'public') return `must not point to a ${cls.replace('_', '-')} address`;
  }
  return null;
}
