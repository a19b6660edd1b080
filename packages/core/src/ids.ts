import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniform random base62 string (rejection sampling, so no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export const ID_PREFIXES = ['req', 'org', 'usr', 'key', 'wh', 'evt', 'chg', 'pay', 'msg', 'ses', 'att'] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];

/**
 * Typed, prefixed id. A millisecond timestamp leads the body so ids sort roughly by creation,
 * which keeps b-tree inserts local and makes logs easier to read.
 */
export function newId(prefix: IdPrefix): string {
  const time = Date.now().toString(36).padStart(9, '0');
  return `${prefix}_${time}${randomBase62(14)}`;
}

export function hasPrefix(id: string, prefix: IdPrefix): boolean {
  return id.startsWith(`${prefix}_`) && id.length > prefix.length + 1;
}
