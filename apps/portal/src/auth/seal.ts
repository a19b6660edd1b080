import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A 256-bit key for `seal`, derived from a secret (and a per-use input) for one purpose. */
export function derivedKey(input: string, secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', input, secret, purpose, 32));
}

/** AES-256-GCM: iv, tag and ciphertext in one base64url string. */
export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** What `seal` sealed, or null when it was sealed under another key (or altered). */
export function unseal(key: Buffer, payload: string): string | null {
  try {
    const raw = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
