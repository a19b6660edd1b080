import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with node's scrypt at the OWASP-recommended cost (N=2^17, r=8, p=1): about
 * 128 MiB of memory per hash, which is what makes offline guessing expensive. Node's default
 * maxmem (32 MiB) is too small for that, hence the raised limit.
 *
 * Stored form: `scrypt$N$r$p$<salt b64>$<hash b64>`, so the cost can be raised later and old
 * hashes still verify (needsRehash tells when to upgrade one at login).
 */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
/**
 * The cost under NODE_ENV=test only (jest's set-up sets it), as Rails' and Devise's test
 * environments lower bcrypt's: the tests sign up and log in again and again, and the same code
 * runs at any cost (the stored form carries it). Never in development or production; a hash made
 * at this cost that reached a real database is upgraded at the next login (needsRehash).
 */
export const TEST_SCRYPT_PARAMS = { N: 2 ** 10, r: 8, p: 1 } as const;

export type ScryptParams = { readonly N: number; readonly r: number; readonly p: number };

/** The cost new hashes are made at, in this process (read each time: NODE_ENV is set before any request). */
export function scryptParams(nodeEnv: string | undefined = process.env.NODE_ENV): ScryptParams {
  return nodeEnv === 'test' ? TEST_SCRYPT_PARAMS : SCRYPT_PARAMS;
}
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
export const MIN_PASSWORD_LENGTH = 12;
/** Bounded so a megabyte "password" cannot be used to burn CPU. */
export const MAX_PASSWORD_LENGTH = 1024;

function maxmemFor(N: number, r: number, p: number): number {
  // scrypt needs 128·N·r·p bytes (plus a little); allow twice that.
  return 256 * N * r * p + 1024 * 1024;
}

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: maxmemFor(N, r, p) };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string, params: ScryptParams = scryptParams()): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const { N, r, p } = params;
  const key = await derive(password, salt, N, r, p);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return null;
  return { N, r, p, salt: Buffer.from(parts[4], 'base64'), key: Buffer.from(parts[5], 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.N, parsed.r, parsed.p);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

export function needsRehash(stored: string, params: ScryptParams = scryptParams()): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N < params.N || parsed.r < params.r || parsed.p < params.p;
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real verification, for logins with an unknown email, so response
 * time does not tell whether an account exists.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
}

/** Problems with a new password, in words for the form; empty when it is acceptable. */
export function passwordProblems(password: string, email?: string): string[] {
  const problems: string[] = [];
  if ([...password].length < MIN_PASSWORD_LENGTH) problems.push(`must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  if (password.length > MAX_PASSWORD_LENGTH) problems.push(`must be at most ${MAX_PASSWORD_LENGTH} characters long`);
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase()) problems.push('must not be your email address');
  return problems;
}
