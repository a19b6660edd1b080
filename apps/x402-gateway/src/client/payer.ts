import { randomBytes } from 'node:crypto';
// @ts-expect-error TS1479: viem's typings are ESM-only; its CommonJS runtime is what runs.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  TRANSFER_WITH_AUTHORIZATION_TYPES,
  X402_CHAIN_ID,
  X402_VERSION_V2,
  eip3009Domain,
  toV2Requirements,
  type PaymentPayload,
  type PaymentPayloadV2,
  type PaymentRequirements,
} from '@dp/core';

/**
 * The client side of a payment, as x402 clients sign it (EIP-3009 TransferWithAuthorization with a
 * viem local account). Not used by the gateway itself: the tests and the paid-call bench pay with it.
 */
export interface Payer {
  address: string;
  sign(requirements: PaymentRequirements, overrides?: Partial<PaymentPayload['payload']['authorization']>): Promise<PaymentPayload>;
}

export function randomNonce(): string {
  return `0x${randomBytes(32).toString('hex')}`;
}

/** A payer with a fresh private key. */
export function newPayer(): Payer {
  const account = privateKeyToAccount(generatePrivateKey());
  return {
    address: account.address,
    async sign(requirements, overrides = {}) {
      const now = Math.floor(Date.now() / 1000);
      const authorization = {
        from: account.address,
        to: requirements.payTo,
        value: requirements.maxAmountRequired,
        validAfter: String(now - 600),
        validBefore: String(now + requirements.maxTimeoutSeconds),
        nonce: randomNonce(),
        ...overrides,
      };
      const signature: string = await account.signTypedData({
        domain: eip3009Domain(requirements.asset, requirements.extra, X402_CHAIN_ID),
        types: TRANSFER_WITH_AUTHORIZATION_TYPES,
        primaryType: 'TransferWithAuthorization',
        message: {
          from: authorization.from as `0x${string}`,
          to: authorization.to as `0x${string}`,
          value: BigInt(authorization.value),
          validAfter: BigInt(authorization.validAfter),
          validBefore: BigInt(authorization.validBefore),
          nonce: authorization.nonce as `0x${string}`,
        },
      });
      return { x402Version: 1, scheme: 'exact', network: requirements.network, payload: { signature, authorization } };
    },
  };
}

/**
 * The same signed authorization as an x402 v2 payload (PAYMENT-SIGNATURE) for the v2 form of
 * `requirements`: the EIP-712 domain is the same in both versions, so the signature carries over.
 */
export function asV2Payment(payment: PaymentPayload, requirements: PaymentRequirements): PaymentPayloadV2 {
  return {
    x402Version: X402_VERSION_V2,
    resource: { url: requirements.resource, description: requirements.description, mimeType: requirements.mimeType },
    accepted: toV2Requirements(requirements),
    payload: payment.payload,
  };
}
