import { generateApiKey } from '@dp/core';
import { revokeApiKey } from '@dp/db';
import { createKeyCache } from '../src/auth/key-cache';
import { keyVerifier, verdictError } from '../src/auth/verify-key';
import { createHarness, type Harness } from './harness';

/** The key check returns a verdict (valid, revoked, unknown, malformed, missing); the pipeline decides. */
describe('keyVerifier', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  const silent = { warn: () => undefined };

  it('gives each verdict, with the principal where there is one', async () => {
    const verify = keyVerifier(h.db, createKeyCache(60_000), silent);
    const { key, id, orgId } = await h.newKey({ scopes: 'read,manage' });

    const valid = await verify(`Bearer ${key}`);
    expect(valid).toEqual({
      status: 'valid',
      principal: expect.objectContaining({ keyId: id, orgId, scopes: expect.arrayContaining(['read', 'manage']) }),
    });
    expect(await verify(`Bearer ${generateApiKey()}`)).toEqual({ status: 'unknown' });
    expect(await verify('Bearer dp_live_short')).toEqual({ status: 'malformed' });
    expect(await verify(undefined)).toEqual({ status: 'missing', header: false });
    expect(await verify('Basic dXNlcjpwYXNz')).toEqual({ status: 'missing', header: true });

    await revokeApiKey(h.db.prisma, id);
    // A fresh cache, as after the revocation message evicted the key.
    const revoked = await keyVerifier(h.db, createKeyCache(60_000), silent)(`Bearer ${key}`);
    expect(revoked).toEqual({ status: 'revoked', principal: expect.objectContaining({ keyId: id, status: 'revoked' }) });
  });

  it('answers a cache hit synchronously (no promise on the hot path)', async () => {
    const verify = keyVerifier(h.db, createKeyCache(60_000), silent);
    const { key } = await h.newKey();
    await verify(`Bearer ${key}`);
    const again = verify(`Bearer ${key}`);
    expect(again).not.toBeInstanceOf(Promise);
    expect(again).toMatchObject({ status: 'valid' });
  });

  it('turns every refusing verdict into its 401', () => {
    expect(verdictError({ status: 'missing', header: false }).code).toBe('missing_key');
    expect(verdictError({ status: 'missing', header: true }).message).toMatch(/must be `Bearer <API_KEY>`/);
    expect(verdictError({ status: 'unknown' }).code).toBe('invalid_key');
    expect(verdictError({ status: 'malformed' }).code).toBe('invalid_key');
  });
});
