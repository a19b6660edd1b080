import { hashPassword, needsRehash, SCRYPT_PARAMS, scryptParams, TEST_SCRYPT_PARAMS, verifyPassword } from '../src/auth/passwords';
import { PASSWORD, PASSWORD_HASHING_TIMEOUT_MS } from './harness';

jest.setTimeout(PASSWORD_HASHING_TIMEOUT_MS);

describe('password hashing cost', () => {
  it("is OWASP's scrypt cost everywhere but under NODE_ENV=test", () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(scryptParams('production')).toBe(SCRYPT_PARAMS);
    expect(scryptParams('development')).toBe(SCRYPT_PARAMS);
    expect(scryptParams('')).toBe(SCRYPT_PARAMS);
    expect(scryptParams('test')).toBe(TEST_SCRYPT_PARAMS);
    expect(TEST_SCRYPT_PARAMS.N).toBeLessThan(SCRYPT_PARAMS.N);
  });

  it('hashes at the test cost in tests, which the stored form records', async () => {
    const stored = await hashPassword(PASSWORD);
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}!`, stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it("hashes and verifies at OWASP's cost (128 MiB: above node's default scrypt memory limit)", async () => {
    const stored = await hashPassword(PASSWORD, SCRYPT_PARAMS);
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}!`, stored)).toBe(false);
    expect(needsRehash(stored, SCRYPT_PARAMS)).toBe(false);
  });

  it("a hash made at the test cost is upgraded at login wherever OWASP's cost is in force", async () => {
    const cheap = await hashPassword(PASSWORD, TEST_SCRYPT_PARAMS);
    expect(needsRehash(cheap, scryptParams('production'))).toBe(true);
    expect(needsRehash(cheap, scryptParams('development'))).toBe(true);
    expect(needsRehash('not a hash', SCRYPT_PARAMS)).toBe(true);
  });
});
