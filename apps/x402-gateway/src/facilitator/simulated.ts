import { createHash } from 'node:crypto';
// viem's typings are ESM-only while its runtime ships CommonJS; the require works at run time.
// @ts-expect-error TS1479
import { getAddress, verifyTypedData } from 'viem';
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
  const signatureValid = (payment: PaymentPayload, req: PaymentRequirements, from: `0x${string}`) => checkSignature(payment, req.asset, req.extra, from);

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
      ADDRESS.test(a.from) && ADDRESS.test(a.to) && NONCE.test(a.nonce) && SIGNATURE.test(signature) &&
      UINT.test(a.value) && UINT.test(a.validAfter) && UINT.test(a.validBefore) && ADDRESS.test(req.asset);
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
  return async (payment: PaymentPayload, asset: string, extra: { name: string; version: string }, from: `0x${string}`): Promise<boolean> => {
    const a = payment.payload.authorization;
    const key = createHash('sha256').update(JSON.stringify([asset.toLowerCase(), extra.name, extra.version, a, payment.payload.signature])).digest('hex');
    const known = memo.get(key);
    if (known !== undefined) return known;
    let valid = false;
    try {
      valid = await verifyTypedData({
        address: from,
        domain: eip3009Domain(getAddress(asset), extra),
        types: TRANSFER_WITH_AUTHORIZATION_TYPES,
        primaryType: 'TransferWithAuthorization',
        message: {
          from,
          to: getAddress(a.to),
          value: BigInt(a.value),
          validAfter: BigInt(a.validAfter),
          validBefore: BigInt(a.validBefore),
          nonce: a.nonce as `0x${string}`,
        },
        signature: payment.payload.signature as `0x${string}`,
      });
    } catch {
      valid = false; // malformed signatures throw; they are simply not valid
    }
    if (memo.size >= maxEntries) memo.delete(memo.keys().next().value!);
    memo.set(key, valid);
    return valid;
  };
}
