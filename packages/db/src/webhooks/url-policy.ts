import { classifyAddress, isIpLiteral } from './address-class';

/**
 * Where webhooks may point. By default, in every mode: https to public addresses only. The one
 * exception is `allowPrivateTargets` (the config setting WEBHOOK_ALLOW_PRIVATE_TARGETS=true), for
 * local receivers while developing: then private, loopback and other non-public targets are
 * accepted, and http too for a loopback or literal non-public host.
 */
export interface UrlPolicy {
  allowPrivateTargets: boolean;
}

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Host names that always mean this machine, whatever DNS says. */
export function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  return isIpLiteral(h) && classifyAddress(h) === 'loopback';
}

/**
 * Names that mean a machine on the inside, whatever DNS says today: cloud metadata services
 * (`metadata.google.internal`, `instance-data`), suffixes reserved or conventional for private
 * networks (RFC 6761/6762/8375 and the usual resolver search domains), and single-label names,
 * which the resolver completes with the host's search domains (`metadata`, `redis`,
 * `kubernetes`). A public receiver always has a dotted name under a public suffix.
 */
const INTERNAL_SUFFIXES = [
  'internal',
  'local',
  'localdomain',
  'home.arpa',
  'intranet',
  'lan',
  'corp',
  'private',
  'svc',
  'test',
  'invalid',
  'metadata.goog',
];

/** Why `hostname` names an internal host (`… host name`), or null; IP literals are judged by their address. */
export function internalHostnameProblem(hostname: string): string | null {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  if (isIpLiteral(h) || h.startsWith('[')) return null;
  if (!h.includes('.')) return `${h} is a single-label (internal) host name`;
  const suffix = INTERNAL_SUFFIXES.find((s) => h === s || h.endsWith(`.${s}`));
  return suffix ? `${h} is an internal host name (.${suffix})` : null;
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
  // The URL parser has already normalised the host (`0x7f.1` → 127.0.0.1, IPv6 compressed).
  const literalClass = isIpLiteral(url.hostname) ? classifyAddress(url.hostname) : null;
  const local = loopback || (literalClass !== null && literalClass !== 'public');
  if (policy.allowPrivateTargets) {
    if (url.protocol === 'http:' && !local) return 'must use https (http is allowed only for loopback and private hosts)';
    return null;
  }
  if (url.protocol !== 'https:') return 'must use https';
  if (loopback) return 'must not point to a loopback host';
  if (literalClass !== null && literalClass !== 'public') return `must not point to a ${literalClass.replace('_', '-')} address`;
  const internal = internalHostnameProblem(url.hostname);
  if (internal) return `must not point to an internal host: ${internal}`;
  return null;
}
