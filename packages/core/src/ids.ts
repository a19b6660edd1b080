import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Uniform random base62 string (rejection sampling, so no modulo bias). `bytes` defaults to a
 * fresh draw from the CSPRNG, which is what secrets (API keys) use.
 */
export function randomBase62(length: number, bytes: (n: number) => Uint8Array = randomBytes): string {
  let out = '';
  while (out.length < length) {
    const draw = bytes(length * 2);
    for (let i = 0; i < draw.length && out.length < length; i++) {
      if (draw[i] < 248) out += BASE62[draw[i] % 62];
    }
  }
  return out;
}

const POOL_BYTES = 4096;
let pool: Buffer = Buffer.alloc(0);
let poolOffset = 0;

/**
 * CSPRNG bytes drawn from a 4 kB pool refilled when used up (as crypto.randomUUID does): one
 * system call per ~150 ids instead of one per id, which shows on a request id per request.
 * Only for identifiers; secrets draw fresh bytes.
 */
function pooledRandomBytes(n: number): Uint8Array {
  if (poolOffset + n > pool.length) {
    pool = randomBytes(Math.max(POOL_BYTES, n));
    poolOffset = 0;
  }
  const out = pool.subarray(poolOffset, poolOffset + n);
  poolOffset += n;
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
  return `${prefix}_${time}${randomBase62(14, pooledRandomBytes)}`;
}

export function hasPrefix(id: string, prefix: IdPrefix): boolean {
  return id.startsWith(`${prefix}_`) && id.length > prefix.length + 1;
}
