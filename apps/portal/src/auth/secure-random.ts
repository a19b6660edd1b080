import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session cookies, mailed tokens and CSRF nonces. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * sha256 hex. Stored in place of session cookies and mailed tokens: they are long random values,
 * so a fast hash suffices, and a database leak reveals nothing usable.
 */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
