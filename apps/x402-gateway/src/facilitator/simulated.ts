import { createHash } from 'node:crypto';
// viem's typings are ESM-only while its runtime ships CommonJS; the require works at run time.
// @ts-expect-error TS1479
import { getAddress } from 'viem';
import {
  TRANSFER_WITH_AUTHORIZATION_TYPES,
  X402_NETWORK,
  X402_NETWORK_V2,
  X402_SCHEME,
  X402_VERSION,
  X402_VERSION_V2,
  eip3009Domain,
  isV2Payload,
  isV2Requirements,
  type AnyPaymentPayload,
  type AnyPaymentRequirements,
  type ExactEvmPayload,
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

/** The checks are the same in both versions; the reasons are named as each version's packages name them. */
const REASONS = {
  1: {
    scheme: 'invalid_scheme',
    network: 'invalid_network',
    signature: 'invalid_exact_evm_payload_signature',
    recipient: 'invalid_exact_evm_payload_recipient_mismatch',
    value: 'invalid_exact_evm_payload_authorization_value',
  },
  2: {
    scheme: 'invalid_exact_evm_scheme',
    network: 'invalid_exact_evm_network_mismatch',
    signature: 'invalid_exact_evm_signature',
    recipient: 'invalid_exact_evm_recipient_mismatch',
    value: 'invalid_exact_evm_payload_authorization_value_mismatch',
  },
} as const;

/** One payment's terms, whichever version it came in. */
interface ExactTerms {
  version: 1 | 2;
  payment: { x402Version: number; scheme: string; network: string; payload: ExactEvmPayload };
  required: {
    scheme: string;
    network: string;
    amount: string;
    payTo: string;
    asset: string;
    extra: { name: string; version: string } | null;
  };
}

/** Normalizes a (payment, requirements) pair; null when the two are not of the same version. */
function termsOf(payment: AnyPaymentPayload, req: AnyPaymentRequirements): ExactTerms | null {
  if (isV2Requirements(req)) {
    if (!isV2Payload(payment)) return null;
    const { name, version } = req.extra;
    return {
      version: 2,
      payment: {
        x402Version: payment.x402Version,
        scheme: payment.accepted.scheme,
        network: payment.accepted.network,
        payload: payment.payload,
      },
      required: {
        scheme: req.scheme,
        network: req.network,
        amount: req.amount,
        payTo: req.payTo,
        asset: req.asset,
        extra: typeof name === 'string' && typeof version === 'string' ? { name, version } : null,
      },
    };
  }
  if (isV2Payload(payment)) return null;
  return {
    version: 1,
    payment,
    required: {
      scheme: req.scheme,
      network: req.network,
      amount: req.maxAmountRequired,
      payTo: req.payTo,
      asset: req.asset,
      extra: req.extra,
    },
  };
}

/**
 * An offline facilitator for the test network: it checks everything a real one checks except
 * on-chain balance and nonce state, and "settles" with a txRef derived from the nonce, so the same
 * payment always yields the same txRef. No funds move. It speaks x402 v1 (network base-sepolia)
 * and v2 (eip155:84532); the signed EIP-3009 authorization is the same in both.
 */
export function createSimulatedFacilitator(options: { now?: () => Date } = {}): Facilitator {
  const now = options.now ?? (() => new Date());
  const checkSignature = memoizedSignatureCheck();

  async function verify(payment: AnyPaymentPayload, req: AnyPaymentRequirements): Promise<VerifyResponse> {
    const from = payment?.payload?.authorization?.from;
    const invalid = (invalidReason: string): VerifyResponse => ({
      isValid: false,
      invalidReason,
      payer: typeof from === 'string' ? from : undefined,
    });
    const terms = termsOf(payment, req);
    if (!terms) return invalid('invalid_x402_version');
    const { version, payment: p, required: r } = terms;
    const reasons = REASONS[version];
    if (p.x402Version !== (version === 2 ? X402_VERSION_V2 : X402_VERSION)) return invalid('invalid_x402_version');
    if (p.scheme !== X402_SCHEME || r.scheme !== X402_SCHEME) return invalid(reasons.scheme);
    if (p.network !== r.network || r.network !== (version === 2 ? X402_NETWORK_V2 : X402_NETWORK)) return invalid(reasons.network);

    const { signature, authorization: a } = p.payload;
    const wellFormed =
      ADDRESS.test(a.from) &&
      ADDRESS.test(a.to) &&
      NONCE.test(a.nonce) &&
      SIGNATURE.test(signature) &&
      UINT.test(a.value) &&
      UINT.test(a.validAfter) &&
      UINT.test(a.validBefore) &&
      UINT.test(r.amount) &&
      ADDRESS.test(r.asset) &&
      r.extra !== null;
    if (!wellFormed || !r.extra) return invalid('invalid_payload');

    const payer = getAddress(a.from);
    if (!(await checkSignature(p.payload, r.asset, r.extra, payer))) return invalid(reasons.signature);
    if (a.to.toLowerCase() !== r.payTo.toLowerCase()) return invalid(reasons.recipient);

    const nowSeconds = BigInt(Math.floor(now().getTime() / 1000));
    if (nowSeconds >= BigInt(a.validBefore)) return invalid('invalid_exact_evm_payload_authorization_valid_before');
    if (BigInt(a.validAfter) > nowSeconds) return invalid('invalid_exact_evm_payload_authorization_valid_after');
    // v1 facilitators accept more than required (the gateway then refuses it); v2 ones demand the amount exactly.
    const value = BigInt(a.value);
    const amount = BigInt(r.amount);
    if (version === 2 ? value !== amount : value < amount) return invalid(reasons.value);
    return { isValid: true, payer };
  }

  async function settle(payment: AnyPaymentPayload, req: AnyPaymentRequirements): Promise<SettleResponse> {
    // Facilitators re-verify before settling: settle may be called without a prior verify.
    const verdict = await verify(payment, req);
    if (!verdict.isValid) {
      return { success: false, errorReason: verdict.invalidReason, transaction: '', network: req.network, payer: verdict.payer };
    }
    return { success: true, transaction: syntheticTxRef(payment.payload.authorization.nonce), network: req.network, payer: verdict.payer };
  }

  return { verify, settle, settlesOffline: true };
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
    payload: ExactEvmPayload,
    asset: string,
    extra: { name: string; version: string },
    from: `0x${string}`,
  ): Promise<boolean> => {
    const a = payload.authorization;
    const key = createHash('sha256')
      .update(JSON.stringify([asset.toLowerCase(), extra.name, extra.version, a, payload.signature]))
      .digest('hex');
    const known = memo.get(key);
    if (known !== undefined) return known;
    let valid: boolean;
    try {
      valid = recoverSigner(transferWithAuthorizationDigest(asset, extra, a), payload.signature) === from.toLowerCase();
    } catch {
      valid = false; // malformed signatures throw; they are simply not valid
    }
    if (memo.size >= maxEntries) memo.delete(memo.keys().next().value!);
    memo.set(key, valid);
    return valid;
  };
}

/**
 * The address (lowercase) that signed this authorization for `asset`, or null when the signature
 * is malformed or recovers nobody. Offline and time-independent: the gateway uses it to recognise
 * a replay of a payment it already settled, whichever facilitator settled it.
 */
export function authorizationSigner(payload: ExactEvmPayload, asset: string, extra: { name: string; version: string }): string | null {
  const a = payload.authorization;
  const wellFormed =
    ADDRESS.test(a.from) &&
    ADDRESS.test(a.to) &&
    NONCE.test(a.nonce) &&
    UINT.test(a.value) &&
    UINT.test(a.validAfter) &&
    UINT.test(a.validBefore);
  if (!wellFormed || !ADDRESS.test(asset)) return null;
  try {
    return recoverSigner(transferWithAuthorizationDigest(asset, extra, a), payload.signature);
  } catch {
    return null;
  }
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
