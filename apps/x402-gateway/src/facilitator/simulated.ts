import { createHash } from 'node:crypto';
// viem's typings are ESM-only while its runtime ships CommonJS; the require works at run time.
// @ts-expect-error TS1479
import { getAddress } from 'viem';
import {
  TRANSFER_WITH_AUTHORIZATION_TYPES,
  X402_NETWORK,
  X402_SCHEME,
  X402_VERSION,
  eip3009Domain,
  type PaymentPayload,
  type PaymentRequirements,
  type SettleResponse,
  type VerifyResponse,
} from '@dp/core';
import { keccak_256 } from '@noble/hashes/sha3';
// Its typings are ESM-only while it ships a CommonJS build, which is what runs here.
// @ts-expect-error TS1479
import { recover } from 'tiny-secp256k1';
import type { Facilitator } from './facilitator';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const NONCE = /^0x[0-9a-fA-F]{64}$/;
const SIGNATURE = /^0x[0-9a-fA-F]+$/;
const UINT = /^\d{1,78}$/;

/**
 * An offline facilitator for the test network: it checks everything a real one checks except
 * on-chain balance and nonce state, and "settles" with a txRef derived from the nonce, so the same
 * payment always yields the same txRef. No funds move.
 */
export function createSimulatedFacilitator(options: { now?: () => Date } = {}): Facilitator {
  const now = options.now ?? (() => new Date());
  const checkSignature = memoizedSignatureCheck();
  const signatureValid = (payment: PaymentPayload, req: PaymentRequirements, from: `0x${string}`) =>
    checkSignature(payment, req.asset, req.extra, from);

  async function verify(payment: PaymentPayload, req: PaymentRequirements): Promise<VerifyResponse> {
    const invalid = (invalidReason: string): VerifyResponse => ({
      isValid: false,
      invalidReason,
      payer: typeof payment?.payload?.authorization?.from === 'string' ? payment.payload.authorization.from : undefined,
    });
    if (payment.x402Version !== X402_VERSION) return invalid('invalid_x402_version');
    if (payment.scheme !== X402_SCHEME || req.scheme !== X402_SCHEME) return invalid('invalid_scheme');
    if (payment.network !== req.network || req.network !== X402_NETWORK) return invalid('invalid_network');

    const { signature, authorization: a } = payment.payload;
    const wellFormed =
      ADDRESS.test(a.from) &&
      ADDRESS.test(a.to) &&
      NONCE.test(a.nonce) &&
      SIGNATURE.test(signature) &&
      UINT.test(a.value) &&
      UINT.test(a.validAfter) &&
      UINT.test(a.validBefore) &&
      ADDRESS.test(req.asset);
    if (!wellFormed) return invalid('invalid_payload');

    const from = getAddress(a.from);
    if (!(await signatureValid(payment, req, from))) return invalid('invalid_exact_evm_payload_signature');
    if (a.to.toLowerCase() !== req.payTo.toLowerCase()) return invalid('invalid_exact_evm_payload_recipient_mismatch');

    const nowSeconds = BigInt(Math.floor(now().getTime() / 1000));
    if (nowSeconds >= BigInt(a.validBefore)) return invalid('invalid_exact_evm_payload_authorization_valid_before');
    if (BigInt(a.validAfter) > nowSeconds) return invalid('invalid_exact_evm_payload_authorization_valid_after');
    if (BigInt(a.value) < BigInt(req.maxAmountRequired)) return invalid('invalid_exact_evm_payload_authorization_value');
    return { isValid: true, payer: from };
  }

  async function settle(payment: PaymentPayload, req: PaymentRequirements): Promise<SettleResponse> {
    // Facilitators re-verify before settling: settle may be called without a prior verify.
    const verdict = await verify(payment, req);
    if (!verdict.isValid) {
      return { success: false, errorReason: verdict.invalidReason, transaction: '', network: req.network, payer: verdict.payer };
    }
    return { success: true, transaction: syntheticTxRef(payment.payload.authorization.nonce), network: req.network, payer: verdict.payer };
  }

  return { verify, settle };
}

/** Deterministic stand-in for a transaction hash: 0x + sha256(nonce). */
export function syntheticTxRef(nonce: string): string {
  return `0x${createHash('sha256').update(nonce.toLowerCase()).digest('hex')}`;
}

/**
 * ECDSA recovery is the costliest step (milliseconds in pure JS), and settle re-verifies what verify
 * just checked. The signature's validity is a pure function of the signed data, so a small bounded
 * memo is safe; the time-dependent checks are always re-run.
 */
function memoizedSignatureCheck(maxEntries = 2_000) {
  const memo = new Map<string, boolean>();
  return async (
    payment: PaymentPayload,
    asset: string,
    extra: { name: string; version: string },
    from: `0x${string}`,
  ): Promise<boolean> => {
    const a = payment.payload.authorization;
    const key = createHash('sha256')
      .update(JSON.stringify([asset.toLowerCase(), extra.name, extra.version, a, payment.payload.signature]))
      .digest('hex');
    const known = memo.get(key);
    if (known !== undefined) return known;
    let valid: boolean;
    try {
      valid = recoverSigner(transferWithAuthorizationDigest(asset, extra, a), payment.payload.signature) === from.toLowerCase();
    } catch {
      valid = false; // malformed signatures throw; they are simply not valid
    }
    if (memo.size >= maxEntries) memo.delete(memo.keys().next().value!);
    memo.set(key, valid);
    return valid;
  };
}

/*
 * Signature check without viem's generic typed-data machinery, which costs several times the ECDSA
 * recovery itself (schema validation, hex round trips, checksumming, an async import per call).
 * keccak_256 is @noble/hashes (what viem uses underneath). Recovery is libsecp256k1 (Bitcoin Core's
 * library) compiled to WebAssembly by tiny-secp256k1: ~0.4 ms instead of ~2 ms for pure-JS
 * @noble/curves, most of a paid call's own cost.
 * The digest is EIP-712 exactly as viem's hashTypedData computes it for TransferWithAuthorization;
 * facilitator.test/payment.test cross-check it against signatures made with viem's signTypedData.
 */
const UINT256_MAX = (1n << 256n) - 1n;
const utf8 = (s: string) => new TextEncoder().encode(s);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function word(value: bigint): Uint8Array {
  // viem refuses values that do not fit uint256; so do we (the caller treats a throw as invalid).
  if (value < 0n || value > UINT256_MAX) throw new RangeError('uint256 out of range');
  return Buffer.from(value.toString(16).padStart(64, '0'), 'hex');
}

function addressWord(address: string): Uint8Array {
  return Buffer.from(address.slice(2).toLowerCase().padStart(64, '0'), 'hex');
}

function typeString(name: string, fields: readonly { name: string; type: string }[]): string {
  return `${name}(${fields.map((f) => `${f.type} ${f.name}`).join(',')})`;
}

const DOMAIN_TYPEHASH = keccak_256(utf8('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'));
const TRANSFER_TYPEHASH = keccak_256(
  utf8(typeString('TransferWithAuthorization', TRANSFER_WITH_AUTHORIZATION_TYPES.TransferWithAuthorization)),
);

// Domain separators depend only on the asset and its name/version: a handful in practice.
const domainSeparators = new Map<string, Uint8Array>();
function domainSeparator(asset: string, extra: { name: string; version: string }): Uint8Array {
  const d = eip3009Domain(asset, extra);
  const key = JSON.stringify([d.name, d.version, d.chainId, d.verifyingContract.toLowerCase()]);
  let sep = domainSeparators.get(key);
  if (!sep) {
    sep = keccak_256(
      Buffer.concat([
        DOMAIN_TYPEHASH,
        keccak_256(utf8(d.name)),
        keccak_256(utf8(d.version)),
        word(BigInt(d.chainId)),
        addressWord(d.verifyingContract),
      ]),
    );
    if (domainSeparators.size >= 100) domainSeparators.clear();
    domainSeparators.set(key, sep);
  }
  return sep;
}

/** keccak256(0x1901 ‖ domainSeparator ‖ hashStruct(TransferWithAuthorization)). Inputs are pre-validated hex/decimal. */
export function transferWithAuthorizationDigest(
  asset: string,
  extra: { name: string; version: string },
  a: { from: string; to: string; value: string; validAfter: string; validBefore: string; nonce: string },
): Uint8Array {
  const structHash = keccak_256(
    Buffer.concat([
      TRANSFER_TYPEHASH,
      addressWord(a.from),
      addressWord(a.to),
      word(BigInt(a.value)),
      word(BigInt(a.validAfter)),
      word(BigInt(a.validBefore)),
      Buffer.from(a.nonce.slice(2), 'hex'),
    ]),
  );
  return keccak_256(Buffer.concat([Uint8Array.of(0x19, 0x01), domainSeparator(asset, extra), structHash]));
}

/**
 * ecrecover: the lowercase address whose key produced `signature` (65 bytes r ‖ s ‖ v, v in
 * {0, 1, 27, 28}) over `digest`. Throws on anything malformed or unrecoverable.
 */
export function recoverSigner(digest: Uint8Array, signature: string): string {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) throw new Error('signature must be 65 bytes');
  const v = parseInt(signature.slice(130), 16);
  const bit = v === 27 || v === 28 ? v - 27 : v === 0 || v === 1 ? v : -1;
  if (bit < 0) throw new Error('invalid recovery id');
  // Throws on r or s outside [1, n-1]; null when no point recovers.
  const publicKey = recover(digest, Buffer.from(signature.slice(2, 130), 'hex'), bit as 0 | 1, false);
  if (!publicKey) throw new Error('signature does not recover a public key');
  return `0x${hex(keccak_256(publicKey.subarray(1)).subarray(12))}`;
}
