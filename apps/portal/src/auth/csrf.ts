import { createHmac, timingSafeEqual } from 'node:crypto';
import { randomToken } from './secure-random';

/**
 * Signed double-submit CSRF tokens (OWASP): token = nonce "." HMAC-SHA256(secret, binding, nonce).
 * The same token travels in a cookie and in the form field / X-CSRF-Token header; a request is
 * accepted only when both are present, equal (constant-time) and the signature matches the
 * current session. Binding to the session id means a token planted or leaked for one session is
 * useless in another, and logging in (a new session id) invalidates every earlier token.
 * Visitors without a session (sign-up, login forms) get tokens bound to a fixed anonymous label.
 */
export const ANONYMOUS_BINDING = 'anonymous';

function mac(secret: string, binding: string, nonce: string): string {
  // Length-prefixed so (binding, nonce) pairs cannot be re-split into another valid pair.
  return createHmac('sha256', secret).update(`${binding.length}!${binding}!${nonce}`).digest('base64url');
}

export function issueCsrfToken(secret: string, binding: string): string {
  const nonce = randomToken(18);
  return `${nonce}.${mac(secret, binding, nonce)}`;
}

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export function isCsrfTokenValidFor(secret: string, token: string | undefined, binding: string): boolean {
  if (!token || token.length > 200) return false;
  const i = token.indexOf('.');
  if (i <= 0) return false;
  return safeEqual(token.slice(i + 1), mac(secret, binding, token.slice(0, i)));
}

/** The double-submit check proper: cookie and submitted copy equal, and signed for this session. */
export function verifyCsrf(secret: string, binding: string, cookieToken: string | undefined, submitted: string | undefined): boolean {
  if (!cookieToken || !submitted) return false;
  return safeEqual(cookieToken, submitted) && isCsrfTokenValidFor(secret, cookieToken, binding);
}
