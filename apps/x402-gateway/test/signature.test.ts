import { randomBytes } from 'node:crypto';
// @ts-expect-error TS1479: viem's typings are ESM-only; its CommonJS runtime is what runs.
import { hashTypedData } from 'viem';
// @ts-expect-error TS1479
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { TRANSFER_WITH_AUTHORIZATION_TYPES, eip3009Domain } from '@dp/core';
import { recoverSigner, transferWithAuthorizationDigest } from '../src/facilitator/simulated';
import { cachedDocumentFetcher, type FetchedDocument } from '../src/documents/document-fetcher';
import { stubDocumentBody } from './harness';

// The facilitator hashes and recovers without viem's typed-data helpers; viem stays the reference.
describe('direct EIP-712 digest and ecrecover', () => {
  const asset = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
  const extra = { name: 'USDC', version: '2' };

  function authorization(from: string, value: string) {
    return {
      from,
      to: `0x${randomBytes(20).toString('hex')}`,
      value,
      validAfter: '0',
      validBefore: '99999999999',
      nonce: `0x${randomBytes(32).toString('hex')}`,
    };
  }
  const typed = (a: ReturnType<typeof authorization>) => ({
    domain: eip3009Domain(asset, extra),
    types: TRANSFER_WITH_AUTHORIZATION_TYPES,
    primaryType: 'TransferWithAuthorization' as const,
    message: {
      from: a.from as `0x${string}`,
      to: a.to as `0x${string}`,
      value: BigInt(a.value),
      validAfter: BigInt(a.validAfter),
      validBefore: BigInt(a.validBefore),
      nonce: a.nonce as `0x${string}`,
    },
  });

  it('matches viem hashTypedData and recovers the signer of viem signTypedData', async () => {
    for (const value of ['0', '2000', ((1n << 256n) - 1n).toString()]) {
      const account = privateKeyToAccount(generatePrivateKey());
      const a = authorization(account.address, value);
      const digest = transferWithAuthorizationDigest(asset, extra, a);
      expect(`0x${Buffer.from(digest).toString('hex')}`).toBe(hashTypedData(typed(a)));
      const signature: string = await account.signTypedData(typed(a));
      expect(recoverSigner(digest, signature)).toBe(account.address.toLowerCase());
      // v as 0/1 is the same signature; any other v, or a truncated signature, is refused.
      const v = parseInt(signature.slice(130), 16);
      expect(recoverSigner(digest, signature.slice(0, 130) + (v - 27).toString(16).padStart(2, '0'))).toBe(account.address.toLowerCase());
      expect(() => recoverSigner(digest, `${signature.slice(0, 130)}1d`)).toThrow();
      expect(() => recoverSigner(digest, signature.slice(0, 130))).toThrow();
    }
  });

  it('refuses signatures whose r or s is out of range, or whose r is not a point on the curve', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const a = authorization(account.address, '2000');
    const digest = transferWithAuthorizationDigest(asset, extra, a);
    const signature: string = await account.signTypedData(typed(a));
    const [r, s, v] = [signature.slice(2, 66), signature.slice(66, 130), signature.slice(130)];
    const n = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141'; // the group order
    expect(() => recoverSigner(digest, `0x${'0'.repeat(64)}${s}${v}`)).toThrow(); // r = 0
    expect(() => recoverSigner(digest, `0x${r}${'0'.repeat(64)}${v}`)).toThrow(); // s = 0
    expect(() => recoverSigner(digest, `0x${n}${s}${v}`)).toThrow(); // r = n
    // x = 5 has no point on secp256k1 (5³ + 7 = 132 is not a square mod p): nothing recovers.
    expect(() => recoverSigner(digest, `0x${'5'.padStart(64, '0')}${s}${v}`)).toThrow();
  });

  it('refuses values beyond uint256 (viem cannot sign them either)', () => {
    expect(() => transferWithAuthorizationDigest(asset, extra, authorization(`0x${'1'.repeat(40)}`, (1n << 256n).toString()))).toThrow();
  });
});

describe('cachedDocumentFetcher', () => {
  it('serves found bodies from memory until cleared, and never caches misses', async () => {
    const calls: string[] = [];
    const found = new Set(['sb-1']);
    const inner = async (ref: string): Promise<FetchedDocument> => {
      calls.push(ref);
      return found.has(ref) ? { found: true, body: stubDocumentBody(ref), bytes: 0 } : { found: false };
    };
    const fetcher = cachedDocumentFetcher(inner);
    await fetcher('sb-1', { requestId: 'a' });
    await fetcher('SB-1', { requestId: 'b' });
    expect(calls).toEqual(['sb-1']);
    await fetcher('sb-2', { requestId: 'c' });
    found.add('sb-2');
    expect((await fetcher('sb-2', { requestId: 'd' })).found).toBe(true);
    fetcher.clear();
    await fetcher('sb-1', { requestId: 'e' });
    expect(calls).toEqual(['sb-1', 'sb-2', 'sb-2', 'sb-1']);
  });
});
