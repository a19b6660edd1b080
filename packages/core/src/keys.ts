import { hash } from 'node:crypto';
import { randomBase62 } from './ids';

export const API_KEY_PREFIX = 'dp_live_';
const KEY_BODY_LENGTH = 32;
const KEY_PATTERN = /^dp_live_[0-9A-Za-z]{32}$/;

export const SCOPES = ['read', 'manage'] as const;
export type Scope = (typeof SCOPES)[number];
export const DEFAULT_SCOPES: Scope[] = ['read'];

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBase62(KEY_BODY_LENGTH);
}

export function isWellFormedApiKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

/** sha256 hex: keys carry 190 bits of entropy, so a fast hash is enough and lookups stay O(1). */
export function hashApiKey(key: string): string {
  // The one-shot hash: it runs on every request.
  return hash('sha256', key, 'hex');
}

/** The short part kept for display: `dp_live_` plus the first four body characters. */
export function apiKeyDisplayPrefix(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + 4);
}

export function parseScopes(input: string | string[] | undefined): Scope[] {
  if (input === undefined) return [...DEFAULT_SCOPES];
  const list = (Array.isArray(input) ? input : input.split(',')).map((s) => s.trim()).filter(Boolean);
  const bad = list.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (bad.length) throw new Error(`unknown scope(s): ${bad.join(', ')} (allowed: ${SCOPES.join(', ')})`);
  if (!list.length) return [...DEFAULT_SCOPES];
  return [...new Set(list)] as Scope[];
}
